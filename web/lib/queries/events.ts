import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../api.ts";

/** Upcoming events, soonest first: the key is the prefix of every events query (a write invalidates them all). */
const getEvents = () => call((api) => api.events.get());

export const eventsQueryOptions = () => queryOptions({ queryKey: ["/api/events"], queryFn: getEvents });

/** All of them, once asked for ('View All Events'). */
export const useEvents = (enabled: boolean) => useQuery({ ...eventsQueryOptions(), enabled });

/** The first ones `/` shows, and how many there are. */
export const firstEventsQueryOptions = () =>
  queryOptions({ queryKey: ["/api/events", "first"], queryFn: () => call((api) => api.events.first.get()) });

export const useFirstEvents = () => useQuery(firstEventsQueryOptions());
