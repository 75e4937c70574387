// Newsletter subscribers (spec §7): list and delete; the CSV is made on the client.

import type { NewsletterMailInput } from "@server/shared/schemas.ts";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";

const getSubscribers = () => call((api) => api.admin.subscribers.get());
const getNewsletters = () => call((api) => api.admin.newsletters.get());
export type Subscriber = Awaited<ReturnType<typeof getSubscribers>>[number];
export type NewsletterSummary = Awaited<ReturnType<typeof getNewsletters>>[number];

export const subscribersQueryOptions = () => queryOptions({ queryKey: ["/api/admin/subscribers"], queryFn: getSubscribers });

export function useDeleteSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call((api) => api.admin.subscribers({ id }).delete()),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: subscribersQueryOptions().queryKey });
    },
  });
}

/** Past newsletters with their counts, asked again every few seconds while any message still waits. */
export const newslettersQueryOptions = () =>
  queryOptions({
    queryKey: ["/api/admin/newsletters"],
    queryFn: getNewsletters,
    refetchInterval: (query) => (query.state.data?.some((newsletter) => newsletter.waiting > 0) ? 3000 : false),
  });

/** Queues the newsletter (`test`: one copy to the admin's own address). */
export function useSendNewsletter(test: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: NewsletterMailInput) => call((api) => (test ? api.admin.newsletters.test.post(values) : api.admin.newsletters.post(values))),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: newslettersQueryOptions().queryKey });
    },
  });
}
