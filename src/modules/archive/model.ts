// The archive module's bodies, query and answers (the archive form's schema is src/shared/schemas.ts, which the web
// shares).

import { archiveEvents } from "@db/schema.ts";
import { type AnswerOf, answer, paged, rowOf } from "@server/lib/answers.ts";
import { pageParam, searchParam } from "@server/lib/paging.ts";
import { archiveEventSchema } from "@server/shared/schemas.ts";
import { array, assign, enums, type Infer, nullable, number, object, omit, optional, partial, size, string } from "superstruct";

export const archiveEventPatchSchema = partial(archiveEventSchema);

export const archivePageQuerySchema = object({
  year: optional(size(string(), 0, 20)),
  type: optional(size(string(), 0, 100)),
  search: searchParam,
  sort: optional(enums(["newest", "oldest"])),
  page: pageParam,
});
export type ArchivePageQuery = Infer<typeof archivePageQuerySchema>;
/** `GET /api/admin/archive-events/page`: the public page's year, type, search and page, over the archive's own rows. */
export const adminArchiveQuerySchema = omit(archivePageQuerySchema, ["sort"]);
export type AdminArchiveQuery = Infer<typeof adminArchiveQuerySchema>;

const archiveRow = rowOf(archiveEvents);
export const archiveEventAnswer = answer(archiveRow);
export const archiveEventList = answer(array(archiveRow));
export type ArchiveEvent = AnswerOf<typeof archiveEventAnswer>;
/** The Events tab's archive entries, a page at a time, with the years and types of all of them (issue 33). */
export const adminArchivePage = answer(paged(archiveRow, { years: array(string()), types: array(string()) }));

/**
 * One entry of GET /api/archive-events: an `archive_events` row (source "archive") or a past event mapped to the
 * archive shape (source "event"; `image` is its first photo, `images` the rest).
 */
const archiveItem = assign(archiveRow, object({ source: enums(["archive", "event"]), images: array(string()) }));
export const archiveItemList = answer(array(archiveItem));
export type ArchiveItem = AnswerOf<typeof archiveItemList>[number];
/** GET /api/archive-events/:source/:id: the entry, or null when the link names none. */
export const archiveEntry = answer(object({ entry: nullable(archiveItem) }));
/** One page of the matching entries, their count, and the years and types of the whole archive (the selects' options). */
export const archivePageAnswer = answer(
  object({ items: array(archiveItem), total: number(), page: number(), years: array(string()), types: array(string()) }),
);
export type ArchivePage = AnswerOf<typeof archivePageAnswer>;
