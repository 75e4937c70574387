import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ArchiveItem } from "../../../src/shared/types.ts";
import { getJson } from "../api.ts";

const getArchive = () => getJson<ArchiveItem[]>("/api/archive-events");

export const archiveQueryOptions = () => queryOptions({ queryKey: ["/api/archive-events"], queryFn: getArchive });

export const useArchive = () => useQuery(archiveQueryOptions());
