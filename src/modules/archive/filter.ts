// The archive's filters, sort and pages (spec §2.1, §4, §5, §9), answered by the server: the browser is sent one page
// of a history that grows by the year. The sort reads the entries' display dates, which SQL cannot, so the whole
// archive is filtered here, from a list read once per change of the data (src/modules/archive/index.ts).

import { ARCHIVE_PAGE_SIZE } from "@server/shared/constants.ts";
import { htmlToText } from "@server/shared/rich-text.ts";
import type { ArchiveItem, ArchivePage, ArchivePageQuery } from "./model.ts";

/** Distinct years, newest first. */
export const archiveYears = (items: Pick<ArchiveItem, "year">[]) =>
  [...new Set(items.map((item) => item.year))].sort((a, b) => Number(b) - Number(a));

/** Distinct types (case-insensitive), sorted alphabetically. */
export function archiveTypes(items: Pick<ArchiveItem, "type">[]): string[] {
  const byKey = new Map<string, string>();
  for (const item of items) if (!byKey.has(item.type.toLowerCase())) byKey.set(item.type.toLowerCase(), item.type);
  // One collator for the whole sort: `localeCompare` with options builds a new one for each pair.
  return [...byKey.values()].sort(new Intl.Collator("en", { sensitivity: "base" }).compare);
}

/** The archive as it is searched: each entry with the lower-cased texts a search looks in, and the selects' options. */
export function searchable(items: ArchiveItem[]) {
  return {
    items,
    texts: items.map((item) => [item.title, htmlToText(item.description), item.type].map((field) => field.toLowerCase())),
    years: archiveYears(items),
    types: archiveTypes(items),
  };
}
export type SearchableArchive = ReturnType<typeof searchable>;

/** Year equal or 'all'; type case-insensitive; search a case-insensitive substring of title, description or type. */
export function filterArchive({ items, texts }: Pick<SearchableArchive, "items" | "texts">, query: ArchivePageQuery): ArchiveItem[] {
  const [year, type, term] = [query.year ?? "all", (query.type ?? "all").toLowerCase(), (query.search ?? "").trim().toLowerCase()];
  const matched = items
    .map((item, position) => ({ item, position }))
    .filter(
      ({ item, position }) =>
        (year === "all" || item.year === year) &&
        (type === "all" || item.type.toLowerCase() === type) &&
        (!term || texts[position]?.some((field) => field.includes(term))),
    );
  // Sorting is by year, numerically (a stable sort keeps the server's order within a year).
  const direction = query.sort === "oldest" ? 1 : -1;
  return matched.sort((a, b) => direction * (Number(a.item.year) - Number(b.item.year)) || a.position - b.position).map(({ item }) => item);
}

/** The page asked for (the last when it is past the end), ARCHIVE_PAGE_SIZE entries long. */
export function archivePage(archive: SearchableArchive, query: ArchivePageQuery): ArchivePage {
  const matched = filterArchive(archive, query);
  const pages = Math.max(1, Math.ceil(matched.length / ARCHIVE_PAGE_SIZE));
  const page = Math.min(query.page ?? 1, pages);
  const items = matched.slice((page - 1) * ARCHIVE_PAGE_SIZE, page * ARCHIVE_PAGE_SIZE);
  return { items, total: matched.length, page, years: archive.years, types: archive.types };
}
