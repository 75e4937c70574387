// The page a mailed 'Forgot password?' link opens (/admin/reset-password#token): a new password by the 'Reset Password'
// dialog's rules and texts (spec §5, §8). The token stays in the fragment: it never reaches a server log or a Referer.

import { type LinkResetFormInput, linkResetFormSchema } from "@server/shared/sign-in-schemas.ts";
import { Button } from "@web/components/ui/button.tsx";
import { Checkbox } from "@web/components/ui/field.tsx";
import { toast } from "@web/components/ui/toast.tsx";
import { serverMessageOr } from "@web/lib/api.ts";
import { useSchemaResolvedForm } from "@web/lib/schema-form.ts";
import { useState } from "react";
import { FormInput } from "../shared/form-input.tsx";
import { useResetWithLink } from "./api.ts";
import { ErrorText, MailedLinkPage, useLinkFragment } from "./auth-card.tsx";

type Values = { newPassword: string; confirmPassword: string };

export function ResetPasswordPage() {
  const [token, forgetToken] = useLinkFragment();
  const reset = useResetWithLink();
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // Checked: a passkey added by whoever had the account would let them back in after the reset.
  const [removePasskeys, setRemovePasskeys] = useState(true);
  const form = useSchemaResolvedForm<Values, LinkResetFormInput>(linkResetFormSchema, { newPassword: "", confirmPassword: "" });
  const { handleSubmit } = form;
  const onSubmit = handleSubmit(({ newPassword }) => {
    setServerError(null);
    reset.mutate(
      { token, newPassword, removePasskeys },
      {
        onSuccess: () => {
          setDone(true);
          forgetToken();
          toast({ title: "Password reset successful", description: "Your password has been updated successfully." });
        },
        onError: (error) => {
          const message = serverMessageOr(error, "Password reset failed");
          setServerError(message);
          toast({ title: "Password reset failed", description: message, variant: "destructive" });
        },
      },
    );
  });
  return (
    <MailedLinkPage
      titleId="reset-title"
      title="Reset Password"
      onSubmit={onSubmit}
      done={done && "Your password has been updated successfully. Every device was signed out: log in with the new password."}
    >
      <FormInput form={form} name="newPassword" label="New Password" type="password" autoComplete="new-password" />
      <FormInput form={form} name="confirmPassword" label="Confirm New Password" type="password" autoComplete="new-password" />
      <Checkbox label="Also remove all passkeys" checked={removePasskeys} onChange={(event) => setRemovePasskeys(event.target.checked)} />
      {serverError && <ErrorText>{serverError}</ErrorText>}
      <Button type="submit" size="lg" disabled={reset.isPending}>
        {reset.isPending ? "Resetting..." : "Reset Password"}
      </Button>
    </MailedLinkPage>
  );
}
