// `serve` on an empty data folder: the demo content is restored while the admin's password is hashed, and both are in
// place once the server listens.
import { afterAll, expect, test } from "bun:test";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..");
const dir = mkdtempSync(join(tmpdir(), "vedanta-main-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function firstStart(env: Record<string, string>) {
  const work = mkdtempSync(join(dir, "run-"));
  cpSync(join(ROOT, "app_data"), join(work, "app_data"), { recursive: true });
  writeFileSync(join(work, "index.html"), "<!doctype html><title>test</title><div id=\"root\"></div>");
  const server = Bun.spawn(["bun", "src/main.ts", "serve"], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: join(work, "data"), APP_DATA_DIR: join(work, "app_data"), PORT: "0", HOST: "127.0.0.1", WEB_DIST: work, ADMIN_PASSWORD: "", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const reader = server.stdout.getReader();
  let output = "";
  const deadline = Date.now() + 20_000;
  while (!/Listening on http:\/\/[\d.]+:(\d+)/.test(output) && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    output += new TextDecoder().decode(value);
  }
  const url = `http://127.0.0.1:${/Listening on http:\/\/[\d.]+:(\d+)/.exec(output)?.[1]}`;
  const login = (password: string) =>
    fetch(`${url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "admin", password }) });
  return { server, output, url, login, stop: async () => (server.kill("SIGTERM"), await server.exited) };
}

test("with ADMIN_PASSWORD: content restored and that password works as soon as it listens", async () => {
  const site = await firstStart({ ADMIN_PASSWORD: "first-start-password" });
  try {
    expect(site.output).toContain("Auto-restore restored: Data restored from app_data");
    expect(site.output).not.toContain("generated password");
    expect((await site.login("first-start-password")).status).toBe(200);
    expect(((await (await fetch(`${site.url}/api/profile`)).json()) as { name: string }).name).toBeTruthy();
  } finally {
    await site.stop();
  }
}, 30_000);

test("without it: content restored, a generated password printed once, and it works", async () => {
  const site = await firstStart({});
  try {
    expect(site.output).toContain("Auto-restore restored: Data restored from app_data");
    const password = /with the generated password: (\S+)/.exec(site.output)?.[1];
    expect(password).toBeDefined();
    expect((await site.login(password!)).status).toBe(200);
  } finally {
    await site.stop();
  }
}, 30_000);
