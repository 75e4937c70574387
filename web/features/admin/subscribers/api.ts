// Newsletter subscribers (spec §7): list and delete; the CSV is made on the client.

import type { Subscriber } from "@db/schema.ts";
import type { NewsletterSummary } from "@server/modules/subscribers/newsletters.ts";
import type { NewsletterMailInput } from "@server/shared/schemas.ts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson } from "@web/lib/api.ts";
import { errorText, notifyError, notifySuccess } from "../shared/notify.ts";

export type { NewsletterSummary, Subscriber };

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

/** Past newsletters with their counts, asked again every few seconds while any message still waits. */
export const newslettersQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/admin/newsletters"],
    queryFn: () => getJson<NewsletterSummary[]>("/api/admin/newsletters"),
    refetchInterval: (query) => (query.state.data?.some((newsletter) => newsletter.waiting > 0) ? 3000 : false),
  });

/** Queues the newsletter (`test`: one copy to the admin's own address). */
export function useSendNewsletter(test: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: NewsletterMailInput) =>
      apiRequest<{ message: string }>("POST", test ? "/api/admin/newsletters/test" : "/api/admin/newsletters", { body: values }),
    onSuccess: async (answer) => {
      notifySuccess(test ? "Test copy queued" : "Newsletter queued", answer.message);
      await queryClient.invalidateQueries({ queryKey: newslettersQueryOptions().queryKey });
    },
    onError: (error) => notifyError(error, errorText(error) || "Unknown error occurred", "Newsletter Not Sent"),
  });
}
