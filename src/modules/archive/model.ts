// The archive module's bodies and answers (the archive form's schema is src/shared/schemas.ts, which the web shares).

import type { ArchiveEvent } from "@db/schema.ts";
import { archiveEventSchema } from "@server/shared/schemas.ts";
import { type Infer, omit, partial } from "superstruct";
import { archivePageQuerySchema } from "./filter.ts";

/**
 * One entry of GET /api/archive-events: an `archive_events` row (source "archive") or a past event mapped to the
 * archive shape (source "event"; `image` is its first photo, `images` the rest).
 */
export type ArchiveItem = Omit<ArchiveEvent, "images"> & { source: "archive" | "event"; images: string[] };

export const archiveEventPatchSchema = partial(archiveEventSchema);

/** `GET /api/admin/archive-events/page`: the public page's year, type, search and page, over the archive's own rows. */
export const adminArchiveQuerySchema = omit(archivePageQuerySchema, ["sort"]);
export type AdminArchiveQuery = Infer<typeof adminArchiveQuerySchema>;
