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
import { notifyError } from "../shared/notify.ts";
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
  const onSubmit = handleSubmit(({ apiKey }) => update.mutate(apiKey, { onSuccess: onDone }));
  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Body>
        <Field label="YouTube API Key">{(id) => <Input id={id} type="password" autoComplete="off" {...register("apiKey")} />}</Field>
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
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaResolvedForm<PasswordValues, ResetPasswordFormInput>(resetPasswordFormSchema, {
    username: DEFAULT_USERNAME,
    currentPassword: "",
    newPassword: "",
    confirmPassword: "",
  });
  const onSubmit = handleSubmit(({ username, currentPassword, newPassword }) => {
    setServerError(null);
    reset.mutate(
      { username, currentPassword, newPassword },
      {
        onSuccess: onDone,
        onError: (error) => {
          const message = serverMessageOr(error, "");
          setServerError(message || "Password reset failed");
          notifyError(error, message || "Please check your current password", "Password reset failed");
        },
      },
    );
  });
  const field = (name: keyof PasswordValues, label: string, type: string, autoComplete: string) => (
    <Field label={label} error={errors[name]?.message}>
      {(id, describedBy) => (
        <Input id={id} type={type} autoComplete={autoComplete} aria-describedby={describedBy} aria-invalid={!!errors[name]} {...register(name)} />
      )}
    </Field>
  );
  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Body>
        {field("username", "Username", "text", "username")}
        {field("currentPassword", "Current Password", "password", "current-password")}
        {field("newPassword", "New Password", "password", "new-password")}
        {field("confirmPassword", "Confirm New Password", "password", "new-password")}
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
