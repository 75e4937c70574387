// The admin's money (issue 32): every payment and gift with the totals.

import { queryOptions } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";

const getMoney = () => call((api) => api.admin.payments.get());
export type Money = Awaited<ReturnType<typeof getMoney>>;

/** Payments arrive from Stripe at any time: asked again whenever the tab shows them. */
export const moneyQueryOptions = () => queryOptions({ queryKey: ["/api/admin/payments"], queryFn: getMoney, staleTime: 0 });
