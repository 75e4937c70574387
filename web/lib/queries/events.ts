import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../api.ts";

/** Upcoming events, soonest first. */
const getEvents = () => call((api) => api.events.get());

export const eventsQueryOptions = () => queryOptions({ queryKey: ["/api/events"], queryFn: getEvents });

export const useEvents = () => useQuery(eventsQueryOptions());
