// 'Sync to Git' and 'Restore from Git' (issue 21): app_data written as before (app-data.ts), then committed and, when
// GIT_REMOTE_URL is set, pushed; a restore fetches first and takes the newest commit, or the one asked for.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Config, GitRemote } from "@server/config.ts";
import { badRequest, HttpError } from "@server/lib/errors.ts";
import { commitStaged, discardStaged, fsyncDir, isRegularFile, type StagedFile, stageWrite, writeFileAtomic } from "@server/lib/files.ts";
import { maskText } from "@server/lib/mask.ts";
import { getSetting, setSetting } from "@server/lib/settings.ts";
import { UPLOAD_FILE, uploadFileUnder } from "@server/lib/upload-files.ts";
import { EXPORT_SECTIONS, type ExportSection } from "@server/shared/constants.ts";
import { type AutoRestoreResult, autoRestore, MANIFEST_FILE, removeLeftovers, restoreFromAppData, sectionFile, syncToAppData } from "./app-data.ts";
import {
  commitIndex,
  commitTree,
  contains,
  fetchRemote,
  findCommit,
  history,
  isNotFastForward,
  isRepo,
  listFiles,
  localHead,
  pushBranch,
  type Repo,
  readBlob,
  readCommit,
  remoteHead,
  repoAt,
  stageAll,
  withRepo,
} from "./git.ts";
import type { GitCommit, GitStatus, LastPush } from "./model.ts";
import { type DataDeps, hasContent } from "./service.ts";

export type GitDeps = DataDeps & { config: Pick<Config, "dataDir" | "appDataDir" | "gitBranch" | "gitRemote"> };

const LAST_PUSH_SETTING = "gitLastPush";
/** Commits the Sync Status card lists. */
const HISTORY_LENGTH = 20;
const PUSH_ATTEMPTS = 3;

const short = (oid: string) => oid.slice(0, 7);
const subject = (message: string) => message.split("\n", 1)[0] ?? "";

// ---------------------------------------------------------------- what changed

type Counts = Record<ExportSection, number> & { uploads: number };

const NOUNS: Record<Exclude<keyof Counts, "profile">, [string, string]> = {
  events: ["event", "events"],
  classes: ["class", "classes"],
  archiveEvents: ["archive event", "archive events"],
  messages: ["message", "messages"],
  subscribers: ["subscriber", "subscribers"],
  notifications: ["notification", "notifications"],
  uploads: ["upload", "uploads"],
};

/** The counts of a snapshot whose files `read` answers (undefined for a file it lacks). */
async function countFiles(read: (path: string) => Promise<string | undefined>, uploads: number): Promise<Counts> {
  const counts = { uploads } as Counts;
  for (const section of EXPORT_SECTIONS) {
    let value: unknown;
    try {
      value = JSON.parse((await read(sectionFile(section))) ?? "null");
    } catch {
      value = null;
    }
    counts[section] = Array.isArray(value) ? value.length : value ? 1 : 0;
  }
  return counts;
}

/** "Sync: 8 events (+1), 6 classes, 2 messages (+1), a profile (changed), …": each section against the last commit. */
function describeChange(before: Counts | undefined, after: Counts, changed: string[]): string {
  // A file new in the first commit is no edit of anything.
  const touched = (file: string) => before !== undefined && changed.includes(file);
  const parts = (Object.keys(NOUNS) as (keyof typeof NOUNS)[]).map((key) => {
    const [one, many] = NOUNS[key];
    const delta = after[key] - (before?.[key] ?? 0);
    const file = key === "uploads" ? undefined : sectionFile(key);
    const note = delta ? ` (${delta > 0 ? "+" : ""}${delta})` : file && touched(file) ? " (changed)" : "";
    return `${after[key]} ${after[key] === 1 ? one : many}${note}`;
  });
  const profileNote = after.profile && !before?.profile ? " (new)" : touched(sectionFile("profile")) ? " (changed)" : "";
  parts.splice(5, 0, after.profile ? `a profile${profileNote}` : before?.profile ? "no profile (removed)" : "no profile");
  const files = changed.length > 12 ? [...changed.slice(0, 12), `and ${changed.length - 12} more`] : changed;
  return `Sync: ${parts.join(", ")}\n\nChanged: ${files.join(", ")}\n`;
}

async function commitMessage(repo: Repo, parent: string | undefined, changed: string[]): Promise<string> {
  const uploadsDir = join(repo.dir, "uploads");
  const uploads = existsSync(uploadsDir) ? readdirSync(uploadsDir).filter((name) => UPLOAD_FILE.test(name)).length : 0;
  const after = await countFiles(
    async (path) => (isRegularFile(join(repo.dir, path)) ? readFileSync(join(repo.dir, path), "utf8") : undefined),
    uploads,
  );
  if (!parent) return describeChange(undefined, after, changed);
  const files = new Map((await listFiles(repo, parent)).map((file) => [file.path, file.oid]));
  const read = async (path: string) => {
    const oid = files.get(path);
    return oid ? new TextDecoder().decode(await readBlob(repo, oid)) : undefined;
  };
  const before = await countFiles(read, [...files.keys()].filter((path) => uploadFileUnder("uploads/", path)).length);
  return describeChange(before, after, changed);
}

// ---------------------------------------------------------------- remote answers

/**
 * What went wrong talking to the remote, in words, without any credential (src/lib/mask.ts): the status first, then
 * what to do about it, then the remote's own words: "the remote answered 401 Unauthorized; check the token in
 * GIT_TOKEN or GIT_REMOTE_URL (it said: Authentication required)".
 */
function remoteError(error: unknown, remote: GitRemote): string {
  const data = (error as { data?: { statusCode?: number; statusMessage?: string; response?: string } }).data;
  let text: string;
  if (data?.statusCode) {
    const said = (data.response ?? "").trim().split("\n").slice(0, 3).join(" ").slice(0, 300);
    text = `the remote answered ${data.statusCode} ${data.statusMessage ?? ""}`.trim();
    if (data.statusCode === 401) text += "; check the token in GIT_TOKEN or GIT_REMOTE_URL";
    if (data.statusCode === 403) text += "; check that the token in GIT_TOKEN or GIT_REMOTE_URL may write to this repository";
    if (said) text += ` (it said: ${said})`;
  } else {
    const { message, code } = error as { message?: string; code?: string };
    text = message || String(error);
    if (code && !text.includes(code)) text += ` (${code})`;
  }
  return maskText(text, remote.secrets);
}

function recordPush(deps: GitDeps, lastPush: LastPush) {
  setSetting(deps.db, LAST_PUSH_SETTING, JSON.stringify(lastPush));
}

function readLastPush(deps: GitDeps): LastPush | null {
  try {
    return JSON.parse(getSetting(deps.db, LAST_PUSH_SETTING) ?? "null") as LastPush | null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- sync

export type GitSyncResult = ReturnType<typeof syncToAppData> & { commit: string | null };

/**
 * POST /api/admin/sync-to-app-data and the CLI's `sync`: writes app_data (as before), commits what changed (the
 * manifest's sync time alone is no change) and pushes when a remote is set. When the remote has commits this
 * server lacks, the new commit is made on top of both (a merge keeping this server's content); nothing is forced.
 * A failed fetch or push keeps the commit and throws a 502 that begins with what failed and why; the next sync
 * pushes it.
 */
export async function syncToGit(deps: GitDeps): Promise<GitSyncResult> {
  const { appDataDir, gitBranch, gitRemote: remote } = deps.config;
  const now = () => (deps.now?.() ?? new Date()).toISOString();
  const sync = withRepo(appDataDir, gitBranch, async (repo) => {
    const written = syncToAppData(deps);
    let remoteTip: string | undefined;
    // What failed first, and the step it failed in: the answer says the first, the details the second.
    let failure: { reason: string; step: string } | undefined;
    if (remote) {
      try {
        remoteTip = await fetchRemote(repo, remote);
      } catch (error) {
        failure = { reason: remoteError(error, remote), step: `The fetch from ${remote.url} (before the push) failed.` };
      }
    }
    const head = await localHead(repo);
    const changed = (await stageAll(repo)).filter((path) => path !== MANIFEST_FILE);
    // The remote has commits that this server's branch does not contain: the new commit joins both histories.
    const diverged = Boolean(head && remoteTip && !(await contains(repo, head, remoteTip)));
    let commit = head;
    if (changed.length || !head || diverged) {
      const parents = [head, diverged ? remoteTip : undefined].filter((oid) => oid !== undefined);
      commit = await commitIndex(repo, await commitMessage(repo, head, changed), parents);
    }
    const saved = commit ? `committed as ${short(commit)}` : "nothing to commit";
    const described = commit && commit !== head ? ` "${subject((await readCommit(repo, commit)).message)}"` : "";
    const summary = `${written.message} Git: ${commit === head && commit ? `no change since ${short(commit)}` : `${saved}${described}`}.`;
    if (!remote || !commit) return { ...written, message: summary, commit: commit ?? null };

    if (!failure) {
      try {
        commit = await push(repo, remote, commit);
      } catch (error) {
        failure = { reason: remoteError(error, remote), step: `The push to ${remote.url} failed.` };
      }
    }
    if (failure) {
      const failed = `Push to Git failed: ${failure.reason}.`;
      recordPush(deps, { at: now(), ok: false, commit, message: `${failed} ${failure.step}` });
      // What failed first, then that nothing is lost, then the details (issue 30 item 15).
      throw new HttpError(
        502,
        `${failed} Your data is saved here and the next sync pushes it. ${failure.step} ${written.message} Git: ${commit === head ? `commit ${short(commit)}` : `${saved}${described}`}, kept here.`,
      );
    }
    const message = `pushed ${short(commit)} to ${remote.url}`;
    recordPush(deps, { at: now(), ok: true, commit, message });
    return { ...written, message: `${summary.slice(0, -1)}; ${message}.`, commit };
  });
  return sync.catch((error) => {
    if (error instanceof HttpError) throw error;
    throw new HttpError(500, `Sync failed: could not write app_data (${maskText((error as Error).message, remote?.secrets)})`);
  });
}

/** Pushes `commit`; when another machine pushed in between, fetches and joins both histories first. */
async function push(repo: Repo, remote: GitRemote, commit: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    if ((await remoteHead(repo)) === commit) return commit;
    try {
      await pushBranch(repo, remote, commit);
      return commit;
    } catch (error) {
      if (attempt >= PUSH_ATTEMPTS || !isNotFastForward(error)) throw error;
    }
    const tip = await fetchRemote(repo, remote);
    if (tip && !(await contains(repo, commit, tip))) {
      const { tree } = await readCommit(repo, commit);
      commit = await commitTree(repo, `Sync: joined ${short(tip)} from ${remote.url}, this server's content kept\n`, tree, [commit, tip]);
    }
  }
}

// ---------------------------------------------------------------- restore

/**
 * Writes the app_data files of a commit into APP_DATA_DIR with sync's own order (uploads, then the sections while
 * there is no manifest, then the manifest), so a stop half-way never leaves a folder that restore would take.
 * Only what a sync writes is taken from the commit: the manifest, the seven sections and uploads with plain names.
 */
async function checkoutSnapshot(repo: Repo, commit: string) {
  const files = new Map((await listFiles(repo, commit)).map((file) => [file.path, file.oid]));
  const manifest = files.get(MANIFEST_FILE);
  const uploadsDir = join(repo.dir, "uploads");
  mkdirSync(uploadsDir, { recursive: true });
  const staged: StagedFile[] = [];
  try {
    for (const [path, oid] of files) {
      const name = uploadFileUnder("uploads/", path);
      // Upload names are made once per file: one already here is that file.
      if (name && !isRegularFile(join(uploadsDir, name))) staged.push(stageWrite(join(uploadsDir, name), await readBlob(repo, oid)));
    }
    commitStaged(staged);
    fsyncDir(uploadsDir);
    staged.length = 0;
    rmSync(join(repo.dir, MANIFEST_FILE), { force: true });
    fsyncDir(repo.dir);
    for (const section of EXPORT_SECTIONS) {
      const oid = files.get(sectionFile(section));
      if (oid) staged.push(stageWrite(join(repo.dir, sectionFile(section)), await readBlob(repo, oid)));
      else rmSync(join(repo.dir, sectionFile(section)), { force: true });
    }
    commitStaged(staged);
    staged.length = 0;
    // Without one, the folder is left without one too: restore then refuses it as "no saved data".
    if (manifest) writeFileAtomic(join(repo.dir, MANIFEST_FILE), await readBlob(repo, manifest));
  } catch (error) {
    discardStaged(staged);
    throw error;
  }
}

/** The newer of two commits: the one that contains the other, or else the one committed later. */
async function newer(repo: Repo, a: string | undefined, b: string | undefined): Promise<string | undefined> {
  if (!a || !b || a === b) return a ?? b;
  if (await contains(repo, a, b)) return a;
  if (await contains(repo, b, a)) return b;
  return (await readCommit(repo, a)).date >= (await readCommit(repo, b)).date ? a : b;
}

/**
 * POST /api/admin/restore-from-app-data and the CLI's `restore [COMMIT]`: without a commit, fetches first when a
 * remote is set and restores the newest commit (the remote's or this server's); with one, restores that version.
 * app_data without any commit (a folder from before, or demo content) is restored as it is.
 */
export async function restoreFromGit(deps: GitDeps, commitId?: string) {
  const { appDataDir, gitBranch, gitRemote: remote } = deps.config;
  if (!commitId && !remote && !isRepo(appDataDir)) return restoreFromAppData(deps);
  return withRepo(appDataDir, gitBranch, async (repo) => {
    let target: string | undefined;
    const fetchFirst = async () => {
      if (!remote) return undefined;
      try {
        return await fetchRemote(repo, remote);
      } catch (error) {
        throw new HttpError(502, `Restore from Git failed: could not fetch from ${remote.url}: ${remoteError(error, remote)}. Nothing was restored.`);
      }
    };
    if (commitId) {
      target = await findCommit(repo, commitId);
      if (!target && remote) {
        await fetchFirst();
        target = await findCommit(repo, commitId);
      }
      if (!target) throw badRequest(`There is no version ${commitId} in the history of app_data.`);
    } else {
      const tip = await fetchFirst();
      target = await newer(repo, await localHead(repo), tip);
    }
    if (!target) return restoreFromAppData(deps);
    await checkoutSnapshot(repo, target);
    const restored = restoreFromAppData(deps);
    const { date, message } = await readCommit(repo, target);
    return { ...restored, message: `${restored.message} Version ${short(target)} of ${date}: "${subject(message)}".`, commit: target };
  });
}

/**
 * At start (src/main.ts): as autoRestore, but from Git when there is a remote or a history. A fresh machine with
 * GIT_REMOTE_URL set and an empty database takes the remote's newest commit; an empty remote leaves app_data as it
 * is (restored as before), to become the remote's first commit at the first sync. A remote that cannot be reached
 * restores nothing: the site must not start from older content and push it over the remote's.
 */
export async function autoRestoreFromGit(deps: GitDeps): Promise<AutoRestoreResult> {
  const { appDataDir, gitRemote: remote } = deps.config;
  if (hasContent(deps.db) || (!remote && !isRepo(appDataDir))) return autoRestore(deps);
  removeLeftovers(deps.config);
  try {
    const restored = await restoreFromGit(deps);
    return { status: "restored", message: restored.message };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 400 && !existsSync(join(appDataDir, MANIFEST_FILE)))
      return {
        status: "skipped",
        message: `no app_data to restore (${remote ? `${remote.url} is empty and ` : ""}${join(appDataDir, MANIFEST_FILE)} not found)`,
      };
    return { status: "failed", message: `app_data was not restored: ${error.message}` };
  }
}

// ---------------------------------------------------------------- status

/** GET /api/admin/git-status: the remote (masked), the last push and the newest commits, each pushed or not. */
export async function readGitStatus(deps: GitDeps): Promise<GitStatus> {
  const { appDataDir, gitBranch, gitRemote: remote } = deps.config;
  const base = { remote: remote?.url ?? null, branch: gitBranch, lastPush: readLastPush(deps) };
  if (!isRepo(appDataDir)) return { ...base, commits: [] };
  const repo = repoAt(appDataDir, gitBranch);
  const tip = remote ? await remoteHead(repo) : undefined;
  const commits: GitCommit[] = [];
  for (const entry of await history(repo, HISTORY_LENGTH)) {
    commits.push({
      id: entry.oid,
      shortId: short(entry.oid),
      date: entry.date,
      message: subject(entry.message),
      pushed: remote ? Boolean(tip && (await contains(repo, tip, entry.oid))) : null,
    });
  }
  return { ...base, commits };
}
