import { queryOptions } from "@tanstack/react-query";
import { call } from "../api.ts";

/** The passes on sale (issue 40): My practice sells them; the admin's Money tab shows once there are some. */
export const passesOnSaleQueryOptions = () => queryOptions({ queryKey: ["/api/passes"], queryFn: () => call((api) => api.passes.get()) });
