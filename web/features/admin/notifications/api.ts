// Site notifications (spec §7): the admin list (bearer) and writes that refresh it and the public /api/notifications.

import type { NotificationInput } from "@server/shared/schemas.ts";
import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";
import { notificationsQueryOptions } from "@web/lib/queries/notifications.ts";

export const adminNotificationsQueryOptions = () =>
  queryOptions({ queryKey: ["/api/admin/notifications"], queryFn: () => call((api) => api.admin.notifications.get()) });

async function refresh(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminNotificationsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: notificationsQueryOptions().queryKey }),
  ]);
}

export function useCreateNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationInput) => call((api) => api.admin.notifications.post(input)),
    onSuccess: async () => {
      await refresh(queryClient);
    },
  });
}

export function useUpdateNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: Partial<NotificationInput> }) =>
      call((api) => api.admin.notifications({ id }).patch(changes)),
    onSuccess: async () => {
      await refresh(queryClient);
    },
  });
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call((api) => api.admin.notifications({ id }).delete()),
    onSuccess: async () => {
      await refresh(queryClient);
    },
  });
}
