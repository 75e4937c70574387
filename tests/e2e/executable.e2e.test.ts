// The one executable: compiled from this tree, started in an empty folder, it serves the site and the API.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { compiledExecutable } from "@tests/support/executable.ts";
import { GIT_TOKEN, runGit, startGitServer } from "@tests/support/git-server.ts";
import { rawExchange } from "../hostile/support.ts";
import { freePort } from "./support.ts";

const ROOT = resolve(import.meta.dir, "../..");
const dir = mkdtempSync(join(tmpdir(), "vedanta-exe-"));
let binary = "";

beforeAll(async () => {
  binary = await compiledExecutable();
}, 240_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

test("--help lists the commands and settings", () => {
  const help = Bun.spawnSync([binary, "--help"], { cwd: dir });
  expect(help.exitCode).toBe(0);
  const text = help.stdout.toString();
  for (const word of ["serve", "reset-admin-password", "DATA_DIR", "APP_DATA_DIR", "ADMIN_PASSWORD", "SITE_TIMEZONE"]) expect(text).toContain(word);
});

// Issue 24: the executable reads its settings from the environment and `--env-file` only. Bun's executables read a
// `.env` and a `bunfig.toml` (whose preload runs code) from the folder they start in unless built not to.
test("a .env and a bunfig.toml with a preload in the working folder are not read; --env-file FILE is", async () => {
  const work = mkdtempSync(join(dir, "cwd-"));
  const port = freePort();
  writeFileSync(join(work, ".env"), `PORT=${port}\nLOG_FORMAT=json\n`);
  writeFileSync(join(work, "preload.ts"), 'require("node:fs").writeFileSync("preload-ran", "yes");\n');
  writeFileSync(join(work, "bunfig.toml"), 'preload = ["./preload.ts"]\n');
  const { PORT: _, LOG_FORMAT: __, ...env } = process.env;
  const version = Bun.spawnSync([binary, "--version"], { cwd: work, env });
  expect(version.stdout.toString()).toMatch(/^vedanta-site \d+\.\d+\.\d+ \(commit [0-9a-f]{40}(-dirty)?\)\n$/);
  expect(existsSync(join(work, "preload-ran"))).toBe(false);
  // Without --env-file, the .env's PORT is not taken: the healthcheck asks the default port, where nothing listens.
  const settings = join(work, "site.env");
  writeFileSync(settings, `PORT=${port}\nHOST=127.0.0.1\nADMIN_PASSWORD=exe-password\n`);
  const child = Bun.spawn([binary, "serve", "--env-file", settings], { cwd: work, env, stdout: "pipe", stderr: "pipe" });
  try {
    let answered = false;
    for (let i = 0; i < 400 && !answered; i++) {
      answered = (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.ok ?? false;
      if (!answered) await Bun.sleep(25);
    }
    expect(answered).toBe(true);
    expect(Bun.spawnSync([binary, "healthcheck", "--env-file", settings], { cwd: work, env }).exitCode).toBe(0);
    expect(Bun.spawnSync([binary, "healthcheck", "--port", "9"], { cwd: work, env }).exitCode).toBe(1);
  } finally {
    child.kill("SIGTERM");
    await child.exited;
  }
  const output = await new Response(child.stdout).text();
  expect(output).toContain("Listening on http://127.0.0.1:");
  expect(output).not.toMatch(/^\{/m); // text lines: the .env's LOG_FORMAT=json was not read
  expect(existsSync(join(work, "preload-ran"))).toBe(false);
}, 30_000);

test.each([
  [["export", "--help"], 0, "Usage: vedanta-site export FILE|- [options]"],
  [["export", "--bogus"], 2, "Unknown option '--bogus'."],
  [["sync", "stray"], 2, 'Unexpected argument "stray".'],
])("the executable: %p exits %p", (args, code, text) => {
  const work = mkdtempSync(join(dir, "cli-"));
  const result = Bun.spawnSync([binary, ...args], { cwd: work, env: { ...process.env, DATA_DIR: join(work, "data") } });
  expect(result.exitCode).toBe(code);
  expect(result.stdout.toString() + result.stderr.toString()).toContain(text);
  expect(readdirSync(work)).toEqual([]);
});

test("starts in an empty folder, serves /, /admin and /api/profile, resizes a photo, and stops cleanly on SIGTERM", async () => {
  const work = mkdtempSync(join(dir, "run-"));
  const port = freePort();
  const started = performance.now();
  const child = Bun.spawn([binary], {
    cwd: work,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", ADMIN_PASSWORD: "exe-password" },
    stdout: "pipe",
    stderr: "pipe",
  });
  let firstResponseMs = 0;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) {
        firstResponseMs = performance.now() - started;
        break;
      }
    } catch {}
    if (performance.now() - started > 10_000) throw new Error("the executable did not answer within 10 s");
    await Bun.sleep(5);
  }
  const home = await fetch(`http://127.0.0.1:${port}/`);
  expect(home.status).toBe(200);
  // Rendered on the server: the page holds the teacher and the data it was rendered from.
  const page = await home.text();
  expect(page).toContain('id="query-state"');
  expect(page).toMatch(/<div id="root">.*Come and discover the lightness of life\./s);
  expect((await fetch(`http://127.0.0.1:${port}/admin`)).status).toBe(200);
  const profile = await fetch(`http://127.0.0.1:${port}/api/profile`);
  expect(profile.status).toBe(200);
  expect(((await profile.json()) as { quote: string }).quote).toBe("Come and discover the lightness of life.");
  const login = await fetch(`http://127.0.0.1:${port}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "admin", password: "exe-password" }),
  });
  expect(login.status).toBe(200);
  expect(Bun.spawnSync([binary, "healthcheck"], { env: { ...process.env, PORT: String(port) } }).exitCode).toBe(0);
  await Bun.sleep(500);
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1]);
  console.log(
    `executable: ${(Bun.file(binary).size / 1024 / 1024).toFixed(1)} MB, first response after ${firstResponseMs.toFixed(0)} ms (process start included), idle RSS ${(rssKb / 1024).toFixed(1)} MB`,
  );
  // Photos are resized by the runtime's own image codecs, inside the executable too.
  const { token } = (await login.json()) as { token: string };
  const form = new FormData();
  form.append(
    "image",
    new File(
      [(await new Bun.Image(new Uint8Array(Buffer.from(PIXEL_PNG, "base64"))).resize(900, 600).jpeg().bytes()) as Uint8Array<ArrayBuffer>],
      "photo.jpg",
    ),
  );
  const uploaded = await fetch(`http://127.0.0.1:${port}/api/admin/uploads/image`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const { url } = (await uploaded.json()) as { url: string };
  const copy = await fetch(`http://127.0.0.1:${port}${url}?w=320`);
  expect(copy.headers.get("content-type")).toBe("image/webp");
  expect(await new Bun.Image(await copy.bytes()).metadata()).toEqual({ width: 320, height: 213, format: "webp" });
  // Issue 12 findings 1 and 5 in the executable: a short Host does not open the admin routes, a bad one is a short 400.
  const shortHost = await rawExchange(port, "GET /api/api/admin/export-data HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
  expect(shortHost.status).toBe(404);
  const noHost = await rawExchange(port, "GET / HTTP/1.0\r\n\r\n");
  expect(noHost.status).toBe(400);
  expect(noHost.body.length).toBeLessThan(200);
  child.kill("SIGTERM");
  expect(await child.exited).toBe(0);
}, 30_000);

test("no git program needed: with PATH empty, `sync` commits and pushes, and a fresh folder restores the remote at start", async () => {
  const remote = startGitServer();
  try {
    const remotePath = remote.createRepo("exe");
    const env = { HOME: dir, PATH: "", GIT_REMOTE_URL: remote.urlWithToken("exe"), ADMIN_PASSWORD: "exe-password" };
    const first = mkdtempSync(join(dir, "git-a-"));
    cpSync(join(ROOT, "app_data"), join(first, "app_data"), { recursive: true });
    const run = async (args: string[], cwd: string) => {
      const child = Bun.spawn([binary, ...args], { cwd, env, stdout: "pipe", stderr: "pipe" });
      const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
      return { code, output: out + err };
    };
    expect((await run(["restore"], first)).code).toBe(0);
    const synced = await run(["sync"], first);
    expect(synced.output).toMatch(/; pushed [0-9a-f]{7} to http:\/\/127\.0\.0\.1:\d+\/exe\.git\./);
    expect(synced.output).not.toContain(GIT_TOKEN);
    expect(runGit(["--git-dir", remotePath, "log", "--format=%s", "main"])).toStartWith("Sync: ");
    runGit(["--git-dir", remotePath, "fsck", "--strict", "--no-dangling"]);

    const fresh = mkdtempSync(join(dir, "git-b-"));
    const port = freePort();
    const child = Bun.spawn([binary], { cwd: fresh, env: { ...env, PORT: String(port), HOST: "127.0.0.1" }, stdout: "pipe", stderr: "pipe" });
    try {
      let classes: unknown[] = [];
      for (const started = performance.now(); performance.now() - started < 20_000; await Bun.sleep(50)) {
        const response = await fetch(`http://127.0.0.1:${port}/api/classes`).catch(() => undefined);
        if (response?.ok) {
          classes = (await response.json()) as unknown[];
          break;
        }
      }
      expect(classes.length).toBeGreaterThan(0);
    } finally {
      child.kill("SIGTERM");
      await child.exited;
    }
    const log = (await new Response(child.stdout).text()) + (await new Response(child.stderr).text());
    expect(log).toMatch(/Auto-restore restored: Data restored from app_data .* Version [0-9a-f]{7} /);
    expect(log).not.toContain(GIT_TOKEN);
  } finally {
    remote.stop();
  }
}, 60_000);
