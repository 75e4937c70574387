import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RegistrationInput } from "../../../src/shared/schemas.ts";
import type { Event } from "../../../src/shared/types.ts";
import { apiRequest, getJson } from "../../lib/api.ts";

/** Upcoming events, soonest first. */
const getEvents = () => getJson<Event[]>("/api/events");

export const eventsQueryOptions = () => queryOptions({ queryKey: ["/api/events"], queryFn: getEvents });

export const useEvents = () => useQuery(eventsQueryOptions());

/** Registers for an upcoming event (the event has no external registration link). */
export const registerForEvent = (eventId: number, input: RegistrationInput & { website?: string }) =>
  apiRequest<unknown>("POST", `/api/events/${eventId}/registrations`, { body: input });
