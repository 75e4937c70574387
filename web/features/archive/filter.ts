// Archive filters, sort and pagination (spec §2.1, §4, §5, §9). Pure functions, tested in filter.test.ts.

import { htmlToText } from "@server/shared/rich-text.ts";
import type { ArchiveItem } from "@web/lib/api-types.ts";
import { ARCHIVE_PAGE_SIZE, PAGINATION_SLOTS } from "@web/lib/constants.ts";

type SortOrder = "newest" | "oldest";
export type ArchiveFilters = { year: string; type: string; search: string; sort: SortOrder };
export const DEFAULT_FILTERS: ArchiveFilters = { year: "all", type: "all", search: "", sort: "newest" };

export const isFiltered = (filters: ArchiveFilters) =>
  filters.year !== "all" || filters.type !== "all" || filters.search.trim() !== "" || filters.sort !== "newest";

/** Distinct years, newest first. */
export const archiveYears = (items: ArchiveItem[]) => [...new Set(items.map((item) => item.year))].sort((a, b) => Number(b) - Number(a));

/** Distinct types (case-insensitive), sorted alphabetically. */
export function archiveTypes(items: ArchiveItem[]): string[] {
  const byKey = new Map<string, string>();
  for (const item of items) if (!byKey.has(item.type.toLowerCase())) byKey.set(item.type.toLowerCase(), item.type);
  // One collator for the whole sort: `localeCompare` with options builds a new one for each pair.
  return [...byKey.values()].sort(new Intl.Collator("en", { sensitivity: "base" }).compare);
}

/** Year equal or 'all'; type case-insensitive; search a case-insensitive substring of title, description or type. */
export function filterArchive(items: ArchiveItem[], filters: ArchiveFilters): ArchiveItem[] {
  const term = filters.search.trim().toLowerCase();
  const matched = items.filter(
    (item) =>
      (filters.year === "all" || item.year === filters.year) &&
      (filters.type === "all" || item.type.toLowerCase() === filters.type.toLowerCase()) &&
      (!term ||
        item.title.toLowerCase().includes(term) ||
        htmlToText(item.description).toLowerCase().includes(term) ||
        item.type.toLowerCase().includes(term)),
  );
  // Sorting is by year, numerically (a stable sort keeps the server's order within a year).
  const direction = filters.sort === "newest" ? -1 : 1;
  return matched
    .map((item, position) => ({ item, position }))
    .sort((a, b) => direction * (Number(a.item.year) - Number(b.item.year)) || a.position - b.position)
    .map(({ item }) => item);
}

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
