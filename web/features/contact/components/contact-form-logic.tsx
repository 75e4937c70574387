// The contact form's behaviour, loaded lazily by contact-form.tsx: the §5 messages of the shared contact schema, the
// §8 toasts, 'Sending...' while the call runs, reset on success and values kept on failure (spec §4).

import { type ContactInput, contactFormSchema } from "@server/shared/schemas.ts";
import { useMutation } from "@tanstack/react-query";
import { useHoneypot } from "@web/components/ui/honeypot.tsx";
import { toast } from "@web/components/ui/toast.tsx";
import { type FormStart, useFormStart } from "@web/lib/lazy-form.ts";
import { useSchemaResolvedForm } from "@web/lib/schema-form.ts";
import { sendContactMessage } from "../api.ts";
import { ContactFormView } from "./contact-form.tsx";

const EMPTY: ContactInput = { name: "", email: "", subject: "", message: "" };

export function LoadedContactForm({ start }: { start: FormStart }) {
  const form = useSchemaResolvedForm<ContactInput, ContactInput>(contactFormSchema, EMPTY);
  const { field: honeypot, withTrap } = useHoneypot();
  const mutation = useMutation({
    mutationFn: (input: ContactInput) => sendContactMessage(withTrap(input)),
    onSuccess: () => {
      toast({ title: "Message sent", description: "Thank you for your message! We will respond as soon as possible." });
      form.reset();
    },
    onError: () => toast({ title: "Error", description: "There was a problem sending your message. Please try again.", variant: "destructive" }),
  });
  const submit = form.handleSubmit((values) => mutation.mutate(values));
  const formRef = useFormStart(form, start, submit);

  return (
    <ContactFormView
      formRef={formRef}
      onSubmit={submit}
      register={form.register}
      errors={form.formState.errors}
      busy={mutation.isPending}
      honeypot={honeypot}
    />
  );
}
