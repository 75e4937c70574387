// Send Newsletter (issue 15): subject and rich text, a test copy to the admin, then a confirm step naming the count.

import { type NewsletterMailInput, newsletterMailSchema } from "@server/shared/schemas.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { useQuery } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button.tsx";
import { Dialog } from "@web/components/ui/dialog.tsx";
import { Field, Input } from "@web/components/ui/field.tsx";
import { useSchemaResolvedForm } from "@web/lib/schema-form.ts";
import { useState } from "react";
import { accountQueryOptions } from "../shared/account.ts";
import { ConfirmDialog } from "../shared/confirm-dialog.tsx";
import { errorText, notifyError, notifySuccess } from "../shared/notify.ts";
import { RichTextField } from "../shared/rich-text-field.tsx";
import { useSendNewsletter } from "./api.ts";

type NewsletterValues = { subject: string; body: string };

const readers = (count: number) => `${count} confirmed subscriber${count === 1 ? "" : "s"}`;

export function NewsletterDialog({ open, onClose, recipients }: { open: boolean; onClose: () => void; recipients: number }) {
  const send = useSendNewsletter(false);
  const sendTest = useSendNewsletter(true);
  // 'Send a test to me' goes to the account's own e-mail (issue 38), named on its button.
  const me = useQuery({ ...accountQueryOptions(), enabled: open }).data?.email;
  /** How a send ended: queued (with the server's count), or why it was not sent. */
  const said = (queued: string, then?: () => void) => ({
    onSuccess: (answer: { message: string }) => {
      notifySuccess(queued, answer.message);
      then?.();
    },
    onError: (error: Error) => notifyError(error, errorText(error) || "Unknown error occurred", "Newsletter Not Sent"),
  });
  const [confirming, setConfirming] = useState<NewsletterMailInput | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaResolvedForm<NewsletterValues, NewsletterMailInput>(newsletterMailSchema, { subject: "", body: "" });
  const close = () => {
    setConfirming(null);
    reset();
    onClose();
  };
  return (
    <>
      <Dialog.Root open={open && !confirming} onOpenChange={(details) => !details.open && !confirming && close()} lazyMount unmountOnExit>
        <Dialog.Content className={css({ maxW: "3xl" })}>
          <Dialog.Title>Send Newsletter</Dialog.Title>
          <form onSubmit={handleSubmit(setConfirming)} noValidate>
            <Dialog.Body>
              <div className={css({ display: "flex", flexDirection: "column", gap: "4" })}>
                <Field label="Subject" error={errors.subject?.message}>
                  <Input {...register("subject")} />
                </Field>
                <RichTextField control={control} name="body" label="Newsletter" />
              </div>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button
                variant="outline"
                disabled={sendTest.isPending}
                onClick={handleSubmit((values) => sendTest.mutate(values, said("Test copy queued")))}
              >
                {sendTest.isPending ? "Sending..." : `Send a test to me${me ? ` (${me})` : ""}`}
              </Button>
              <Button type="submit" disabled={!recipients}>
                Send to {readers(recipients)}
              </Button>
            </Dialog.Footer>
          </form>
        </Dialog.Content>
      </Dialog.Root>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(isOpen) => !isOpen && setConfirming(null)}
        title="Send Newsletter"
        description={`Send "${confirming?.subject}" to ${readers(recipients)}? This cannot be undone.`}
        confirmLabel="Send"
        pendingLabel="Sending..."
        cancelLabel="Back"
        tone="solid"
        pending={send.isPending}
        onConfirm={() => confirming && send.mutate(confirming, said("Newsletter queued", close))}
      />
    </>
  );
}
