// The page a new account e-mail's mailed link opens (/admin/confirm-email#token): the address becomes the account's
// when this is confirmed. It asks before acting: a mail scanner that follows links confirms nothing.

import { Button } from "@web/components/ui/button.tsx";
import { serverMessageOr } from "@web/lib/api.ts";
import { type FormEvent, useState } from "react";
import { useConfirmEmail } from "./api.ts";
import { ErrorText, MailedLinkPage, useLinkFragment } from "./auth-card.tsx";

export function ConfirmEmailPage() {
  const [token, forgetToken] = useLinkFragment();
  const confirm = useConfirmEmail();
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    confirm.mutate(token, {
      onSuccess: forgetToken,
      onError: (failure) => setError(serverMessageOr(failure, "Confirming failed")),
    });
  };
  return (
    <MailedLinkPage
      titleId="confirm-email-title"
      title="Confirm your new account e-mail"
      onSubmit={onSubmit}
      done={confirm.isSuccess && `${confirm.data.email} is now the account e-mail: reset links, sign-in codes and notices go there.`}
    >
      <p>This address becomes the admin account e-mail once you confirm it.</p>
      {error && <ErrorText>{error}</ErrorText>}
      <Button type="submit" size="lg" disabled={confirm.isPending}>
        {confirm.isPending ? "Confirming..." : "Confirm this address"}
      </Button>
    </MailedLinkPage>
  );
}
