import { queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../api.ts";

const getArchive = () => call((api) => api["archive-events"].get());

export const archiveQueryOptions = () => queryOptions({ queryKey: ["/api/archive-events"], queryFn: getArchive });

export const useArchive = () => useQuery(archiveQueryOptions());
