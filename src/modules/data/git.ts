// APP_DATA_DIR as a git repository of its own (issue 21), through isomorphic-git: pure JavaScript, inside the
// executable, so no git program is needed on the server. This file speaks git; git-sync.ts decides what to commit.
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import * as fsp from "node:fs/promises";
import { dirname, join } from "node:path";
import type { GitRemote } from "@server/config.ts";
import { conflict } from "@server/lib/errors.ts";
import git, { type HttpClient, type PromiseFsClient } from "isomorphic-git";

const AUTHOR = { name: "Vedanta Site", email: "vedanta-site@localhost" };
/** Longest a single request to the remote may take (a push of every upload on a slow line included). */
const REMOTE_TIMEOUT_MS = 10 * 60 * 1000;
const LOCK_FILE = "vedanta-site.lock";
const TEMP_DIR = "vedanta-site-tmp";

export type Repo = { dir: string; gitdir: string; fs: PromiseFsClient; cache: object; branch: string };

/**
 * isomorphic-git writes objects, refs and the index in place, and never rewrites an object file that exists: a
 * process killed in the middle of a write would leave a truncated object that every later commit trusts. Every
 * write here goes to a temp file in `.git/vedanta-site-tmp` and is renamed over its target, so a file is either
 * the old one or the whole new one.
 */
function atomicFs(gitdir: string): PromiseFsClient {
  const tempDir = join(gitdir, TEMP_DIR);
  const writeFile = async (path: string, data: string | Uint8Array, options?: Parameters<typeof fsp.writeFile>[2]) => {
    await fsp.mkdir(tempDir, { recursive: true });
    const temp = join(tempDir, randomBytes(8).toString("hex"));
    try {
      await fsp.writeFile(temp, data, options);
      await fsp.rename(temp, path);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
  };
  return { promises: { ...fsp, writeFile } } as unknown as PromiseFsClient;
}

/** An isomorphic-git HTTP client over Bun's fetch, with a time limit and no redirects (credentials stay with the host). */
const http: HttpClient = {
  async request({ url, method = "GET", headers = {}, body }) {
    let payload: Blob | undefined;
    if (body) {
      const parts: Uint8Array[] = [];
      for await (const part of body) parts.push(part);
      payload = new Blob(parts as BlobPart[]);
    }
    const response = await fetch(url, { method, headers, body: payload, redirect: "manual", signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS) });
    if (response.status >= 300 && response.status < 400)
      throw new Error(
        `the remote answered ${response.status} ${response.statusText} (a redirect): set GIT_REMOTE_URL to the repository's current address`,
      );
    // isomorphic-git drops the body of a refused push; the remote's own words are kept here.
    if (response.status >= 400) {
      const text = await response.text().catch(() => "");
      throw Object.assign(new Error(`HTTP ${response.status} ${response.statusText}`), {
        data: { statusCode: response.status, statusMessage: response.statusText, response: text },
      });
    }
    const reader = response.body?.getReader();
    return {
      url,
      method,
      statusCode: response.status,
      statusMessage: response.statusText,
      headers: Object.fromEntries(response.headers),
      body: reader ? chunks(reader) : undefined,
    };
  },
};

async function* chunks(reader: ReadableStreamDefaultReader<Uint8Array>) {
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

const pidAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

// One git operation at a time per folder in this process; the lock file keeps out another process (the CLI's `sync`
// while the server runs).
const running = new Map<string, Promise<unknown>>();

/**
 * Runs `work` on the repository in `dir` (made when missing), holding the folder's lock. A lock left by a process
 * that no longer runs (killed during a commit or a push) is taken over, as are the temp files it left.
 */
export async function withRepo<T>(dir: string, branch: string, work: (repo: Repo) => Promise<T>): Promise<T> {
  const before = running.get(dir) ?? Promise.resolve();
  const turn = before.catch(() => undefined).then(() => locked(dir, branch, work));
  running.set(dir, turn);
  try {
    return await turn;
  } finally {
    if (running.get(dir) === turn) running.delete(dir);
  }
}

async function locked<T>(dir: string, branch: string, work: (repo: Repo) => Promise<T>): Promise<T> {
  const gitdir = join(dir, ".git");
  mkdirSync(gitdir, { recursive: true, mode: 0o700 });
  const lock = join(gitdir, LOCK_FILE);
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lock, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw error;
      const owner = Number(readFileSync(lock, "utf8"));
      // Our own pid can only be a leftover: a new process (pid 1 in a container) may get the killed one's number.
      if (owner && owner !== process.pid && pidAlive(owner))
        throw conflict(`Another sync or restore is running (process ${owner}); try again when it has finished.`);
      rmSync(lock, { force: true });
    }
  }
  try {
    rmSync(join(gitdir, TEMP_DIR), { recursive: true, force: true });
    const repo = repoAt(dir, branch);
    await ensureInitialised(repo);
    return await work(repo);
  } finally {
    rmSync(lock, { force: true });
  }
}

/** The repository in `dir`, for reading (withRepo for anything that writes). */
export const repoAt = (dir: string, branch: string): Repo => {
  const gitdir = join(dir, ".git");
  return { dir, gitdir, fs: atomicFs(gitdir), cache: {}, branch };
};

/** Whether `dir` holds a repository. */
export const isRepo = (dir: string) => existsSync(join(dir, ".git", "HEAD"));

async function ensureInitialised(repo: Repo) {
  const { fs, dir, branch } = repo;
  if (!existsSync(join(repo.gitdir, "HEAD"))) await git.init({ fs, dir, defaultBranch: branch });
  // The temp files of an app_data write (src/lib/files.ts) are never content.
  const exclude = join(repo.gitdir, "info", "exclude");
  if (!existsSync(exclude)) {
    mkdirSync(dirname(exclude), { recursive: true });
    await fs.promises.writeFile(exclude, ".*.tmp\n");
  }
  // HEAD follows GIT_BRANCH (a changed setting, or a repository made by another tool).
  const head = await git.resolveRef({ fs, dir, ref: "HEAD", depth: 1 }).catch(() => undefined);
  if (head !== `refs/heads/${branch}`) await git.writeRef({ fs, dir, ref: "HEAD", value: `refs/heads/${branch}`, symbolic: true, force: true });
}

const branchRef = (repo: Repo) => `refs/heads/${repo.branch}`;
const trackingRef = (repo: Repo) => `refs/remotes/origin/${repo.branch}`;

const resolve = (repo: Repo, ref: string) => git.resolveRef({ fs: repo.fs, dir: repo.dir, ref }).catch(() => undefined);
/** The branch's newest commit here, if any. */
export const localHead = (repo: Repo) => resolve(repo, branchRef(repo));
/** The remote's newest commit as last fetched or pushed, if any. */
export const remoteHead = (repo: Repo) => resolve(repo, trackingRef(repo));

/** Whether `ancestor` is `oid` or one of its ancestors. */
export async function contains(repo: Repo, oid: string, ancestor: string): Promise<boolean> {
  if (oid === ancestor) return true;
  return git.isDescendent({ fs: repo.fs, dir: repo.dir, oid, ancestor, depth: -1, cache: repo.cache });
}

const authHeaders = (remote: GitRemote): Record<string, string> => (remote.authorization ? { Authorization: remote.authorization } : {});

/**
 * Fetches the branch from the remote and records its tip; answers it, or undefined when the remote does not have the
 * branch yet (an empty repository). When this server has nothing the remote lacks, the branch moves up to it.
 */
export async function fetchRemote(repo: Repo, remote: GitRemote): Promise<string | undefined> {
  const { fs, dir, cache } = repo;
  const refs = await git.listServerRefs({ http, url: remote.url, headers: authHeaders(remote), prefix: branchRef(repo) });
  const tip = refs.find((ref) => ref.ref === branchRef(repo))?.oid;
  if (!tip) return undefined;
  // The remote as the real git would see it (never with credentials), so that an operator's `git log origin/main` works.
  await git.setConfig({ fs, dir, path: "remote.origin.url", value: remote.url });
  await git.setConfig({ fs, dir, path: "remote.origin.fetch", value: "+refs/heads/*:refs/remotes/origin/*" });
  await git.fetch({ fs, http, dir, cache, url: remote.url, headers: authHeaders(remote), ref: repo.branch, singleBranch: true, tags: false });
  await git.writeRef({ fs, dir, ref: trackingRef(repo), value: tip, force: true });
  const local = await localHead(repo);
  if (!local || (await contains(repo, tip, local))) await git.writeRef({ fs, dir, ref: branchRef(repo), value: tip, force: true });
  return tip;
}

/** Pushes the branch (never forced); on success the remote's recorded tip is the pushed commit. */
export async function pushBranch(repo: Repo, remote: GitRemote, oid: string) {
  const { fs, dir, cache } = repo;
  const result = await git.push({ fs, http, dir, cache, url: remote.url, headers: authHeaders(remote), ref: repo.branch, remoteRef: repo.branch });
  const answer = result.refs[branchRef(repo)];
  if (!result.ok || (answer && !answer.ok)) throw new Error(`the remote refused the push: ${answer?.error || result.error || "no reason given"}`);
  await git.writeRef({ fs, dir, ref: trackingRef(repo), value: oid, force: true });
}

/** Whether the error says the remote has commits the push did not include (another machine pushed first). */
export const isNotFastForward = (error: unknown) =>
  error instanceof git.Errors.PushRejectedError || /non-fast-forward|fetch first|failed to update ref|cannot lock ref/i.test(String(error));

/**
 * Brings the index up to the work tree (every file but `.git`); answers the paths whose content differs from the
 * commit `base` (all of them without one).
 */
export async function stageAll(repo: Repo): Promise<string[]> {
  const { fs, dir, cache } = repo;
  let rows: Awaited<ReturnType<typeof git.statusMatrix>>;
  try {
    rows = await git.statusMatrix({ fs, dir, cache });
  } catch {
    // An unreadable index is only a cache of the work tree: made again from it.
    rmSync(join(repo.gitdir, "index"), { force: true });
    rows = await git.statusMatrix({ fs, dir, cache });
  }
  const add = rows.filter(([, , workdir, stage]) => workdir !== 0 && workdir !== stage && !(workdir === 2 && stage === 2)).map(([path]) => path);
  const remove = rows.filter(([, , workdir, stage]) => workdir === 0 && stage !== 0).map(([path]) => path);
  if (add.length) await git.add({ fs, dir, cache, filepath: add });
  for (const filepath of remove) await git.remove({ fs, dir, cache, filepath });
  return rows.filter(([, head, workdir]) => !(head === 1 && workdir === 1)).map(([path]) => path);
}

/** Commits the index with `parents` on the branch; answers the new commit's id. */
export const commitIndex = (repo: Repo, message: string, parents: string[]) =>
  git.commit({ fs: repo.fs, dir: repo.dir, cache: repo.cache, message, author: AUTHOR, committer: AUTHOR, parent: parents, ref: branchRef(repo) });

/** A commit that only adds `parents` to the history of `tree` (a merge that keeps this server's content). */
export const commitTree = (repo: Repo, message: string, tree: string, parents: string[]) =>
  git.commit({
    fs: repo.fs,
    dir: repo.dir,
    cache: repo.cache,
    message,
    author: AUTHOR,
    committer: AUTHOR,
    parent: parents,
    tree,
    ref: branchRef(repo),
  });

export async function readCommit(repo: Repo, oid: string) {
  const { commit } = await git.readCommit({ fs: repo.fs, dir: repo.dir, cache: repo.cache, oid });
  return {
    oid,
    tree: commit.tree,
    message: commit.message.trim(),
    date: new Date(commit.committer.timestamp * 1000).toISOString(),
    parents: commit.parent,
  };
}

/** The full id of a commit given by (an abbreviation of) its id, or undefined when there is none. */
export async function findCommit(repo: Repo, id: string): Promise<string | undefined> {
  try {
    const oid = await git.expandOid({ fs: repo.fs, dir: repo.dir, cache: repo.cache, oid: id });
    await git.readCommit({ fs: repo.fs, dir: repo.dir, cache: repo.cache, oid });
    return oid;
  } catch {
    return undefined;
  }
}

/** The newest `depth` commits of the branch, newest first. */
export async function history(repo: Repo, depth: number) {
  if (!(await localHead(repo))) return [];
  const entries = await git.log({ fs: repo.fs, dir: repo.dir, cache: repo.cache, ref: branchRef(repo), depth });
  return entries.map(({ oid, commit }) => ({ oid, message: commit.message.trim(), date: new Date(commit.committer.timestamp * 1000).toISOString() }));
}

export type TreeFile = { path: string; oid: string };

/** Every regular file of a commit's tree (symbolic links and submodules left out), with its blob id. */
export async function listFiles(repo: Repo, commit: string): Promise<TreeFile[]> {
  const files: TreeFile[] = [];
  const walk = async (oid: string, prefix: string) => {
    const { tree } = await git.readTree({ fs: repo.fs, dir: repo.dir, cache: repo.cache, oid });
    for (const entry of tree) {
      if (entry.type === "tree") await walk(entry.oid, `${prefix}${entry.path}/`);
      else if (entry.type === "blob" && (entry.mode === "100644" || entry.mode === "100755"))
        files.push({ path: `${prefix}${entry.path}`, oid: entry.oid });
    }
  };
  await walk((await readCommit(repo, commit)).tree, "");
  return files;
}

export async function readBlob(repo: Repo, oid: string): Promise<Uint8Array> {
  return (await git.readBlob({ fs: repo.fs, dir: repo.dir, cache: repo.cache, oid })).blob;
}
