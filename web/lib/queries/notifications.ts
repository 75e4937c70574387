import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../api.ts";
import { NOTIFICATIONS_STALE_MS } from "../constants.ts";

const getNotifications = () => call((api) => api.notifications.get());

/** The notifications showing now; fresh for 5 minutes (spec §7), then fetched again when next shown. */
export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: ["/api/notifications"], queryFn: getNotifications, staleTime: NOTIFICATIONS_STALE_MS });

export const useNotifications = () => useQuery(notificationsQueryOptions());
