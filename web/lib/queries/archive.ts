import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../api.ts";

const getArchive = () => call((api) => api["archive-events"].get());

/** The whole archive: its key is the prefix of every archive query (a write invalidates them all). */
export const archiveQueryOptions = () => queryOptions({ queryKey: ["/api/archive-events"], queryFn: getArchive });

/** What the archive's filter bar asks for; the search is sent trimmed. */
export type ArchiveQuery = { year: string; type: string; search: string; sort: "newest" | "oldest"; page: number };
export const FIRST_ARCHIVE_PAGE: ArchiveQuery = { year: "all", type: "all", search: "", sort: "newest", page: 1 };

/** One page of the matching entries, their count and the whole archive's years and types (the server filters). */
export const archivePageQueryOptions = (query: ArchiveQuery) =>
  queryOptions({
    queryKey: ["/api/archive-events", "page", query],
    queryFn: () => call((api) => api["archive-events"].page.get({ query })),
  });

/** The page asked for; the previous one stays shown while it loads. */
export const useArchivePage = (query: ArchiveQuery) => useQuery({ ...archivePageQueryOptions(query), placeholderData: keepPreviousData });

/** One entry (a link to it when it is not on the page shown); null when there is none. */
export const archiveEntryQueryOptions = (source: "archive" | "event", id: number) =>
  queryOptions({
    queryKey: ["/api/archive-events", source, id],
    queryFn: () => call((api) => api["archive-events"]({ source })({ id }).get()).then((found) => found.entry),
  });
