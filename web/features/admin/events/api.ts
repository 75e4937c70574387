// Admin events (spec §7): every event (past included), registrations, PDF attachments.

import type { EventInput, RegistrantsMailInput } from "@server/shared/schemas.ts";
import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "@web/lib/api.ts";
import { ARCHIVE_QUERY_KEY } from "@web/lib/queries/archive.ts";
import { eventsQueryOptions } from "@web/lib/queries/events.ts";

const getAdminEvents = () => call((api) => api.admin.events.get());
/** An event of the admin list: past ones included, with its registrations counted. */
export type AdminEvent = Awaited<ReturnType<typeof getAdminEvents>>[number];

/** Asked again whenever the tab shows it: the registrations' counts change as visitors register. */
export const adminEventsQueryOptions = () => queryOptions({ queryKey: ["/api/admin/events"], queryFn: getAdminEvents, staleTime: 0 });

/** Registrations arrive from visitors at any time: refetched whenever the tab or the dialog shows them. */
export const registrationsQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: ["/api/admin/events", eventId, "registrations"],
    queryFn: () => call((api) => api.admin.events({ id: eventId }).registrations.get()),
    staleTime: 0,
  });

/** After an event change: the admin list, /api/events (spec §7) and the archive, where past events show. */
async function refreshEvents(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminEventsQueryOptions().queryKey, exact: true }),
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
        queryClient.invalidateQueries({ queryKey: registrationsQueryOptions(eventId).queryKey }),
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

/** 'Cancel this event' (issue 32): every registrant cancelled and mailed, every payment refunded. */
export function useCancelEvent(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call((api) => api.admin.events({ id: eventId }).cancel.post()),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: registrationsQueryOptions(eventId).queryKey }), refreshEvents(queryClient)]),
  });
}
