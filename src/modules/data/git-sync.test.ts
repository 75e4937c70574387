// 'Sync to Git' and 'Restore from Git' against a real git server (git http-backend behind Basic auth), read back
// with the real git (issue 21 items 1-3).
import { afterAll, afterEach, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { events, messages } from "@db/schema.ts";
import { loadConfig } from "@server/config.ts";
import { ROOT } from "@tests/server.ts";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { exportContent, importThroughApi, sampleExport, writeSampleUploads } from "@tests/support/data-fixtures.ts";
import { GIT_TOKEN, type GitServer, runGit, runGitAsync, startGitServer } from "@tests/support/git-server.ts";
import { autoRestoreFromGit, syncToGit } from "./git-sync.ts";
import type { GitStatus } from "./model.ts";

// Each test runs real git on both sides; on a busy machine that takes seconds.
setDefaultTimeout(30_000);

let server: GitServer;
const apps: TestApp[] = [];
const scratch: string[] = [];
let repoCount = 0;

beforeAll(() => {
  server = startGitServer();
});
afterAll(() => server.stop());
afterEach(() => {
  for (const app of apps.splice(0)) app.cleanup();
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh bare repository on the server; answers its name and path. */
function newRemote() {
  const name = `site-${++repoCount}`;
  return { name, path: server.createRepo(name) };
}

async function newApp(env: Record<string, string> = {}) {
  const app = await createTestApp({ env });
  apps.push(app);
  return { app, token: await app.login() };
}

async function seed(app: TestApp, token: string) {
  writeSampleUploads(app.config.dataDir);
  await importThroughApi(app, token, sampleExport());
}

async function sync(app: TestApp, token: string) {
  const response = await app.request("POST", "/api/admin/sync-to-app-data", { token, body: {} });
  return { status: response.status, body: (await response.json()) as { success?: boolean; message?: string; error?: string } };
}

const gitStatus = async (app: TestApp, token: string) => (await (await app.request("GET", "/api/admin/git-status", { token })).json()) as GitStatus;

function addMessage(app: TestApp, name: string) {
  app.db.insert(messages).values({ name, email: "a@example.org", subject: "Hello", message: "A question about the retreat." }).run();
}

/** A clone by the real git, as another machine (or the teacher's laptop) holds it. */
async function cloneOf(remoteName: string) {
  const dir = mkdtempSync(join(tmpdir(), "git-clone-"));
  scratch.push(dir);
  await runGitAsync(["clone", "--quiet", server.urlWithToken(remoteName), dir]);
  return dir;
}

const subjects = (gitDir: string, ref = "main") => runGit(["--git-dir", gitDir, "log", "--format=%s", ref]).trim().split("\n");

describe("without a remote", () => {
  test("each sync commits what changed, with a message that says so; the real git reads it and fsck is clean", async () => {
    const { app, token } = await newApp();
    await seed(app, token);
    const first = await sync(app, token);
    expect(first.status).toBe(200);
    expect(first.body.message).toMatch(
      /^Data synced to app_data successfully: 2 events, 2 classes, 1 archive event, 1 message, 2 subscribers, a profile, 1 notification, 3 upload file\(s\)\. Git: committed as [0-9a-f]{7} "Sync: 2 events \(\+2\), 2 classes \(\+2\), 1 archive event \(\+1\), 1 message \(\+1\), 2 subscribers \(\+2\), a profile \(new\), 1 notification \(\+1\), 3 uploads \(\+3\)"\.$/,
    );

    const again = await sync(app, token);
    expect(again.body.message).toMatch(/ Git: no change since [0-9a-f]{7}\.$/);

    addMessage(app, "Second Visitor");
    app.db.update(events).set({ name: "Winter Retreat (full)" }).run();
    const third = await sync(app, token);
    expect(third.body.message).toContain(
      '"Sync: 2 events (changed), 2 classes, 1 archive event, 2 messages (+1), 2 subscribers, a profile, 1 notification, 3 uploads"',
    );

    const gitDir = join(app.config.appDataDir, ".git");
    expect(subjects(gitDir)).toEqual([
      "Sync: 2 events (changed), 2 classes, 1 archive event, 2 messages (+1), 2 subscribers, a profile, 1 notification, 3 uploads",
      "Sync: 2 events (+2), 2 classes (+2), 1 archive event (+1), 1 message (+1), 2 subscribers (+2), a profile (new), 1 notification (+1), 3 uploads (+3)",
    ]);
    expect(runGit(["log", "-1", "--format=%b"], app.config.appDataDir)).toStartWith("Changed: events.json, messages.json\n");
    runGit(["--git-dir", gitDir, "fsck", "--strict", "--no-dangling"]);
    // The work tree is the last commit: the real git sees nothing to commit.
    expect(runGit(["status", "--porcelain"], app.config.appDataDir)).toBe("");
    expect(runGit(["ls-files"], app.config.appDataDir).trim().split("\n")).toContain("uploads/retreat.png");

    const status = await gitStatus(app, token);
    expect(status.remote).toBeNull();
    expect(status.branch).toBe("main");
    expect(status.commits.map((commit) => [commit.message, commit.pushed])).toEqual([
      [subjects(gitDir)[0]!, null],
      [subjects(gitDir)[1]!, null],
    ]);
    expect(status.commits[0]!.shortId).toBe(status.commits[0]!.id.slice(0, 7));
  });
});

describe("with a remote", () => {
  test("a sync pushes; the remote's history is read back by the real git log and fsck", async () => {
    const remote = newRemote();
    const { app, token } = await newApp({ GIT_REMOTE_URL: server.urlWithToken(remote.name) });
    await seed(app, token);
    const result = await sync(app, token);
    expect(result.status).toBe(200);
    expect(result.body.message).toMatch(new RegExp(`; pushed [0-9a-f]{7} to ${server.url(remote.name)}\\.$`));
    expect(result.body.message).not.toContain(GIT_TOKEN);
    expect(subjects(remote.path)).toHaveLength(1);
    expect(subjects(remote.path)[0]).toStartWith("Sync: 2 events (+2)");
    runGit(["--git-dir", remote.path, "fsck", "--strict", "--no-dangling"]);

    const status = await gitStatus(app, token);
    expect(status.remote).toBe(server.url(remote.name));
    expect(status.lastPush).toEqual({
      at: expect.any(String),
      ok: true,
      commit: status.commits[0]!.id,
      message: `pushed ${status.commits[0]!.shortId} to ${server.url(remote.name)}`,
    });
    expect(status.commits.map((commit) => commit.pushed)).toEqual([true]);
    expect(JSON.stringify(status)).not.toContain(GIT_TOKEN);
  });

  test("GIT_TOKEN works with a URL that carries no credentials", async () => {
    const remote = newRemote();
    const { app, token } = await newApp({ GIT_REMOTE_URL: server.url(remote.name).replace("://", "://teacher@"), GIT_TOKEN });
    await seed(app, token);
    expect((await sync(app, token)).status).toBe(200);
    expect(subjects(remote.path)).toHaveLength(1);
  });

  test("another machine pushed in between: the new commit goes on top of its commit, the history keeps both, nothing forced", async () => {
    const remote = newRemote();
    const { app, token } = await newApp({ GIT_REMOTE_URL: server.urlWithToken(remote.name) });
    await seed(app, token);
    expect((await sync(app, token)).status).toBe(200);

    const other = await cloneOf(remote.name);
    const laptopCommit = async (file: string, message: string) => {
      await runGitAsync(["pull", "--quiet", "--ff-only", "origin", "main"], other);
      writeFileSync(join(other, file), `${message}\n`);
      runGit(["add", file], other);
      runGit(["commit", "--quiet", "-m", message], other);
      await runGitAsync(["push", "--quiet", "origin", "main"], other);
      return runGit(["rev-parse", "HEAD"], other).trim();
    };
    const theirs = await laptopCommit("notes.md", "Notes from the laptop");

    // This server had pushed everything: its commit follows the laptop's.
    addMessage(app, "Second Visitor");
    expect((await sync(app, token)).status).toBe(200);
    const linear = runGit(["--git-dir", remote.path, "log", "--format=%P|%s", "main"]).trim().split("\n");
    expect(linear).toHaveLength(3);
    expect(linear[0]).toStartWith(`${theirs}|Sync: 2 events, 2 classes, 1 archive event, 2 messages (+1)`);

    // Both sides committed since they last met (this server's push was refused meanwhile): the new commit joins both.
    server.onRequest = (request) =>
      new URL(request.url).pathname.endsWith("/git-receive-pack") ? new Response("busy\n", { status: 503 }) : undefined;
    addMessage(app, "Third Visitor");
    expect((await sync(app, token)).status).toBe(502);
    server.onRequest = undefined;
    const ours = runGit(["rev-parse", "HEAD"], app.config.appDataDir).trim();
    const theirsAgain = await laptopCommit("more-notes.md", "More notes from the laptop");
    addMessage(app, "Fourth Visitor");
    expect((await sync(app, token)).status).toBe(200);

    const [newest] = runGit(["--git-dir", remote.path, "log", "--format=%P|%s", "main"]).trim().split("\n");
    expect(newest).toStartWith(`${ours} ${theirsAgain}|Sync: 2 events, 2 classes, 1 archive event, 4 messages (+1)`);
    for (const commit of [theirs, ours, theirsAgain]) runGit(["--git-dir", remote.path, "merge-base", "--is-ancestor", commit, "main"]);
    runGit(["--git-dir", remote.path, "fsck", "--strict", "--no-dangling"]);
    // The newest commit holds this server's content, and the laptop's files stay in the history.
    const remoteMessages = JSON.parse(runGit(["--git-dir", remote.path, "show", "main:messages.json"]));
    expect(remoteMessages.map((row: { name: string }) => row.name)).toContain("Fourth Visitor");
    expect(runGit(["--git-dir", remote.path, "show", `${theirsAgain}:more-notes.md`])).toBe("More notes from the laptop\n");
  });

  test("a wrong token: 'Sync Failed' with the remote's answer and no token; the commit is kept and the next sync pushes both", async () => {
    const remote = newRemote();
    const wrong = "ghp_WrongToken9876543210zyxwvuSECRET";
    const { app, token } = await newApp({ GIT_REMOTE_URL: server.urlWithToken(remote.name, wrong) });
    await seed(app, token);
    const failed = await sync(app, token);
    expect(failed.status).toBe(502);
    // What failed comes first, then that nothing is lost, then the details (issue 30 item 15).
    expect(failed.body.error).toStartWith(
      "Push to Git failed: the remote answered 401 Unauthorized; check the token in GIT_TOKEN or GIT_REMOTE_URL (it said: Authentication required). " +
        "Your data is saved here and the next sync pushes it. ",
    );
    expect(failed.body.error).toMatch(
      new RegExp(
        `pushes it\\. The fetch from ${server.url(remote.name).replaceAll(".", "\\.")} \\(before the push\\) failed\\. Data synced to app_data successfully: .*Git: committed as [0-9a-f]{7} "Sync: .*", kept here\\.$`,
      ),
    );
    expect(JSON.stringify(failed.body)).not.toContain(wrong);
    expect(JSON.stringify(failed.body)).not.toContain(encodeURIComponent(wrong));
    const status = await gitStatus(app, token);
    expect(status.lastPush).toMatchObject({ ok: false });
    expect(status.lastPush!.message).toContain("401");
    expect(status.commits.map((commit) => commit.pushed)).toEqual([false]);
    expect(JSON.stringify(status)).not.toContain(wrong);

    addMessage(app, "Second Visitor");
    const deps = { db: app.db, config: { ...app.config, gitRemote: loadConfig({ GIT_REMOTE_URL: server.urlWithToken(remote.name) }).gitRemote } };
    const repaired = await syncToGit(deps);
    expect(repaired.message).toContain("; pushed ");
    expect(subjects(remote.path)).toEqual([expect.stringContaining("2 messages (+1)"), expect.stringContaining("1 message (+1)")]);
    runGit(["--git-dir", remote.path, "fsck", "--strict", "--no-dangling"]);
  });

  test("a push the remote refuses keeps the commit and says what the remote said", async () => {
    const remote = newRemote();
    const { app, token } = await newApp({ GIT_REMOTE_URL: server.urlWithToken(remote.name) });
    await seed(app, token);
    server.onRequest = (request) =>
      new URL(request.url).pathname.endsWith("/git-receive-pack")
        ? new Response("The repository is read-only\n", { status: 403, statusText: "Forbidden" })
        : undefined;
    try {
      const failed = await sync(app, token);
      expect(failed.status).toBe(502);
      expect(failed.body.error).toStartWith(
        "Push to Git failed: the remote answered 403 Forbidden; check that the token in GIT_TOKEN or GIT_REMOTE_URL may write to this repository " +
          "(it said: The repository is read-only). Your data is saved here and the next sync pushes it. " +
          `The push to ${server.url(remote.name)} failed.`,
      );
    } finally {
      server.onRequest = undefined;
    }
    expect(
      runGit(["--git-dir", join(app.config.appDataDir, ".git"), "log", "--format=%s"])
        .trim()
        .split("\n"),
    ).toHaveLength(1);
    expect((await sync(app, token)).status).toBe(200);
    expect(subjects(remote.path)).toHaveLength(1);
  });
});

describe("restore from Git", () => {
  test("fetches first and restores the newest commit; 'Restore this version' restores an older one", async () => {
    const remote = newRemote();
    const { app, token } = await newApp({ GIT_REMOTE_URL: server.urlWithToken(remote.name) });
    await seed(app, token);
    await sync(app, token);
    const original = await exportContent(app, token);

    // Another machine changes an event's name and pushes.
    const other = await cloneOf(remote.name);
    const rows = JSON.parse(readFileSync(join(other, "events.json"), "utf8"));
    rows[0].name = "Renamed Elsewhere";
    writeFileSync(join(other, "events.json"), `${JSON.stringify(rows, null, 2)}\n`);
    runGit(["commit", "--quiet", "-am", "Renamed on another machine"], other);
    await runGitAsync(["push", "--quiet", "origin", "main"], other);

    const restore = await app.request("POST", "/api/admin/restore-from-app-data", { token, body: {} });
    expect(restore.status).toBe(200);
    const restored = (await restore.json()) as { message: string };
    expect(restored.message).toMatch(/ Version [0-9a-f]{7} of .*: "Renamed on another machine"\.$/);
    const names = ((await exportContent(app, token)).events as { name: string }[]).map((row) => row.name);
    expect(names).toContain("Renamed Elsewhere");

    const status = await gitStatus(app, token);
    expect(status.commits.map((commit) => [commit.message, commit.pushed])).toEqual([
      ["Renamed on another machine", true],
      [expect.stringMatching(/^Sync: 2 events \(\+2\)/), true],
    ]);

    const older = status.commits[1]!.id;
    const back = await app.request("POST", "/api/admin/restore-from-app-data", { token, body: { commit: older } });
    expect(await back.text()).toContain("Version");
    expect(back.status).toBe(200);
    expect(await exportContent(app, token)).toEqual(original);
  });

  test.each([
    ["a short id", { commit: "abc1234" }, "A version is a 40-character commit id"],
    ["upper case", { commit: "A".repeat(40) }, "A version is a 40-character commit id"],
    ["an option", { commit: "--upload-pack=touch /tmp/x" }, "A version is a 40-character commit id"],
    ["a number", { commit: 1234567 }, "A version is a 40-character commit id"],
    [
      "an unknown commit",
      { commit: "0123456789abcdef0123456789abcdef01234567" },
      "There is no version 0123456789abcdef0123456789abcdef01234567 in the history of app_data.",
    ],
  ])("a version to restore is checked: %s", async (_name, body, error) => {
    const { app, token } = await newApp();
    await seed(app, token);
    await sync(app, token);
    const before = await exportContent(app, token);
    const response = await app.request("POST", "/api/admin/restore-from-app-data", { token, body });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe(error);
    expect(await exportContent(app, token)).toEqual(before);
  });

  test("a fresh machine with GIT_REMOTE_URL and an empty database clones the remote and restores its newest commit at start", async () => {
    const remote = newRemote();
    const first = await newApp({ GIT_REMOTE_URL: server.urlWithToken(remote.name) });
    await seed(first.app, first.token);
    await sync(first.app, first.token);
    const content = await exportContent(first.app, first.token);

    const fresh = await newApp({ GIT_REMOTE_URL: server.urlWithToken(remote.name) });
    expect(existsSync(fresh.app.config.appDataDir)).toBe(false);
    const result = await autoRestoreFromGit({ db: fresh.app.db, config: fresh.app.config });
    expect(result.message).toMatch(/^Data restored from app_data/);
    expect(result.status).toBe("restored");
    expect(result.message).not.toContain(GIT_TOKEN);
    expect(await exportContent(fresh.app, fresh.token)).toEqual(content);
    for (const name of ["programme.pdf", "retreat.png", "profile.png"])
      expect(existsSync(join(fresh.app.config.dataDir, "uploads", name))).toBe(true);
    // Its next sync has nothing new to say: the history goes on from the remote's commit.
    const again = await sync(fresh.app, fresh.token);
    expect(again.body.message).toMatch(/Git: no change since [0-9a-f]{7}; pushed|Git: no change since [0-9a-f]{7}\.$/);
    expect(subjects(remote.path)).toHaveLength(1);
  });

  test("an empty remote: app_data is restored as before and becomes the remote's first commit at the first sync", async () => {
    const remote = newRemote();
    const { app, token } = await newApp({ GIT_REMOTE_URL: server.urlWithToken(remote.name) });
    cpSync(join(ROOT, "app_data"), app.config.appDataDir, { recursive: true });
    const result = await autoRestoreFromGit({ db: app.db, config: app.config });
    expect(result.status).toBe("restored");
    expect(result.message).toStartWith("Data restored from app_data");
    const content = await exportContent(app, token);
    expect((content.events as unknown[]).length).toBeGreaterThan(0);
    expect((await sync(app, token)).status).toBe(200);
    expect(subjects(remote.path)).toHaveLength(1);
    runGit(["--git-dir", remote.path, "fsck", "--strict", "--no-dangling"]);
  });

  test("an empty remote and no app_data: nothing to restore, the site starts empty", async () => {
    const remote = newRemote();
    const { app } = await newApp({ GIT_REMOTE_URL: server.urlWithToken(remote.name) });
    const result = await autoRestoreFromGit({ db: app.db, config: app.config });
    expect(result.status).toBe("skipped");
  });

  test("a remote that cannot be reached at start restores nothing and says why, without the token", async () => {
    const { app } = await newApp({ GIT_REMOTE_URL: `http://teacher:${GIT_TOKEN}@127.0.0.1:9/site.git` });
    cpSync(join(ROOT, "app_data"), app.config.appDataDir, { recursive: true });
    const result = await autoRestoreFromGit({ db: app.db, config: app.config });
    expect(result.status).toBe("failed");
    expect(result.message).toContain("Restore from Git failed: could not fetch from http://127.0.0.1:9/site.git: ");
    expect(result.message).not.toContain(GIT_TOKEN);
  });
});
