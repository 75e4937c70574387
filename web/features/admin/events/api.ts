// Admin events (spec §7): every event (past included), registrations, PDF attachments.

import type { EventInput, RegistrantsMailInput } from "@server/shared/schemas.ts";
import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, call } from "@web/lib/api.ts";
import { ARCHIVE_QUERY_KEY } from "@web/lib/queries/archive.ts";
import { eventsQueryOptions } from "@web/lib/queries/events.ts";
import { errorText, notifyError, notifySuccess } from "../shared/notify.ts";

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
      notifySuccess("Event created successfully");
      await refreshEvents(queryClient);
    },
    onError: (error) => notifyError(error, "Failed to create event"),
  });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: Partial<EventInput> }) => call((api) => api.admin.events({ id }).patch(changes)),
    onSuccess: async () => {
      notifySuccess("Event updated successfully");
      await refreshEvents(queryClient);
    },
    // A refused change of places says why (issue 23: never fewer places than confirmed registrants).
    onError: (error) =>
      notifyError(
        error,
        error instanceof ApiError && error.status === 409 ? `Failed to update event: ${errorText(error)}` : "Failed to update event",
      ),
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call((api) => api.admin.events({ id }).delete()),
    onSuccess: async () => {
      notifySuccess("Event deleted successfully");
      await refreshEvents(queryClient);
    },
    onError: (error) => notifyError(error, "Failed to delete event"),
  });
}

/** Uploads a PDF for an event, or for one not created yet ('temp'). */
export const useUploadAttachment = () =>
  useMutation({
    mutationFn: ({ eventId, file }: { eventId: number | "temp"; file: File }) =>
      call((api) => api.admin.events({ id: eventId }).attachment.post({ file })),
  });

/** The admin runs an event (issue 23): move up, cancel for someone, check in, mail the confirmed registrants. */
export function useRegistrationAction(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: "move-up" | "cancel" | { checkedIn: boolean } }) =>
      call((api) => {
        const registration = api.admin.events({ id: eventId }).registrations({ registrationId: id });
        if (action === "move-up") return registration["move-up"].post();
        return action === "cancel" ? registration.cancel.post() : registration.patch(action);
      }),
    onSuccess: async (_, { action }) => {
      if (action === "move-up") notifySuccess("Moved up: a place is theirs, and they are mailed");
      if (action === "cancel") notifySuccess("Registration cancelled, and they are mailed");
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: registrationsQueryOptions(eventId).queryKey }),
        typeof action === "string" && refreshEvents(queryClient),
      ]);
    },
    onError: (error, { action }) => {
      const failed =
        action === "move-up"
          ? "Failed to move the registrant up"
          : action === "cancel"
            ? "Failed to cancel the registration"
            : action.checkedIn
              ? "Failed to check in the registrant"
              : "Failed to take back the check-in";
      notifyError(error, `${failed}: ${errorText(error)}`);
    },
  });
}

export function useMailRegistrants(eventId: number) {
  return useMutation({
    mutationFn: (input: RegistrantsMailInput) => call((api) => api.admin.events({ id: eventId }).mail.post(input)),
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: (error) => notifyError(error, `Failed to mail the registrants: ${errorText(error)}`),
  });
}
