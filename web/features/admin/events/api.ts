// Admin events (spec §7): every event (past included), registrations, PDF attachments.

import type { EventInput, RegistrantsMailInput } from "@server/shared/schemas.ts";
import type { AdminEvent, Event } from "@server/shared/types.ts";
import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest, call, getJson } from "@web/lib/api.ts";
import { archiveQueryOptions } from "@web/lib/queries/archive.ts";
import { eventsQueryOptions } from "@web/lib/queries/events.ts";
import { errorText, notifyError, notifySuccess } from "../shared/notify.ts";

export const adminEventsQueryOptions = () =>
  queryOptions({ queryKey: ["/api/admin/events"], queryFn: () => getJson<AdminEvent[]>("/api/admin/events") });

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
    queryClient.invalidateQueries({ queryKey: archiveQueryOptions().queryKey }),
  ]);
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EventInput) => apiRequest<Event>("POST", "/api/admin/events", { body: input }),
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
    mutationFn: ({ id, changes }: { id: number; changes: Partial<EventInput> }) =>
      apiRequest<Event>("PATCH", `/api/admin/events/${id}`, { body: changes }),
    onSuccess: async () => {
      notifySuccess("Event updated successfully");
      await refreshEvents(queryClient);
    },
    // A refused change of places says why (issue 23: never fewer places than confirmed registrants).
    onError: (error) => notifyError(error, error instanceof ApiError && error.status === 409 ? errorText(error) : "Failed to update event"),
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", `/api/admin/events/${id}`),
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
    mutationFn: ({ eventId, file }: { eventId: number | "temp"; file: File }) => {
      const body = new FormData();
      body.append("file", file);
      return apiRequest<{ fileUrl: string }>("POST", `/api/admin/events/${eventId}/attachment`, { body });
    },
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
    onError: (error) => notifyError(error, errorText(error)),
  });
}

export function useMailRegistrants(eventId: number) {
  return useMutation({
    mutationFn: (input: RegistrantsMailInput) => call((api) => api.admin.events({ id: eventId }).mail.post(input)),
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: (error) => notifyError(error, errorText(error)),
  });
}
