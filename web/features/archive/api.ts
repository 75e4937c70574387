import type { ArchiveItem } from "../../../src/shared/types.ts";
import { getJson } from "../../lib/api.ts";
import { queryOptions, useQuery } from "../../lib/query.ts";

export const archiveQueryOptions = () =>
  queryOptions({ queryKey: ["/api/archive-events"], queryFn: () => getJson<ArchiveItem[]>("/api/archive-events") });

export const useArchive = () => useQuery(archiveQueryOptions());
