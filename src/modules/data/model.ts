// The data module's answers: app_data's sync state and its git history.

export type SyncStatus = { hasAppData: boolean; lastSync: string | null; files: string[] };

/** The result of the last push to GIT_REMOTE_URL: when, whether it worked, which commit, and what the remote said. */
export type LastPush = { at: string; ok: boolean; commit: string; message: string };
/** One commit of app_data's history; `pushed` is null when no remote is set. */
export type GitCommit = { id: string; shortId: string; date: string; message: string; pushed: boolean | null };
/** GET /api/admin/git-status: the remote as shown (never with credentials), the branch, the last push, the newest commits. */
export type GitStatus = { remote: string | null; branch: string; lastPush: LastPush | null; commits: GitCommit[] };
