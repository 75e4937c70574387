import type { RegistrationInput } from "../../../src/shared/schemas.ts";
import type { Event } from "../../../src/shared/types.ts";
import { apiRequest, getJson } from "../../lib/api.ts";
import { queryOptions, useQuery } from "../../lib/query.ts";

/** Upcoming events, soonest first. */
export const eventsQueryOptions = () => queryOptions({ queryKey: ["/api/events"], queryFn: () => getJson<Event[]>("/api/events") });

export const useEvents = () => useQuery(eventsQueryOptions());

/** Registers for an upcoming event (the event has no external registration link). */
export const registerForEvent = (eventId: number, input: RegistrationInput & { website?: string }) =>
  apiRequest<unknown>("POST", `/api/events/${eventId}/registrations`, { body: input });
