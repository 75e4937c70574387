// Contact messages (spec §7): a page of them searched and filtered by the server, newest first; mark as read, delete.

import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";

/** What the tab asks for: words of the name, address, subject or text; unread only; the page. */
export type MessagesQuery = { search: string; unread: boolean; page: number };

const getMessagesPage = (query: MessagesQuery) => call((api) => api.admin.messages.page.get({ query }));
export type Message = Awaited<ReturnType<typeof getMessagesPage>>["items"][number];

/** The prefix of the messages' queries: a change refreshes them all. */
const MESSAGES_KEY = ["/api/admin/messages"] as const;

/** One page of the matching messages with the whole list's counts; the page shown stays while the next one loads. */
export const messagesPageQueryOptions = (query: MessagesQuery) =>
  queryOptions({ queryKey: [...MESSAGES_KEY, "page", query], queryFn: () => getMessagesPage(query), placeholderData: keepPreviousData });

export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call((api) => api.admin.messages({ id }).read.patch()),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
    },
  });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call((api) => api.admin.messages({ id }).delete()),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
    },
  });
}
