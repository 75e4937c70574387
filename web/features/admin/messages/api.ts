// Contact messages (spec §7): newest first, mark as read, delete.

import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";

const getMessages = () => call((api) => api.admin.messages.get());
export type Message = Awaited<ReturnType<typeof getMessages>>[number];

export const messagesQueryOptions = () => queryOptions({ queryKey: ["/api/admin/messages"], queryFn: getMessages });

export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call((api) => api.admin.messages({ id }).read.patch()),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: messagesQueryOptions().queryKey });
    },
  });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call((api) => api.admin.messages({ id }).delete()),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: messagesQueryOptions().queryKey });
    },
  });
}
