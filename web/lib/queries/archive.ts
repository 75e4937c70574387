import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { call } from "../api.ts";

/** The prefix of every archive query's key: a write invalidates them all. The browser never asks for the whole archive. */
export const ARCHIVE_QUERY_KEY = ["/api/archive-events"] as const;

/** What the archive's filter bar asks for; the search is sent trimmed. */
export type ArchiveQuery = { year: string; type: string; search: string; sort: "newest" | "oldest"; page: number };
export const FIRST_ARCHIVE_PAGE: ArchiveQuery = { year: "all", type: "all", search: "", sort: "newest", page: 1 };

/** One page of the matching entries, their count and the whole archive's years and types (the server filters). */
export const archivePageQueryOptions = (query: ArchiveQuery) =>
  queryOptions({
    queryKey: [...ARCHIVE_QUERY_KEY, "page", query],
    queryFn: () => call((api) => api["archive-events"].page.get({ query })),
  });

/** The page asked for; the previous one stays shown while it loads. */
export const useArchivePage = (query: ArchiveQuery) => useQuery({ ...archivePageQueryOptions(query), placeholderData: keepPreviousData });
