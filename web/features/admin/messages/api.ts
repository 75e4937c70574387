// Contact messages (spec §7): newest first, mark as read, delete.

import type { Message } from "@db/schema.ts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson } from "@web/lib/api.ts";
import { notifyError, notifySuccess } from "../shared/notify.ts";

export type { Message };

export const messagesQueryOptions = () =>
  queryOptions({ queryKey: ["/api/admin/messages"], queryFn: () => getJson<Message[]>("/api/admin/messages") });

export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<Message>("PATCH", `/api/admin/messages/${id}/read`),
    onSuccess: async () => {
      notifySuccess("Message marked as read");
      await queryClient.invalidateQueries({ queryKey: messagesQueryOptions().queryKey });
    },
    onError: (error) => notifyError(error, "Failed to mark message as read"),
  });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", `/api/admin/messages/${id}`),
    onSuccess: async () => {
      notifySuccess("Message deleted successfully");
      await queryClient.invalidateQueries({ queryKey: messagesQueryOptions().queryKey });
    },
    onError: (error) => notifyError(error, "Failed to delete message"),
  });
}
