// Newsletter subscribers (spec §7): a page of them searched and filtered by the server, delete, and the whole list
// for the CSV (made on the client).

import type { NewsletterMailInput } from "@server/shared/schemas.ts";
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";

/** Every subscriber, read when the CSV is asked for (never when the tab opens). */
export const getAllSubscribers = () => call((api) => api.admin.subscribers.get());
const getNewsletters = () => call((api) => api.admin.newsletters.get());
export type Subscriber = Awaited<ReturnType<typeof getAllSubscribers>>[number];
export type NewsletterSummary = Awaited<ReturnType<typeof getNewsletters>>[number];
type SubscriberState = Subscriber["state"];

/** The prefix of the subscribers' queries: a delete refreshes them all. */
const SUBSCRIBERS_KEY = ["/api/admin/subscribers"] as const;

/** What the tab asks for: words of the address, a state or all, the page. */
export type SubscribersQuery = { search: string; state: SubscriberState | "all"; page: number };

const getSubscribersPage = (query: SubscribersQuery) => call((api) => api.admin.subscribers.page.get({ query }));
/** How many addresses are in each state and in all (the whole list's, whatever is searched). */
export type SubscriberCounts = Awaited<ReturnType<typeof getSubscribersPage>>["counts"];

/** One page of the matching addresses with the whole list's counts; the page shown stays while the next one loads. */
export const subscribersPageQueryOptions = (query: SubscribersQuery) =>
  queryOptions({
    queryKey: [...SUBSCRIBERS_KEY, "page", query],
    queryFn: () => getSubscribersPage(query),
    placeholderData: keepPreviousData,
  });

export function useDeleteSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call((api) => api.admin.subscribers({ id }).delete()),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SUBSCRIBERS_KEY });
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
