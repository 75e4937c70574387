// The contact form (spec §2.1, §4, §5, §8). Its fields are rendered by the server and shown at once; react-hook-form
// with the shared contact schema and the call come with contact-form-logic.tsx, loaded when the form nears the
// viewport (web/lib/lazy-form.ts).

import type { ContactInput } from "@server/shared/schemas.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { Button } from "@web/components/ui/button.tsx";
import { Field, Input, Textarea } from "@web/components/ui/field.tsx";
import { useHoneypot } from "@web/components/ui/honeypot.tsx";
import { Spinner } from "@web/components/ui/spinner.tsx";
import { useLazyForm } from "@web/lib/lazy-form.ts";
import { ShieldCheck } from "lucide-react";
import type { FormEventHandler, ReactNode, Ref } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";

const loadContactForm = () => import("./contact-form-logic.tsx");

type ContactFormViewProps = {
  formRef: Ref<HTMLFormElement>;
  onSubmit: FormEventHandler;
  onFocus?: () => void;
  /** react-hook-form's, once loaded; the unbound fields carry only their names. */
  register?: UseFormRegister<ContactInput>;
  errors?: FieldErrors<ContactInput>;
  busy?: boolean;
  honeypot: ReactNode;
};

/** The form's markup, the same unbound and loaded. */
export function ContactFormView({ formRef, onSubmit, onFocus, register, errors = {}, busy = false, honeypot }: ContactFormViewProps) {
  const field = (name: keyof ContactInput) => register?.(name) ?? { name };
  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Contact form"
      onSubmit={onSubmit}
      onFocus={onFocus}
      className={css({
        bg: "surface",
        borderRadius: "card",
        borderWidth: "1px",
        borderColor: "border",
        boxShadow: "card",
        p: { base: "6", md: "10" },
        display: "grid",
        gap: "5",
        gridTemplateColumns: { base: "1fr", md: "1fr 1fr" },
      })}
    >
      <Field label="Name *" error={errors.name?.message}>
        <Input autoComplete="name" {...field("name")} />
      </Field>
      <Field label="Email *" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...field("email")} />
      </Field>
      <Field label="Subject *" error={errors.subject?.message} className={css({ gridColumn: { md: "1 / -1" } })}>
        <Input {...field("subject")} />
      </Field>
      <Field label="Message *" error={errors.message?.message} className={css({ gridColumn: { md: "1 / -1" } })}>
        <Textarea rows={4} {...field("message")} />
      </Field>
      <p className={css({ gridColumn: { md: "1 / -1" }, display: "flex", gap: "2", fontSize: "xs", color: "fg.muted", alignItems: "flex-start" })}>
        <ShieldCheck size={16} aria-hidden className={css({ flexShrink: 0, mt: "0.5", color: "success" })} />
        <span>This site is protected by a bot-protection service. Your information is used only to respond to your message and is never shared.</span>
      </p>
      <div className={css({ gridColumn: { md: "1 / -1" } })}>
        <Button type="submit" size="lg" disabled={busy} className={css({ w: { base: "full", md: "auto" } })}>
          {busy && <Spinner />}
          {busy ? "Sending..." : "Send Message"}
        </Button>
      </div>
      {honeypot}
    </form>
  );
}

/** The unbound form until its code has loaded, then the loaded one. */
export function ContactForm() {
  const { loaded, formProps } = useLazyForm(loadContactForm);
  const { field: honeypot } = useHoneypot();
  if (loaded) return <loaded.module.LoadedContactForm start={loaded.start} />;
  return <ContactFormView formRef={formProps.ref} onSubmit={formProps.onSubmit} onFocus={formProps.onFocus} honeypot={honeypot} />;
}
