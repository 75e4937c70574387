// 'Check your e-mail': a sign-in from a new device, while mail is on, is confirmed with the mailed 6-digit code.
import { Button } from "@web/components/ui/button.tsx";
import { Field, Input } from "@web/components/ui/field.tsx";
import { type FormEvent, useState } from "react";
import { acceptLogin, failLogin } from "./accept-login.ts";
import { useLogin } from "./api.ts";
import { AuthForm, linkButton, titleStyle } from "./auth-card.tsx";

export function CodeStep({ ticket, username, onLoggedIn, onBack }: { ticket: string; username: string; onLoggedIn: () => void; onBack: () => void }) {
  const login = useLogin();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!/^\d{6}$/.test(code.trim())) return setError("Enter the 6-digit code from the e-mail");
    try {
      acceptLogin(await login.mutateAsync({ ticket, code: code.trim() }), username, onLoggedIn, setError);
    } catch (failure) {
      failLogin(failure, setError);
    }
  };
  return (
    <AuthForm titleId="check-email-title" onSubmit={onSubmit}>
      <h1 id="check-email-title" className={titleStyle}>
        Check your e-mail
      </h1>
      <p>This browser has not signed in before: we sent a 6-digit code to the account's e-mail. It is valid for 10 minutes.</p>
      <Field label="Code" error={error ?? undefined}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </Field>
      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? "Checking..." : "Sign in"}
      </Button>
      <button type="button" className={linkButton} onClick={onBack}>
        Back to the login
      </button>
    </AuthForm>
  );
}
