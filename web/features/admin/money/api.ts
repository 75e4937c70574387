// The admin's money (issue 32): every payment and gift with the totals, and 'Refund'.

import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";

const getMoney = () => call((api) => api.admin.payments.get());
export type Money = Awaited<ReturnType<typeof getMoney>>;

/** Payments arrive from Stripe at any time: asked again whenever the tab shows them. */
export const moneyQueryOptions = () => queryOptions({ queryKey: ["/api/admin/payments"], queryFn: getMoney, staleTime: 0 });

/** 'Refund': the whole payment, through Stripe; the payer is mailed. The screen says how it ended. */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: number) => call((api) => api.admin.payments({ id: paymentId }).refund.post()),
    // The Money tab and every event's registrations show payments.
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith("/api/admin/") }),
  });
}
