// `serve` on an empty data folder: the demo content is restored while the admin's password is hashed, and both are in
// place once the server listens.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "../tests/server.ts";

const dir = mkdtempSync(join(tmpdir(), "vedanta-main-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function firstStart(env: Record<string, string>) {
  const web = mkdtempSync(join(dir, "web-"));
  writeFileSync(join(web, "index.html"), "<!doctype html><title>test</title><div id=\"root\"></div>");
  const server = await startServer({ appData: "demo", env: { WEB_DIST: web, ADMIN_PASSWORD: "", ...env } });
  const login = (password: string) =>
    fetch(`${server.url}/api/admin/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "admin", password }) });
  return { output: server.logs(), url: server.url, login, stop: async () => (await server.stop(), server.remove()) };
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
