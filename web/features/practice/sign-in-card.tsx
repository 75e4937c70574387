// My practice's sign-in (issue 40): her e-mail, then the 6-digit code mailed to it. The answer is the same for any
// address: the page never says whether an e-mail is a student's.
import { practiceSignInSchema } from "@server/shared/schemas.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { Button } from "@web/components/ui/button.tsx";
import { Field, Input } from "@web/components/ui/field.tsx";
import { serverMessageOr } from "@web/lib/api.ts";
import { type FormEvent, useState } from "react";
import { is } from "superstruct";
import { useSendCode, useVerify } from "./api.ts";
import { cardStyle } from "./layout.ts";

export function SignInCard() {
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const send = useSendCode();
  const verify = useVerify();

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!is({ email: address }, practiceSignInSchema)) return setError("Please enter your e-mail address");
    setError(null);
    send.mutate(address, { onSuccess: () => setSentTo(address), onError: (failure) => setError(serverMessageOr(failure, "Please try again")) });
  };
  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    if (!/^\d{6}$/.test(code.trim())) return setError("The code is 6 digits");
    setError(null);
    verify.mutate({ email: sentTo, code: code.trim() }, { onError: (failure) => setError(serverMessageOr(failure, "Please try again")) });
  };

  if (!sentTo)
    return (
      <form noValidate onSubmit={onSend} aria-labelledby="practice-sign-in" className={cardStyle}>
        <h2 id="practice-sign-in" className={css({ fontSize: "xl", fontWeight: "600", color: "heading" })}>
          Sign in
        </h2>
        <p>No password: we mail you a code. Use the address you booked or bought your pass with.</p>
        <Field label="Email" error={error ?? undefined}>
          <Input type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        </Field>
        <Button type="submit" size="lg" disabled={send.isPending}>
          {send.isPending ? "Sending..." : "Mail me a code"}
        </Button>
      </form>
    );
  return (
    <form noValidate onSubmit={onVerify} aria-labelledby="practice-code" className={cardStyle}>
      <h2 id="practice-code" className={css({ fontSize: "xl", fontWeight: "600", color: "heading" })}>
        Type the code
      </h2>
      <p role="status">If {sentTo} has a booking or a pass here, a 6-digit code is on its way to it. It works once, for 15 minutes.</p>
      <Field label="Code" error={error ?? undefined}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          className={css({ letterSpacing: "0.3em", fontSize: "lg", maxW: "12rem" })}
        />
      </Field>
      <div className={css({ display: "flex", flexWrap: "wrap", gap: "3" })}>
        <Button type="submit" size="lg" disabled={verify.isPending}>
          {verify.isPending ? "Signing in..." : "Sign in"}
        </Button>
        <Button variant="outline" size="lg" onClick={() => setSentTo(null)}>
          Use another address
        </Button>
      </div>
    </form>
  );
}
