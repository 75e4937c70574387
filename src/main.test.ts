// `serve` on an empty data folder: the demo content is restored while the admin's password is hashed, and both are in
// place once the server listens.
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "@tests/server.ts";

const dir = mkdtempSync(join(tmpdir(), "vedanta-main-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function firstStart(env: Record<string, string>) {
  const web = mkdtempSync(join(dir, "web-"));
  writeFileSync(join(web, "index.html"), '<!doctype html><title>test</title><div id="root"></div>');
  const server = await startServer({ appData: "demo", env: { WEB_DIST: web, ADMIN_PASSWORD: "", ...env } });
  const login = (password: string) =>
    fetch(`${server.url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "admin", password }),
    });
  return {
    output: server.logs(),
    url: server.url,
    login,
    stop: async () => {
      await server.stop();
      server.remove();
    },
  };
}

test("with ADMIN_PASSWORD: content restored and that password works as soon as it listens", async () => {
  const site = await firstStart({ ADMIN_PASSWORD: "first-start-password" });
  try {
    expect(site.output).toContain("Auto-restore restored: Data restored from app_data");
    expect(site.output).not.toContain("generated password");
    expect((await site.login("first-start-password")).status).toBe(200);
    expect(((await (await fetch(`${site.url}/api/profile`)).json()) as { name: string }).name).toBeTruthy();
    // Issue 40: the demo's passes are on sale from the first start (app_data/passes.json).
    expect(site.output).toContain("Passes: 2 passes added from app_data/passes.json");
    const onSale = (await (await fetch(`${site.url}/api/passes`)).json()) as { name: string; credits: number; concessionPrice: number | null }[];
    expect(onSale.map((pass) => [pass.name, pass.credits])).toEqual([
      ["5 classes, concession", 5],
      ["10 classes", 10],
    ]);
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

// Issue 12 finding 10: the web's password rule (spec §5: at least 6 characters) holds for the operator's commands too,
// and a blank password never passes.
describe("weak passwords from the command line", () => {
  const run = (args: string[], env: Record<string, string>) => {
    const dataDir = mkdtempSync(join(dir, "data-"));
    const result = Bun.spawnSync(["bun", join(import.meta.dir, "main.ts"), ...args], {
      env: { ...process.env, DATA_DIR: dataDir, APP_DATA_DIR: join(dataDir, "none"), PORT: "0", ...env },
      stdout: "pipe",
      stderr: "pipe",
    });
    return { code: result.exitCode, output: result.stdout.toString() + result.stderr.toString() };
  };

  test("reset-admin-password refuses a short or blank ADMIN_PASSWORD with a clear message", () => {
    for (const [password, message] of [
      ["a", "New password must be at least 6 characters long"],
      [" ", "New password must be at least 6 characters long"],
      ["       ", "New password cannot be blank"],
    ] as const) {
      const { code, output } = run(["reset-admin-password"], { ADMIN_PASSWORD: password });
      expect(code).toBe(2);
      expect(output.trim()).toBe(`ADMIN_PASSWORD is not acceptable: ${message}.`);
    }
    expect(run(["reset-admin-password"], { ADMIN_PASSWORD: "long-enough" }).code).toBe(0);
  });

  test("the first start refuses them too, before listening", () => {
    const { code, output } = run(["serve"], { ADMIN_PASSWORD: "abc" });
    expect(code).toBe(2);
    expect(output).toContain("ADMIN_PASSWORD is not acceptable: New password must be at least 6 characters long.");
    expect(output).not.toContain("Listening on");
  });
});
