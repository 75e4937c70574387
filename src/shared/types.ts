// Shapes of the public calls' answers, shared by the server and the web app.
import type { ArchiveEvent, Class, Event, EventRegistration, Notification, Profile } from "@db/schema.ts";

export type { ArchiveEvent, Class, Event, Notification };
/** One row of GET /api/admin/events/:id/registrations: `position` (1, 2, …) for the waiting ones (issue 23). */
export type Registration = EventRegistration & { position: number | null };
/** The answer of POST /api/events/:id/registrations (issue 23). */
export type RegistrationAnswer =
  | { state: "confirmed" }
  | { state: "waiting"; position: number }
  /** Issue 32: a priced place held until `holdUntil` (ISO time) for its payment at `checkoutUrl`. */
  | { state: "pending"; checkoutUrl: string; holdUntil: string };
/**
 * One event of GET /api/events: its places left (null: unlimited), whether registration is open (issue 23), and the
 * currency of its prices (issue 32).
 */
export type PublicEvent = Event & { placesLeft: number | null; registrationOpen: boolean; currency: string };

/** GET /api/profile: the stored profile, or the spec §2.1 defaults (id 0) when none is stored. */
/** GET /api/profile: the stored profile (or the defaults, id 0) and the site's time zone (SITE_TIMEZONE). */
export type PublicProfile = Omit<Profile, "id"> & { id: number; timezone: string; payments: { enabled: boolean; currency: string } };

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

/** The result of the last push to GIT_REMOTE_URL: when, whether it worked, which commit, and what the remote said. */
export type LastPush = { at: string; ok: boolean; commit: string; message: string };
/** One commit of app_data's history; `pushed` is null when no remote is set. */
export type GitCommit = { id: string; shortId: string; date: string; message: string; pushed: boolean | null };
/** GET /api/admin/git-status: the remote as shown (never with credentials), the branch, the last push, the newest commits. */
export type GitStatus = { remote: string | null; branch: string; lastPush: LastPush | null; commits: GitCommit[] };
