// The one executable: compiled from this tree, started in an empty folder, it serves the site and the API.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { rawExchange } from "../hostile/support.ts";
import { freePort } from "./support.ts";

const ROOT = resolve(import.meta.dir, "../..");
const dir = mkdtempSync(join(tmpdir(), "vedanta-exe-"));
const binary = join(dir, "vedanta-site");

// Built by the operator's recipe (`bun run compile`): the web build, the renderer as a second entry point, the
// bytecode layout run.
beforeAll(async () => {
  const build = Bun.spawnSync(["bun", "scripts/compile.ts", binary], { cwd: ROOT });
  if (build.exitCode !== 0) throw new Error(build.stderr.toString());
}, 240_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

test("--help lists the commands and settings", () => {
  const help = Bun.spawnSync([binary, "--help"], { cwd: dir });
  expect(help.exitCode).toBe(0);
  const text = help.stdout.toString();
  for (const word of ["serve", "reset-admin-password", "DATA_DIR", "APP_DATA_DIR", "ADMIN_PASSWORD", "SITE_TIMEZONE"]) expect(text).toContain(word);
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
