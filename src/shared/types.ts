// Shapes of the public calls' answers, shared by the server and the web app.
import type { ArchiveEvent, Class, Event, Notification, Profile } from "../../db/schema.ts";

export type { ArchiveEvent, Class, Event, Notification, Profile };

/** GET /api/profile: the stored profile, or the spec §2.1 defaults (id 0) when none is stored. */
export type PublicProfile = Omit<Profile, "id"> & { id: number };

/**
 * One entry of GET /api/archive-events: an `archive_events` row (source "archive") or a past event mapped to the
 * archive shape (source "event"; `image` is its first photo, `images` the rest).
 */
export type ArchiveItem = Omit<ArchiveEvent, "images"> & { source: "archive" | "event"; images: string[] };

export type Video = { id: string; title: string; publishedAt: string; thumbnail: string };
export type VideoList = { videos: Video[]; channelId: string };
export type VideoErrorCode = "QUOTA_EXCEEDED" | "RATE_LIMITED" | "AUTH_ERROR" | "NOT_CONFIGURED" | "UPSTREAM_ERROR";
export type VideoError = { error: string; code: VideoErrorCode; message: string };

export type Registration = {
  id: number;
  eventId: number;
  name: string;
  email: string;
  phone: string;
  additionalInfo: string | null;
  createdAt: string;
};

export type SyncStatus = { hasAppData: boolean; lastSync: string | null; files: string[] };
