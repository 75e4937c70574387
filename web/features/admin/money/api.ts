// The admin's money (issue 32): every payment and gift with the totals, and 'Refund'.

import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";
import { errorText, notifyError, notifySuccess } from "../shared/notify.ts";

const getMoney = () => call((api) => api.admin.payments.get());
export type Money = Awaited<ReturnType<typeof getMoney>>;

/** Payments arrive from Stripe at any time: asked again whenever the tab shows them. */
export const moneyQueryOptions = () => queryOptions({ queryKey: ["/api/admin/payments"], queryFn: getMoney, staleTime: 0 });

/** 'Refund': the whole payment, through Stripe; the payer is mailed. */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: number) => call((api) => api.admin.payments({ id: paymentId }).refund.post()),
    onSuccess: async () => {
      notifySuccess("Refunded, and they are mailed");
      // The Money tab and every event's registrations show payments.
      await queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith("/api/admin/") });
    },
    onError: (error) => notifyError(error, `Failed to refund: ${errorText(error)}`),
  });
}
