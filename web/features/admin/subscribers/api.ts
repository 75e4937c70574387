// Newsletter subscribers (spec §7): list and delete; the CSV is made on the client.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Subscriber } from "../../../../db/schema.ts";
import { apiRequest, getJson } from "../../../lib/api.ts";
import { notifyError, notifySuccess } from "../shared/notify.ts";

export type { Subscriber };

export const subscribersQueryOptions = () =>
  queryOptions({ queryKey: ["/api/admin/subscribers"], queryFn: () => getJson<Subscriber[]>("/api/admin/subscribers") });

export function useDeleteSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", `/api/admin/subscribers/${id}`),
    onSuccess: async () => {
      notifySuccess("Subscriber deleted successfully");
      await queryClient.invalidateQueries({ queryKey: subscribersQueryOptions().queryKey });
    },
    onError: (error) => notifyError(error, "Failed to delete subscriber"),
  });
}
