// The page a notice's 'Not you? Sign out everywhere' link opens (/admin/sign-out-everywhere#link). It asks before
// acting: a mail scanner that follows links signs nothing out.

import { Button } from "@web/components/ui/button.tsx";
import { Checkbox } from "@web/components/ui/field.tsx";
import { serverMessageOr } from "@web/lib/api.ts";
import { type FormEvent, useState } from "react";
import { useSignOutWithLink } from "./api.ts";
import { ErrorText, MailedLinkPage, useLinkFragment } from "./auth-card.tsx";

export function SignOutEverywherePage() {
  const [link, forgetLink] = useLinkFragment();
  const signOut = useSignOutWithLink();
  const [error, setError] = useState<string | null>(null);
  const [removePasskeys, setRemovePasskeys] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    signOut.mutate(
      { link, removePasskeys },
      {
        onSuccess: forgetLink,
        onError: (failure) => setError(serverMessageOr(failure, "Signing out failed")),
      },
    );
  };
  return (
    <MailedLinkPage
      titleId="sign-out-title"
      title="Sign out everywhere"
      onSubmit={onSubmit}
      done={signOut.isSuccess && "Every device is signed out. Now set a new password with 'Forgot password?' on the login."}
    >
      <p>Not you? This signs out every device signed in to the admin, at once.</p>
      <Checkbox label="Also remove all passkeys" checked={removePasskeys} onChange={(event) => setRemovePasskeys(event.target.checked)} />
      {error && <ErrorText>{error}</ErrorText>}
      <Button type="submit" size="lg" disabled={signOut.isPending}>
        {signOut.isPending ? "Signing out..." : "Sign out everywhere"}
      </Button>
    </MailedLinkPage>
  );
}
