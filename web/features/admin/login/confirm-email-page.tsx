// The page a new account e-mail's mailed link opens (/admin/confirm-email#token): the address becomes the account's
// when this is confirmed. It asks before acting: a mail scanner that follows links confirms nothing.

import { Button } from "@web/components/ui/button.tsx";
import { serverMessageOr } from "@web/lib/api.ts";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useConfirmEmail } from "./api.ts";
import { AuthForm, AuthPage, ErrorText, linkButton, noticeStyle, titleStyle } from "./auth-card.tsx";

export function ConfirmEmailPage() {
  const [token] = useState(() => window.location.hash.slice(1));
  const confirm = useConfirmEmail();
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    confirm.mutate(token, {
      onSuccess: () => window.history.replaceState(null, "", window.location.pathname),
      onError: (failure) => setError(serverMessageOr(failure, "Confirming failed")),
    });
  };
  return (
    <main>
      <AuthPage>
        <AuthForm titleId="confirm-email-title" onSubmit={onSubmit}>
          <h1 id="confirm-email-title" className={titleStyle}>
            Confirm your new account e-mail
          </h1>
          {confirm.isSuccess ? (
            <p role="status" className={noticeStyle}>
              {confirm.data.email} is now the account e-mail: reset links, sign-in codes and notices go there.
            </p>
          ) : (
            <>
              <p>This address becomes the admin account e-mail once you confirm it.</p>
              {error && <ErrorText>{error}</ErrorText>}
              <Button type="submit" size="lg" disabled={confirm.isPending}>
                {confirm.isPending ? "Confirming..." : "Confirm this address"}
              </Button>
            </>
          )}
          <Link to="/admin" className={linkButton}>
            Go to the login
          </Link>
        </AuthForm>
      </AuthPage>
    </main>
  );
}
