// Admin events (spec §7): every event (past included), registrations, PDF attachments.

import type { EventInput, RegistrantsMailInput } from "@server/shared/schemas.ts";
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";
import { ARCHIVE_QUERY_KEY } from "@web/lib/queries/archive.ts";
import { eventsQueryOptions } from "@web/lib/queries/events.ts";

/** The prefix of every admin events query's key (its pages, each event's registrations): a write invalidates them all. */
const ADMIN_EVENTS_KEY = ["/api/admin/events"] as const;

/** What the Events tab asks for: words of an event's name or place, upcoming or past ones, the page. */
export type AdminEventsQuery = { search: string; when: "all" | "upcoming" | "past"; page: number };

const getEventsPage = (query: AdminEventsQuery) => call((api) => api.admin.events.page.get({ query }));
/** An event of the admin list: past ones included, with its registrations counted. */
export type AdminEvent = Awaited<ReturnType<typeof getEventsPage>>["items"][number];

/**
 * One page of the tab's events, the previous one shown while it loads; asked again whenever the tab shows it (the
 * registrations' counts change as visitors register).
 */
export const adminEventsPageQueryOptions = (query: AdminEventsQuery) =>
  queryOptions({
    queryKey: [...ADMIN_EVENTS_KEY, "page", query],
    queryFn: () => getEventsPage(query),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

const registrationsKey = (eventId: number) => [...ADMIN_EVENTS_KEY, eventId, "registrations"] as const;

/** Every registration of an event, for its CSV. */
export const registrationsQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: [...registrationsKey(eventId), "all"],
    queryFn: () => call((api) => api.admin.events({ id: eventId }).registrations.get()),
    staleTime: 0,
  });

/** What the dialog's lists ask for: words of a name or an address, one state, the page. */
export type RegistrationsQuery = { search: string; state: "all" | "confirmed" | "pending" | "waiting" | "cancelled"; page: number };

/** Registrations arrive from visitors at any time: a page refetched whenever the dialog shows it, with the event's counts. */
export const registrationsPageQueryOptions = (eventId: number, query: RegistrationsQuery) =>
  queryOptions({
    queryKey: [...registrationsKey(eventId), "page", query],
    queryFn: () => call((api) => api.admin.events({ id: eventId }).registrations.page.get({ query })),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** After an event change: the admin's pages, /api/events (spec §7) and the archive, where past events show. */
async function refreshEvents(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_EVENTS_KEY }),
    queryClient.invalidateQueries({ queryKey: eventsQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: ARCHIVE_QUERY_KEY }),
  ]);
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EventInput) => call((api) => api.admin.events.post(input)),
    onSuccess: async () => {
      await refreshEvents(queryClient);
    },
  });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: Partial<EventInput> }) => call((api) => api.admin.events({ id }).patch(changes)),
    onSuccess: async () => {
      await refreshEvents(queryClient);
    },
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call((api) => api.admin.events({ id }).delete()),
    onSuccess: async () => {
      await refreshEvents(queryClient);
    },
  });
}

/** Uploads a PDF for an event, or for one not created yet ('temp'). */
export const useUploadAttachment = () =>
  useMutation({
    mutationFn: ({ eventId, file }: { eventId: number | "temp"; file: File }) =>
      call((api) => api.admin.events({ id: eventId }).attachment.post({ file })),
  });

/** The admin runs an event (issue 23): move up, cancel for someone, check in, mail the confirmed registrants. */
export type RegistrationAction = "move-up" | "cancel" | { checkedIn: boolean };

export function useRegistrationAction(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: RegistrationAction }) =>
      call((api) => {
        const registration = api.admin.events({ id: eventId }).registrations({ registrationId: id });
        if (action === "move-up") return registration["move-up"].post();
        return action === "cancel" ? registration.cancel.post() : registration.patch(action);
      }),
    onSuccess: async (_, { action }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: registrationsKey(eventId) }),
        typeof action === "string" && refreshEvents(queryClient),
      ]);
    },
  });
}

export function useMailRegistrants(eventId: number) {
  return useMutation({
    mutationFn: (input: RegistrantsMailInput) => call((api) => api.admin.events({ id: eventId }).mail.post(input)),
  });
}

/** 'Cancel this event' (issues 32, 38): the event off, every registrant cancelled and mailed her message, every payment refunded. */
export function useCancelEvent(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => call((api) => api.admin.events({ id: eventId }).cancel.post({ reason })),
    onSuccess: () => refreshEvents(queryClient),
  });
}
