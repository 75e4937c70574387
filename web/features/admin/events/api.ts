// Admin events (spec §7): every event (past included), registrations, PDF attachments.

import type { EventInput } from "@server/shared/schemas.ts";
import type { AdminEvent, Event, Registration } from "@server/shared/types.ts";
import { type QueryClient, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, getJson } from "@web/lib/api.ts";
import { archiveQueryOptions } from "@web/lib/queries/archive.ts";
import { eventsQueryOptions } from "@web/lib/queries/events.ts";
import { notifyError, notifySuccess } from "../shared/notify.ts";

export const adminEventsQueryOptions = () =>
  queryOptions({ queryKey: ["/api/admin/events"], queryFn: () => getJson<AdminEvent[]>("/api/admin/events") });

/** Registrations arrive from visitors at any time: refetched whenever the tab or the dialog shows them. */
export const registrationsQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: ["/api/admin/events", eventId, "registrations"],
    queryFn: () => getJson<Registration[]>(`/api/admin/events/${eventId}/registrations`),
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
    onError: (error) => notifyError(error, "Failed to update event"),
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
