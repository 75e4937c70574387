import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Event } from "../../../src/shared/types.ts";
import { getJson } from "../api.ts";

/** Upcoming events, soonest first. */
const getEvents = () => getJson<Event[]>("/api/events");

export const eventsQueryOptions = () => queryOptions({ queryKey: ["/api/events"], queryFn: getEvents });

export const useEvents = () => useQuery(eventsQueryOptions());
