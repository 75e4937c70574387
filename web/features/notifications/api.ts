import { NOTIFICATIONS_STALE_MS } from "../../../src/shared/constants.ts";
import type { Notification } from "../../../src/shared/types.ts";
import { getJson } from "../../lib/api.ts";
import { queryOptions, useQuery } from "../../lib/query.ts";

/** The notifications showing now; fresh for 5 minutes (spec §7). */
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/notifications"],
    queryFn: () => getJson<Notification[]>("/api/notifications"),
    staleTime: NOTIFICATIONS_STALE_MS,
  });

export const useNotifications = () => useQuery(notificationsQueryOptions());
