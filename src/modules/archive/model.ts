// The archive module's answers.
import type { ArchiveEvent } from "@db/schema.ts";

/**
 * One entry of GET /api/archive-events: an `archive_events` row (source "archive") or a past event mapped to the
 * archive shape (source "event"; `image` is its first photo, `images` the rest).
 */
export type ArchiveItem = Omit<ArchiveEvent, "images"> & { source: "archive" | "event"; images: string[] };
