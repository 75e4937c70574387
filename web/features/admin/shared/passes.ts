// The passes she sells (issue 40): read by the Classes tab's 'Passes' and by the dashboard (the Money tab shows with them).
import { queryOptions } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";

const getPasses = () => call((api) => api.admin.passes.get());
export const passesQueryOptions = () => queryOptions({ queryKey: ["/api/admin/passes"], queryFn: getPasses });
export type PassProduct = Awaited<ReturnType<typeof getPasses>>[number];
