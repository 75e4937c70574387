// 'Refund' (issue 32): the whole payment, through Stripe; the payer is mailed. Offered by the Money tab and by an
// event's registrations, so it lives with neither.

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";

/** The screen says how it ended. */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: number) => call((api) => api.admin.payments({ id: paymentId }).refund.post()),
    // The Money tab and every event's registrations show payments.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith("/api/admin/") }),
  });
}

/** What the screen says once 'Refund' answered: made, or owed while Stripe could not make it (issue 37). */
export const refundedText = (answer: { status: string }) =>
  answer.status === "refunded"
    ? "Refunded, and they are mailed"
    : "Refund owed: Stripe could not make it yet. It is tried again by itself, and they are mailed once it is made.";
