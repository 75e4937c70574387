// 'Refund' (issues 32, 38): all of a payment or a part of it (a deposit kept), through Stripe, and for a place whether
// it goes too (to the waiting list); the payer is mailed the amount and what becomes of the place. Offered by the
// Money tab and by an event's registrations, so it lives with neither.

import { formatMoney } from "@server/shared/money.ts";
import { dollarsToCents } from "@server/shared/validation.ts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Checkbox, Field, Input } from "@web/components/ui/field.tsx";
import { call } from "@web/lib/api.ts";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { errorText, notifyError, notifySuccess } from "./notify.ts";

type RefundInput = { id: number; amount: number; cancelPlace: boolean };

function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: RefundInput) => call((api) => api.admin.payments({ id }).refund.post(body)),
    // The Money tab and every event's registrations show payments.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith("/api/admin/") }),
  });
}

/** What the screen says once 'Refund' answered: made, or owed while Stripe could not make it (issue 37). */
const refundedText = (answer: { status: string }) =>
  answer.status === "refunded"
    ? "Refunded, and they are mailed"
    : "Refund owed: Stripe could not make it yet. It is tried again by itself, and they are mailed once it is made.";

/** The payment to refund: its amount, what it was for, who paid, and whether it holds a place. */
export type Refundable = { id: number; amount: number; currency: string; description: string; who: string; place: boolean };

export function RefundDialog({ payment, onClose }: { payment: Refundable | null; onClose: () => void }) {
  const refund = useRefund();
  const [amount, setAmount] = useState("");
  const [cancelPlace, setCancelPlace] = useState(true);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    setAmount(payment ? (payment.amount / 100).toFixed(2) : "");
    setCancelPlace(true);
    setError(undefined);
  }, [payment]);
  const paid = payment ? formatMoney(payment.amount, payment.currency) : "";
  return (
    <ConfirmDialog
      open={payment !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Refund payment"
      description={payment ? `Refund ${payment.who}'s payment of ${paid} for ${payment.description}? They are mailed what is refunded.` : ""}
      confirmLabel="Refund"
      pendingLabel="Refunding..."
      cancelLabel="Keep it"
      pending={refund.isPending}
      onConfirm={() => {
        if (!payment) return;
        const cents = dollarsToCents(amount);
        if (!(cents >= 1 && cents <= payment.amount)) return setError(`Enter an amount from 0.01 to ${paid}`);
        refund.mutate(
          { id: payment.id, amount: cents, cancelPlace: payment.place && cancelPlace },
          {
            onSuccess: (answer) => {
              notifySuccess(refundedText(answer));
              onClose();
            },
            onError: (failure) => notifyError(failure, `Failed to refund: ${errorText(failure)}`),
          },
        );
      }}
    >
      <Field label="Amount to refund (A$)" hint={`At most ${paid}; less keeps a deposit.`} error={error}>
        <Input inputMode="decimal" value={amount} onChange={(change) => setAmount(change.target.value)} />
      </Field>
      {payment?.place && (
        <Checkbox
          label="Also cancel the place (it goes to the waiting list)"
          checked={cancelPlace}
          onChange={(change) => setCancelPlace(change.target.checked)}
        />
      )}
    </ConfirmDialog>
  );
}
