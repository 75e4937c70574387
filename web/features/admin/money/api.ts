// The admin's money (issue 32): every payment and gift with the totals.

import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";

const getMoney = (abandoned: boolean) => call((api) => api.admin.payments.get({ query: abandoned ? { abandoned: "1" } : {} }));
export type Money = Awaited<ReturnType<typeof getMoney>>;

/** Payments arrive from Stripe at any time: asked again whenever the tab shows them; `abandoned`: Checkouts left too. */
export const moneyQueryOptions = (abandoned = false) =>
  queryOptions({ queryKey: ["/api/admin/payments", abandoned], queryFn: () => getMoney(abandoned), staleTime: 0 });

/** 'Stop' a monthly gift (issue 38): at Stripe, and the donor is mailed. */
export function useStopGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call((api) => api.admin.payments({ id }).stop.post()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["/api/admin/payments"] }),
  });
}

/** Issue 40: what is still owed in classes (each valid pass's credits left at its price per credit). */
const getOwed = () => call((api) => api.admin.passes.owed.get());
export const owedClassesQueryOptions = () => queryOptions({ queryKey: ["/api/admin/passes", "owed"], queryFn: getOwed, staleTime: 0 });
