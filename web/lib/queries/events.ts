import type { PublicEvent } from "@server/shared/types.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "../api.ts";

/** Upcoming events, soonest first. */
const getEvents = () => getJson<PublicEvent[]>("/api/events");

export const eventsQueryOptions = () => queryOptions({ queryKey: ["/api/events"], queryFn: getEvents });

export const useEvents = () => useQuery(eventsQueryOptions());
