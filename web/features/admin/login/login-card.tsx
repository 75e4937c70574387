// The login card 'Admin Login' (spec §2.2, §5, §8; issue 22): the password, then on a new device while mail is on the
// mailed code ('Check your e-mail'); 'Forgot password?'; 'Sign in with a passkey'. Enter submits from either field;
// errors show inline and as toasts.

import { DEFAULT_USERNAME } from "@server/shared/constants.ts";
import { loginSchema } from "@server/shared/schemas.ts";
import { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill } from "@simplewebauthn/browser";
import { Button } from "@web/components/ui/button.tsx";
import { Field, Input } from "@web/components/ui/field.tsx";
import { ApiError } from "@web/lib/api.ts";
import { useSchemaResolvedForm } from "@web/lib/schema-form.ts";
import { KeyRound } from "lucide-react";
import { useEffect, useState } from "react";
import { acceptLogin, failLogin } from "./accept-login.ts";
import { passkeyLogin, useLogin } from "./api.ts";
import { AuthForm, AuthPage, ErrorText, linkButton, noticeStyle, titleStyle } from "./auth-card.tsx";
import { CodeStep } from "./code-step.tsx";
import { ForgotStep } from "./forgot-step.tsx";

type LoginValues = { username: string; password: string };
type Step = { name: "password" } | { name: "code"; ticket: string; username: string } | { name: "forgot" };

export function LoginCard({ onLoggedIn, notice }: { onLoggedIn: () => void; notice?: string | null }) {
  const [step, setStep] = useState<Step>({ name: "password" });
  const back = () => setStep({ name: "password" });
  return (
    <AuthPage>
      {step.name === "code" ? (
        <CodeStep ticket={step.ticket} username={step.username} onLoggedIn={onLoggedIn} onBack={back} />
      ) : step.name === "forgot" ? (
        <ForgotStep onBack={back} />
      ) : (
        <PasswordStep
          notice={notice}
          onLoggedIn={onLoggedIn}
          onCode={(ticket, username) => setStep({ name: "code", ticket, username })}
          onForgot={() => setStep({ name: "forgot" })}
        />
      )}
    </AuthPage>
  );
}

function PasswordStep({
  onLoggedIn,
  notice,
  onCode,
  onForgot,
}: {
  onLoggedIn: () => void;
  notice?: string | null;
  onCode: (ticket: string, username: string) => void;
  onForgot: () => void;
}) {
  const [serverError, setServerError] = useState<string | null>(null);
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useSchemaResolvedForm<LoginValues, LoginValues>(loginSchema, { username: DEFAULT_USERNAME, password: "" });

  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const withPasskey = async (autofill: boolean) => {
    if (!autofill) setPasskeyBusy(true);
    try {
      acceptLogin(await passkeyLogin(autofill), DEFAULT_USERNAME, onLoggedIn, setServerError);
    } catch (error) {
      // The autofill reports nothing (it may not be offered here at all); nor does a prompt closed or replaced.
      if (autofill || (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError"))) return;
      failLogin(error instanceof ApiError ? error : new Error("Signing in with a passkey failed"), setServerError);
    } finally {
      if (!autofill) setPasskeyBusy(false);
    }
  };
  // The browser's passkey autofill on the username field, where it offers it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: started once, when the card shows
  useEffect(() => {
    browserSupportsWebAuthnAutofill()
      .then((supported) => {
        if (supported) void withPasskey(true);
      })
      .catch(() => {});
  }, []);

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const answer = await login.mutateAsync(values);
      if (answer && "codeRequired" in answer) return onCode(answer.ticket, values.username);
      acceptLogin(answer, values.username, onLoggedIn, setServerError);
    } catch (error) {
      failLogin(error, setServerError);
    }
  });

  return (
    <AuthForm titleId="admin-login-title" onSubmit={onSubmit}>
      <h1 id="admin-login-title" className={titleStyle}>
        Admin Login
      </h1>
      {notice && (
        <p role="status" className={noticeStyle}>
          {notice}
        </p>
      )}
      <Field label="Username" error={errors.username?.message}>
        <Input autoComplete="username webauthn" {...register("username")} />
      </Field>
      <Field label="Password" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" autoFocus {...register("password")} />
      </Field>
      {serverError && <ErrorText>{serverError}</ErrorText>}
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? "Logging in..." : "Login"}
      </Button>
      {browserSupportsWebAuthn() && (
        <Button variant="outline" size="lg" disabled={passkeyBusy} onClick={() => withPasskey(false)}>
          <KeyRound size={16} aria-hidden />
          Sign in with a passkey
        </Button>
      )}
      <button type="button" className={linkButton} onClick={onForgot}>
        Forgot password?
      </button>
    </AuthForm>
  );
}
