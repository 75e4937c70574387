// The archive filter bar's state and its pagination (spec §2.1, §4, §5, §9); the server filters and sorts
// (src/modules/archive/filter.ts). Pure functions, tested in filter.test.ts.

import { ARCHIVE_PAGE_SIZE } from "@server/shared/constants.ts";
import { PAGINATION_SLOTS } from "@web/lib/constants.ts";

type SortOrder = "newest" | "oldest";
export type ArchiveFilters = { year: string; type: string; search: string; sort: SortOrder };
export const DEFAULT_FILTERS: ArchiveFilters = { year: "all", type: "all", search: "", sort: "newest" };

export const isFiltered = (filters: ArchiveFilters) =>
  filters.year !== "all" || filters.type !== "all" || filters.search.trim() !== "" || filters.sort !== "newest";

export const pageCount = (total: number, size = ARCHIVE_PAGE_SIZE) => Math.max(1, Math.ceil(total / size));

export type PageSlot = number | "ellipsis-start" | "ellipsis-end";

/** At most 5 numbered slots, the first and last page always reachable, ellipses where pages are skipped. */
export function pageSlots(current: number, total: number, slots = PAGINATION_SLOTS): PageSlot[] {
  if (total <= slots) return Array.from({ length: total }, (_, i) => i + 1);
  const inner = slots - 2; // slots between the first and the last page
  let start = Math.max(2, current - Math.floor((inner - 1) / 2));
  let end = start + inner - 1;
  if (end > total - 1) {
    end = total - 1;
    start = end - inner + 1;
  }
  const result: PageSlot[] = [1];
  if (start > 2) result.push("ellipsis-start");
  for (let page = start; page <= end; page++) result.push(page);
  if (end < total - 1) result.push("ellipsis-end");
  result.push(total);
  return result;
}

/** 'Showing X-Y of N events'. */
export const showingText = (page: number, total: number, size = ARCHIVE_PAGE_SIZE) =>
  `Showing ${(page - 1) * size + 1}-${Math.min(page * size, total)} of ${total} events`;
