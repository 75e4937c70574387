// The data module's body and answers: the version to restore, app_data's sync state and its git history.
import { define, object, optional } from "superstruct";

export type SyncStatus = { hasAppData: boolean; lastSync: string | null; files: string[] };

/** The result of the last push to GIT_REMOTE_URL: when, whether it worked, which commit, and what the remote said. */
export type LastPush = { at: string; ok: boolean; commit: string; message: string };
/** One commit of app_data's history; `pushed` is null when no remote is set. */
export type GitCommit = { id: string; shortId: string; date: string; message: string; pushed: boolean | null };
/** GET /api/admin/git-status: the remote as shown (never with credentials), the branch, the last push, the newest commits. */
export type GitStatus = { remote: string | null; branch: string; lastPush: LastPush | null; commits: GitCommit[] };

/** A commit id as git writes it in full: 40 lowercase hexadecimal digits. */
const COMMIT_ID = /^[0-9a-f]{40}$/;
/** POST /api/admin/restore-from-app-data: the spec's empty object, or the version ('Restore this version') to restore. */
export const restoreSchema = object({
  commit: optional(
    define<string>("commit", (value) => (typeof value === "string" && COMMIT_ID.test(value)) || "A version is a 40-character commit id"),
  ),
});
