// The page a notice's 'Not you? Sign out everywhere' link opens (/admin/sign-out-everywhere#link). It asks before
// acting: a mail scanner that follows links signs nothing out.

import { Button } from "@web/components/ui/button.tsx";
import { Checkbox } from "@web/components/ui/field.tsx";
import { serverMessageOr } from "@web/lib/api.ts";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { useSignOutWithLink } from "./api.ts";
import { AuthForm, AuthPage, ErrorText, linkButton, noticeStyle, titleStyle } from "./auth-card.tsx";

export function SignOutEverywherePage() {
  const [link] = useState(() => window.location.hash.slice(1));
  const signOut = useSignOutWithLink();
  const [error, setError] = useState<string | null>(null);
  const [removePasskeys, setRemovePasskeys] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    signOut.mutate(
      { link, removePasskeys },
      {
        onSuccess: () => window.history.replaceState(null, "", window.location.pathname),
        onError: (failure) => setError(serverMessageOr(failure, "Signing out failed")),
      },
    );
  };
  return (
    <main>
      <AuthPage>
        <AuthForm titleId="sign-out-title" onSubmit={onSubmit}>
          <h1 id="sign-out-title" className={titleStyle}>
            Sign out everywhere
          </h1>
          {signOut.isSuccess ? (
            <p role="status" className={noticeStyle}>
              Every device is signed out. Now set a new password with 'Forgot password?' on the login.
            </p>
          ) : (
            <>
              <p>Not you? This signs out every device signed in to the admin, at once.</p>
              <Checkbox label="Also remove all passkeys" checked={removePasskeys} onChange={(event) => setRemovePasskeys(event.target.checked)} />
              {error && <ErrorText>{error}</ErrorText>}
              <Button type="submit" size="lg" disabled={signOut.isPending}>
                {signOut.isPending ? "Signing out..." : "Sign out everywhere"}
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
