// The newsletter form's behaviour, loaded lazily by newsletter-form.tsx: the shared newsletter schema (its message in
// the 'Invalid email' toast), the call, and the §8 toasts; the field is cleared on success (spec §4). No 'Already
// subscribed': the server answers an address already subscribed as a new one (issue 30).

import { type NewsletterInput, newsletterFormSchema } from "@server/shared/schemas.ts";
import { useMutation } from "@tanstack/react-query";
import { useHoneypot } from "@web/components/ui/honeypot.tsx";
import { toast } from "@web/components/ui/toast.tsx";
import { type FormStart, useFormStart } from "@web/lib/lazy-form.ts";
import { useSchemaResolvedForm } from "@web/lib/schema-form.ts";
import { subscribeToNewsletter } from "../api.ts";
import { NewsletterFormView } from "./newsletter-form.tsx";

export function LoadedNewsletterForm({ start }: { start: FormStart }) {
  const form = useSchemaResolvedForm<NewsletterInput, NewsletterInput>(newsletterFormSchema, { email: "" });
  const { field: honeypot, withTrap } = useHoneypot();
  const mutation = useMutation({
    mutationFn: (input: NewsletterInput) => subscribeToNewsletter(withTrap(input)),
    onSuccess: () => {
      toast({ title: "Success!", description: "You've been subscribed to our newsletter." });
      form.reset();
    },
    onError: (error) => {
      console.error("Newsletter subscription failed:", error);
      toast({ title: "Error", description: "Failed to subscribe. Please try again.", variant: "destructive" });
    },
  });
  const submit = form.handleSubmit(
    (values) => mutation.mutate(values),
    (errors) => toast({ title: "Invalid email", description: errors.email?.message, variant: "destructive" }),
  );
  const formRef = useFormStart(form, start, submit);

  return <NewsletterFormView formRef={formRef} onSubmit={submit} register={form.register} busy={mutation.isPending} honeypot={honeypot} />;
}
