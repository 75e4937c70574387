// 'Forgot password?': while mail is on, a link to the account's e-mail (the same answer for any input); with mail off,
// who can help.
import { css } from "@styled-system/css" with { type: "macro" };
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Field, Input } from "@web/components/ui/field.tsx";
import { serverMessageOr } from "@web/lib/api.ts";
import { type FormEvent, useState } from "react";
import { loginOptionsQuery, useForgotPassword } from "./api.ts";
import { AuthForm, linkButton, noticeStyle, titleStyle } from "./auth-card.tsx";

export function ForgotStep({ onBack }: { onBack: () => void }) {
  const options = useQuery(loginOptionsQuery());
  const forgot = useForgotPassword();
  const [login, setLogin] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!login.trim()) return setError("Enter your username or e-mail");
    try {
      setAnswer((await forgot.mutateAsync(login.trim())).message);
    } catch (failure) {
      setError(serverMessageOr(failure, "Something went wrong. Please try again."));
    }
  };
  return (
    <AuthForm titleId="forgot-title" onSubmit={onSubmit}>
      <h1 id="forgot-title" className={titleStyle}>
        Forgot password?
      </h1>
      {options.data?.mail === false ? (
        <p>
          Mail is off on this server, so no link can be sent. Ask whoever runs the server to set a new password with{" "}
          <code className={css({ fontFamily: "mono" })}>reset-admin-password</code>.
        </p>
      ) : answer ? (
        <p role="status" className={noticeStyle}>
          {answer}
        </p>
      ) : (
        <>
          <p>Enter the admin's username or e-mail: a link to set a new password goes to the account's e-mail.</p>
          <Field label="Username or e-mail" error={error ?? undefined}>
            <Input autoComplete="username" autoFocus value={login} onChange={(event) => setLogin(event.target.value)} />
          </Field>
          <Button type="submit" size="lg" disabled={forgot.isPending || options.isPending}>
            {forgot.isPending ? "Sending..." : "Send the link"}
          </Button>
        </>
      )}
      <button type="button" className={linkButton} onClick={onBack}>
        Back to the login
      </button>
    </AuthForm>
  );
}
