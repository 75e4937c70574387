// Newsletter signup in the footer (spec §2.1, §4, §8). The field is rendered by the server and shown at once;
// react-hook-form with the shared newsletter schema and the call come with newsletter-form-logic.tsx, loaded when the
// form nears the viewport (web/lib/lazy-form.ts).

import type { NewsletterInput } from "@server/shared/schemas.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { Button } from "@web/components/ui/button.tsx";
import { useHoneypot } from "@web/components/ui/honeypot.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { useLazyForm } from "@web/lib/lazy-form.ts";
import { Send } from "lucide-react";
import type { FormEventHandler, ReactNode, Ref } from "react";
import type { UseFormRegister } from "react-hook-form";

const loadNewsletterForm = () => import("./newsletter-form-logic.tsx");

type NewsletterFormViewProps = {
  formRef: Ref<HTMLFormElement>;
  onSubmit: FormEventHandler;
  onFocus?: () => void;
  /** react-hook-form's, once loaded; the unbound field carries only its name. */
  register?: UseFormRegister<NewsletterInput>;
  busy?: boolean;
  honeypot: ReactNode;
};

/** The form's markup, the same unbound and loaded: a spinner and disabled while submitting. */
export function NewsletterFormView({ formRef, onSubmit, onFocus, register, busy = false, honeypot }: NewsletterFormViewProps) {
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      onFocus={onFocus}
      aria-label="Newsletter signup"
      className={css({ display: "flex", gap: "2", flexWrap: { base: "wrap", sm: "nowrap" } })}
    >
      <label className={css({ flex: "1", minW: "0" })}>
        <span className={css({ srOnly: true })}>Email address</span>
        <input
          type="email"
          autoComplete="email"
          placeholder="Your email address"
          {...(register?.("email") ?? { name: "email" })}
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
      <Button
        type="submit"
        disabled={busy}
        className={css({
          h: "11!",
          bg: "saffron.300!",
          color: "indigo.950!",
          _hover: { bg: "saffron.200!" },
          _focusVisible: { outlineColor: "cream.50!" },
        })}
      >
        {busy ? <Spinner /> : <Send size={16} aria-hidden />}
        Subscribe
      </Button>
      {honeypot}
    </form>
  );
}

/** The unbound form until its code has loaded, then the loaded one. */
export function NewsletterForm() {
  const { loaded, formProps } = useLazyForm(loadNewsletterForm);
  const { field: honeypot } = useHoneypot();
  if (loaded) return <loaded.module.LoadedNewsletterForm start={loaded.start} />;
  return <NewsletterFormView formRef={formProps.ref} onSubmit={formProps.onSubmit} onFocus={formProps.onFocus} honeypot={honeypot} />;
}
