// The signed-in account (its username, its confirmed e-mail): read by the account area and by what mails "to me".
import { queryOptions } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";

export const accountQueryOptions = () => queryOptions({ queryKey: ["/api/admin/account"], queryFn: () => call((api) => api.admin.account.get()) });
