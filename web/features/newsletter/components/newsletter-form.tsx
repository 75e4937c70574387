// Newsletter signup in the footer (spec §2.1, §4, §8): spinner and disabled while submitting, cleared on success.
import { Send } from "lucide-react";
import { useState, type FormEvent } from "react";
import { css } from "../../../../styled-system/css";
import { isPlausibleNewsletterEmail } from "../../../../src/shared/newsletter-email.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useHoneypot } from "../../../components/ui/honeypot.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { useMutation } from "../../../lib/query.ts";
import { subscribeToNewsletter } from "../api.ts";

export function NewsletterForm() {
  const [email, setEmail] = useState("");
  const { field: honeypot, withTrap } = useHoneypot();
  const mutation = useMutation({
    mutationFn: (input: { email: string }) => subscribeToNewsletter(withTrap(input)),
    onSuccess: () => {
      toast({ title: "Success!", description: "You've been subscribed to our newsletter." });
      setEmail("");
    },
    onError: (error) => {
      if (error.message.includes("409")) {
        toast({ title: "Already subscribed", description: "This email is already subscribed to our newsletter." });
        return;
      }
      console.error("Newsletter subscription failed:", error);
      toast({ title: "Error", description: "Failed to subscribe. Please try again.", variant: "destructive" });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isPlausibleNewsletterEmail(email)) {
      toast({ title: "Invalid email", description: "Please enter a valid email address", variant: "destructive" });
      return;
    }
    mutation.mutate({ email: email.trim() });
  };

  const busy = mutation.isPending;
  return (
    <form noValidate onSubmit={submit} aria-label="Newsletter signup" className={css({ display: "flex", gap: "2", flexWrap: { base: "wrap", sm: "nowrap" } })}>
      <label className={css({ flex: "1", minW: "0" })}>
        <span className={css({ srOnly: true })}>Email address</span>
        <input
          type="email"
          name="email"
          autoComplete="email"
          placeholder="Your email address"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={busy}
          className={css({
            w: "full",
            h: "11",
            px: "4",
            borderRadius: "control",
            bg: "rgba(255,255,255,0.08)",
            borderWidth: "1px",
            borderColor: "rgba(194,203,232,0.35)",
            color: "fg.onDeep",
            _placeholder: { color: "fg.onDeepMuted" },
            _focusVisible: { outline: "3px solid", outlineColor: "accent.bright", outlineOffset: "1px" },
          })}
        />
      </label>
      <Button type="submit" disabled={busy} className={css({ h: "11!", bg: "saffron.300!", color: "indigo.950!", _hover: { bg: "saffron.200!" }, _focusVisible: { outlineColor: "cream.50!" } })}>
        {busy ? <Spinner /> : <Send size={16} aria-hidden />}
        Subscribe
      </Button>
      {honeypot}
    </form>
  );
}
