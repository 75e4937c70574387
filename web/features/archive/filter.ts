// The archive filter bar's state and its pagination (spec §2.1, §4, §5, §9); the server filters and sorts
// (src/modules/archive/filter.ts). Pure functions, tested in filter.test.ts.

import { ARCHIVE_PAGE_SIZE } from "@server/shared/constants.ts";

type SortOrder = "newest" | "oldest";
export type ArchiveFilters = { year: string; type: string; search: string; sort: SortOrder };
export const DEFAULT_FILTERS: ArchiveFilters = { year: "all", type: "all", search: "", sort: "newest" };

export const isFiltered = (filters: ArchiveFilters) =>
  filters.year !== "all" || filters.type !== "all" || filters.search.trim() !== "" || filters.sort !== "newest";

/** 'Showing X-Y of N events'. */
export const showingText = (page: number, total: number, size = ARCHIVE_PAGE_SIZE) =>
  `Showing ${(page - 1) * size + 1}-${Math.min(page * size, total)} of ${total} events`;
