import type { ArchiveItem } from "@server/shared/types.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "../api.ts";

const getArchive = () => getJson<ArchiveItem[]>("/api/archive-events");

export const archiveQueryOptions = () => queryOptions({ queryKey: ["/api/archive-events"], queryFn: getArchive });

export const useArchive = () => useQuery(archiveQueryOptions());
