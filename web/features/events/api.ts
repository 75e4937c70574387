import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Event } from "../../../src/shared/types.ts";
import { getJson } from "../../lib/api.ts";

/** Upcoming events, soonest first. */
export const eventsQueryOptions = () => queryOptions({ queryKey: ["/api/events"], queryFn: () => getJson<Event[]>("/api/events") });

export const useEvents = () => useQuery(eventsQueryOptions());
