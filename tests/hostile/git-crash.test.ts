// Issue 21 item 8: `kill -9` during a commit or a push leaves everything usable: the next sync succeeds and the
// real `git fsck` is clean here and on the remote (a real git server: git http-backend behind Basic auth).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sampleExport } from "@tests/support/data-fixtures.ts";
import { type GitServer, runGit, startGitServer } from "@tests/support/git-server.ts";
import { figure, prng, type Rng, ROOT, SEED } from "./support.ts";

const COMMIT_KILLS = Number(process.env.HOSTILE_GIT_CRASH_RUNS ?? 4);
const UPLOADS_PER_ROUND = 60;

let git: GitServer;
let dir: string;

beforeAll(() => {
  git = startGitServer();
  dir = mkdtempSync(join(tmpdir(), "git-crash-"));
});
afterAll(() => {
  git.stop();
  rmSync(dir, { recursive: true, force: true });
});

type Folders = { data: string; appData: string; remote: string };

function folders(name: string): Folders {
  return { data: join(dir, name, "data"), appData: join(dir, name, "app_data"), remote: git.urlWithToken(name) };
}

function cli(args: string[], f: Folders) {
  return Bun.spawn(["bun", join(ROOT, "src/main.ts"), ...args], {
    cwd: dir,
    env: { ...process.env, DATA_DIR: f.data, APP_DATA_DIR: f.appData, GIT_REMOTE_URL: f.remote, ADMIN_PASSWORD: "git-crash-password" },
    stdout: "pipe",
    stderr: "pipe",
  });
}

async function run(args: string[], f: Folders) {
  const child = cli(args, f);
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, output: stdout + stderr };
}

/** Content with `round` new events, each with a photo of its own (random bytes, so nothing packs away). */
async function grow(f: Folders, round: number, rng: Rng) {
  const uploads = join(f.data, "uploads");
  mkdirSync(uploads, { recursive: true });
  const data = sampleExport();
  const events: Record<string, unknown>[] = [...data.events];
  for (let i = 0; i < UPLOADS_PER_ROUND * round; i++) {
    const name = `photo-${i}.png`;
    const bytes = new Uint8Array(rng.int(8_000, 16_000)).map(() => rng.int(0, 255));
    if (Math.floor(i / UPLOADS_PER_ROUND) === round - 1) writeFileSync(join(uploads, name), bytes);
    events.push({ ...data.events[1]!, id: 100 + i, name: `Event ${i}`, images: [`/uploads/${name}`] });
  }
  const file = join(dir, `round-${round}.json`);
  writeFileSync(file, JSON.stringify({ ...data, events }));
  const imported = await run(["import", file], f);
  if (imported.code !== 0) throw new Error(imported.output);
}

function fsck(gitDir: string) {
  runGit(["--git-dir", gitDir, "fsck", "--strict", "--no-dangling", "--no-progress"]);
  return "clean";
}

test(`kill -9 during a commit (${COMMIT_KILLS} runs): the next sync succeeds, git fsck clean here and on the remote`, async () => {
  const rng = prng(SEED + 21);
  const f = folders("commit");
  const remotePath = git.createRepo("commit");
  for (let round = 1; round <= COMMIT_KILLS; round++) {
    await grow(f, round, rng);
    const child = cli(["sync"], f);
    const killAt = rng.int(150, 1_000);
    await Bun.sleep(killAt);
    child.kill(9);
    await child.exited;
    // Where it stopped: holding the repository's lock means inside the commit or the push.
    const inside = existsSync(join(f.appData, ".git", "vedanta-site.lock"));
    const next = await run(["sync"], f);
    figure(
      `commit kill ${round}`,
      `killed after ${killAt} ms (${child.signalCode ?? `exit ${child.exitCode}`}, ${inside ? "inside the commit or push" : "before or after it"}); next sync exit ${next.code}`,
    );
    expect(next.output).toContain("; pushed ");
    expect(next.code).toBe(0);
    expect(fsck(join(f.appData, ".git"))).toBe("clean");
    expect(fsck(remotePath)).toBe("clean");
    expect(runGit(["--git-dir", join(f.appData, ".git"), "rev-parse", "main"])).toBe(runGit(["--git-dir", remotePath, "rev-parse", "main"]));
    expect(runGit(["status", "--porcelain", "--", ".", ":!manifest.json"], f.appData)).toBe("");
  }
}, 300_000);

test.each(["dropped", "applied"] as const)(
  "kill -9 during a push that the remote then %s: the next sync succeeds, git fsck clean on both sides",
  async (outcome) => {
    const f = folders(`push-${outcome}`);
    const remotePath = git.createRepo(`push-${outcome}`);
    await grow(f, 1, prng(SEED + 22));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let pushing: () => void = () => {};
    const pushStarted = new Promise<void>((resolve) => {
      pushing = resolve;
    });
    // The push's request is held until the client is dead, then dropped or handed to git as a slow network would.
    git.onRequest = async (request) => {
      if (!new URL(request.url).pathname.endsWith("/git-receive-pack")) return undefined;
      await request.clone().arrayBuffer(); // the whole pack has arrived
      pushing();
      await held;
      return outcome === "dropped" ? new Response("gone\n", { status: 502 }) : undefined;
    };
    try {
      const child = cli(["sync"], f);
      await pushStarted;
      child.kill(9);
      await child.exited;
      release();
      await Bun.sleep(200);
    } finally {
      git.onRequest = undefined;
    }
    const next = await run(["sync"], f);
    figure(`push kill (${outcome})`, `next sync exit ${next.code}: ${next.output.trim().split("Git: ")[1]}`);
    expect(next.code).toBe(0);
    expect(next.output).toMatch(/; pushed [0-9a-f]{7} to /);
    expect(fsck(join(f.appData, ".git"))).toBe("clean");
    expect(fsck(remotePath)).toBe("clean");
    expect(runGit(["--git-dir", join(f.appData, ".git"), "rev-parse", "main"])).toBe(runGit(["--git-dir", remotePath, "rev-parse", "main"]));
    expect(runGit(["--git-dir", remotePath, "log", "--format=%s", "main"]).trim().split("\n")).toHaveLength(1);
  },
  120_000,
);
