// Shapes of the public calls' answers, shared by the server and the web app.
import type { ArchiveEvent, Class, Event, Notification, Profile } from "@db/schema.ts";

export type { ArchiveEvent, Class, Event, Notification };

/** GET /api/profile: the stored profile, or the spec §2.1 defaults (id 0) when none is stored. */
/** GET /api/profile: the stored profile (or the defaults, id 0) and the site's time zone (SITE_TIMEZONE). */
export type PublicProfile = Omit<Profile, "id"> & { id: number; timezone: string };

/**
 * One entry of GET /api/archive-events: an `archive_events` row (source "archive") or a past event mapped to the
 * archive shape (source "event"; `image` is its first photo, `images` the rest).
 */
export type ArchiveItem = Omit<ArchiveEvent, "images"> & { source: "archive" | "event"; images: string[] };

export type Video = { id: string; title: string; publishedAt: string; thumbnail: string };
export type VideoList = { videos: Video[]; channelId: string };
export const VIDEO_ERROR_CODES = ["QUOTA_EXCEEDED", "RATE_LIMITED", "AUTH_ERROR", "NOT_CONFIGURED", "UPSTREAM_ERROR"] as const;
export type VideoErrorCode = (typeof VIDEO_ERROR_CODES)[number];
export type VideoError = { error: string; code: VideoErrorCode; message: string };

export type SyncStatus = { hasAppData: boolean; lastSync: string | null; files: string[] };
