// The archive module's bodies and answers (the archive form's schema is src/shared/schemas.ts, which the web shares).

import type { ArchiveEvent } from "@db/schema.ts";
import { archiveEventSchema } from "@server/shared/schemas.ts";
import { partial } from "superstruct";

/**
 * One entry of GET /api/archive-events: an `archive_events` row (source "archive") or a past event mapped to the
 * archive shape (source "event"; `image` is its first photo, `images` the rest).
 */
export type ArchiveItem = Omit<ArchiveEvent, "images"> & { source: "archive" | "event"; images: string[] };

export const archiveEventPatchSchema = partial(archiveEventSchema);
