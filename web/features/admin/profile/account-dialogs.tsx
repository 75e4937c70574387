// 'Update YouTube API Key' and 'Reset Password' (spec §2.2, §5, §8).

import { DEFAULT_USERNAME } from "@server/shared/constants.ts";
import { apiKeySchema, type ResetPasswordFormInput, resetPasswordFormSchema } from "@server/shared/schemas.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { Button } from "@web/components/ui/button.tsx";
import { Dialog } from "@web/components/ui/dialog.tsx";
import { Field, Input } from "@web/components/ui/field.tsx";
import { serverMessageOr } from "@web/lib/api.ts";
import { useSchemaResolvedForm } from "@web/lib/schema-form.ts";
import { useState } from "react";
import { FormInput } from "../shared/form-input.tsx";
import { notifyError, notifySuccess } from "../shared/notify.ts";
import { useResetPassword, useUpdateApiKey } from "./api.ts";

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

export function ApiKeyDialog({ open, onOpenChange }: DialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit>
      <Dialog.Content className={css({ maxW: "lg" })}>
        <Dialog.Title>Update YouTube API Key</Dialog.Title>
        <Dialog.Description>The key is stored on the server and used to load the channel's recent videos.</Dialog.Description>
        <ApiKeyForm onDone={() => onOpenChange(false)} />
      </Dialog.Content>
    </Dialog.Root>
  );
}

type ApiKeyValues = { apiKey: string };

function ApiKeyForm({ onDone }: { onDone: () => void }) {
  const update = useUpdateApiKey();
  const { register, handleSubmit, watch } = useSchemaResolvedForm<ApiKeyValues, ApiKeyValues>(apiKeySchema, { apiKey: "" });
  // The button is disabled while the trimmed key is empty (spec §5).
  const blank = !watch("apiKey").trim();
  const onSubmit = handleSubmit(({ apiKey }) =>
    update.mutate(apiKey, {
      onSuccess: () => {
        notifySuccess("YouTube API Key Updated");
        onDone();
      },
      onError: (error) => notifyError(error, "Failed to update YouTube API key", "Update failed"),
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Body>
        <Field label="YouTube API Key">
          <Input type="password" autoComplete="off" {...register("apiKey")} />
        </Field>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={blank || update.isPending}>
          {update.isPending ? "Updating..." : "Update API Key"}
        </Button>
      </Dialog.Footer>
    </form>
  );
}

type PasswordValues = { username: string; currentPassword: string; newPassword: string; confirmPassword: string };

export function ResetPasswordDialog({ open, onOpenChange }: DialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit>
      <Dialog.Content className={css({ maxW: "lg" })}>
        <Dialog.Title>Reset Password</Dialog.Title>
        <ResetPasswordForm onDone={() => onOpenChange(false)} />
      </Dialog.Content>
    </Dialog.Root>
  );
}

function ResetPasswordForm({ onDone }: { onDone: () => void }) {
  const reset = useResetPassword();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useSchemaResolvedForm<PasswordValues, ResetPasswordFormInput>(resetPasswordFormSchema, {
    username: DEFAULT_USERNAME,
    currentPassword: "",
    newPassword: "",
    confirmPassword: "",
  });
  const { handleSubmit } = form;
  const onSubmit = handleSubmit(({ username, currentPassword, newPassword }) => {
    setServerError(null);
    reset.mutate(
      { username, currentPassword, newPassword },
      {
        onSuccess: () => {
          notifySuccess("Password reset successful", "Your password has been updated successfully.");
          onDone();
        },
        onError: (error) => {
          const message = serverMessageOr(error, "");
          setServerError(message || "Password reset failed");
          notifyError(error, message || "Please check your current password", "Password reset failed");
        },
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Body>
        <FormInput form={form} name="username" label="Username" type="text" autoComplete="username" />
        <FormInput form={form} name="currentPassword" label="Current Password" type="password" autoComplete="current-password" />
        <FormInput form={form} name="newPassword" label="New Password" type="password" autoComplete="new-password" />
        <FormInput form={form} name="confirmPassword" label="Confirm New Password" type="password" autoComplete="new-password" />
        {serverError && (
          <p role="alert" className={css({ color: "danger", fontSize: "sm" })}>
            {serverError}
          </p>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={reset.isPending}>
          {reset.isPending ? "Resetting..." : "Reset Password"}
        </Button>
      </Dialog.Footer>
    </form>
  );
}
