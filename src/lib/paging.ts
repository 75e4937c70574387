// The admin's long lists (issue 33): searched, filtered and paged in SQLite, one page sent at a time.

import { ADMIN_PAGE_SIZE } from "@server/shared/constants.ts";
import { or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { coerce, integer, min, optional, size, string } from "superstruct";

/** `?page=`: a whole number from 1 (a page past the end answers the last). */
export const pageParam = optional(coerce(min(integer(), 1), string(), Number));
/** `?search=`: words looked for as they are typed. */
export const searchParam = optional(size(string(), 0, 200));

/** One page of a list: its rows, how many match in all, the page answered and the rows a page holds. */
export type Paged<T> = { items: T[]; total: number; page: number; pageSize: number };

/** The page asked for (the last when it is past the end, 1 when nothing matches) and its first row's offset. */
export function pageOf(requested: number | undefined, total: number, pageSize = ADMIN_PAGE_SIZE) {
  const page = Math.min(requested ?? 1, Math.max(1, Math.ceil(total / pageSize)));
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/**
 * Rows holding `search` in any of `columns`, case-insensitively (SQLite's LIKE; `%`, `_` and `\` typed are
 * themselves), or no condition for an empty search.
 */
export function containing(search: string | undefined, ...columns: SQLWrapper[]): SQL | undefined {
  const words = search?.trim();
  if (!words) return undefined;
  const pattern = `%${words.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return or(...columns.map((column) => sql`${column} like ${pattern} escape '\\'`));
}
