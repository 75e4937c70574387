// Issue 21, off-site backups against the real server process, a real S3 server (s3rver) and Debian's age: the
// disaster drill (serve, write, wait for the copy, kill, delete DATA_DIR, restore from the bucket, serve: nothing
// acknowledged is missing), kill -9 during an off-site upload, and the Backups card in Chromium with axe-core (issue
// 30: the warning of copies that are not encrypted).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { freePort, ROOT, type Server, startServer } from "../server.ts";
import { listKeys, type S3Server, startS3 } from "../support/s3.ts";
import { alertDialog, openDashboard, openTab } from "./admin-helpers.ts";
import { ADMIN_PASSWORD, axeViolations, launchBrowser, openPage, type Site } from "./support.ts";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
const keys = mkdtempSync(join(tmpdir(), "vedanta-age-"));
const identityFile = join(keys, "key.txt");
let s3: S3Server;
let recipient: string;
let browser: Browser;

beforeAll(async () => {
  [s3, browser] = await Promise.all([startS3(), launchBrowser()]);
  expect(Bun.spawnSync(["age-keygen", "-o", identityFile]).exitCode).toBe(0);
  recipient = /age1[0-9a-z]+/.exec(readFileSync(identityFile, "utf8"))![0];
});
afterAll(async () => {
  await browser?.close();
  await s3?.stop();
  rmSync(keys, { recursive: true, force: true });
});

const envFor = (prefix: string) => ({ ADMIN_PASSWORD, ...s3.env, BACKUP_S3_PREFIX: prefix, BACKUP_AGE_RECIPIENT: recipient });
const asSite = (server: Server): Site => ({ ...server, stop: server.stop });

async function login(server: Server): Promise<string> {
  const response = await fetch(`${server.url}/api/admin/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "admin", password: ADMIN_PASSWORD }),
  });
  return ((await response.json()) as { token: string }).token;
}

type Offsite = {
  lastCopy: { name: string; createdAt: string } | null;
  running: boolean;
  lastError: { message: string } | null;
  copies: { name: string }[];
};
const offsite = async (server: Server, token: string) =>
  (await (await fetch(`${server.url}/api/admin/backups/offsite`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Offsite;

/** Waits until a copy taken after `since` is in the bucket; returns how long it took. */
async function waitForCopyAfter(server: Server, token: string, since: number, timeoutMs = 60_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const state = await offsite(server, token);
    if (state.lastCopy && Date.parse(state.lastCopy.createdAt) >= since && !state.running) return Date.now() - since;
    if (Date.now() - started > timeoutMs) throw new Error(`no off-site copy within ${timeoutMs} ms: ${JSON.stringify(state)}`);
    await Bun.sleep(250);
  }
}

/**
 * Waits until the copier is quiet: no copy under way and the same last copy for longer than its 5 s look, so a copy
 * listed now is not pruned by a newer one (the same day's earlier copies are) before the test restores it.
 */
async function waitForQuiet(server: Server, token: string) {
  let last = "";
  let since = Date.now();
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await Bun.sleep(250)) {
    const state = await offsite(server, token);
    const now = `${state.running}:${state.lastCopy?.name}`;
    if (now !== last) [last, since] = [now, Date.now()];
    else if (!state.running && state.lastCopy && Date.now() - since > 6000) return;
  }
  throw new Error("the off-site copier did not become quiet within 60 s");
}

const cli = (dir: string, env: Record<string, string>, ...args: string[]) =>
  Bun.spawnSync(["bun", join(ROOT, "src/main.ts"), ...args], {
    cwd: dir,
    env: { ...process.env, DATA_DIR: join(dir, "data"), APP_DATA_DIR: join(dir, "app_data"), ...env },
  });

test("the disaster drill: write, copied within 60 s, server killed and DATA_DIR deleted, restored from the bucket, nothing missing", async () => {
  const env = envFor("drill/");
  let server = await startServer({ appData: "demo", env });
  const dir = server.dir;
  try {
    const token = await login(server);
    const form = new FormData();
    form.append("image", new File([PNG], "retreat.png", { type: "image/png" }));
    const upload = await fetch(`${server.url}/api/admin/uploads/image`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(200);
    const { url: photo } = (await upload.json()) as { url: string };
    const sent = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        name: "Last Visitor",
        email: "last@example.org",
        subject: "Before the crash",
        message: "The last message before the disk failed.",
      }),
    });
    expect(sent.status).toBe(201);
    const took = await waitForCopyAfter(server, token, Date.now() - 50);
    expect(took).toBeLessThan(60_000);
    const photosBefore = JSON.stringify(await (await fetch(`${server.url}/api/archive`)).json());

    await server.kill9();
    rmSync(join(dir, "data"), { recursive: true, force: true });
    rmSync(join(dir, "app_data"), { recursive: true, force: true }); // nothing left but the bucket
    mkdirSync(join(dir, "app_data"));

    const listed = cli(dir, env, "list-backups");
    expect(listed.stdout.toString()).toMatch(/^s3:\d{8}T\d{6}\.\d{3}Z\toff-site \(encrypted\)\t/m);
    const withoutKey = cli(dir, env, "restore-backup", "s3:latest");
    expect(withoutKey.exitCode).toBe(1);
    expect(withoutKey.stderr.toString()).toContain("it is encrypted; give the age identity file (--identity key.txt)");
    const restored = cli(dir, env, "restore-backup", "s3:latest", "--identity", identityFile);
    expect(restored.stderr.toString()).toBe("");
    expect(restored.exitCode).toBe(0);
    expect(restored.stdout.toString()).toMatch(/^Backup \d{8}T\d{6}\.\d{3}Z restored: /);
    expect(restored.stdout.toString() + restored.stderr.toString()).not.toContain("AGE-SECRET-KEY");

    server = await startServer({ dir, env });
    const again = await login(server);
    const messages = (await (await fetch(`${server.url}/api/admin/messages`, { headers: { Authorization: `Bearer ${again}` } })).json()) as {
      message: string;
    }[];
    expect(messages.map((row) => row.message)).toContain("The last message before the disk failed.");
    const served = await fetch(`${server.url}${photo}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    // Every demo photo is back as well: the archive answers the same, and each of its photos is served.
    expect(JSON.stringify(await (await fetch(`${server.url}/api/archive`)).json())).toBe(photosBefore);
    for (const image of new Set(photosBefore.match(/\/uploads\/[\w.-]+/g) ?? [])) expect((await fetch(`${server.url}${image}`)).status).toBe(200);
    expect(server.logs()).not.toContain("S3RVER");
  } finally {
    await server.stop();
    server.remove();
  }
}, 180_000);

test("kill -9 during an off-site upload: no partial copy counts, the next start copies, the copy restores", async () => {
  const prefix = "fault/";
  const env = envFor(prefix);
  // Many uploads (incompressible, 1 MB each) make the first copy long enough to be killed half-way.
  const dir = mkdtempSync(join(tmpdir(), "vedanta-server-"));
  mkdirSync(join(dir, "data", "uploads"), { recursive: true });
  for (let index = 0; index < 60; index += 1)
    writeFileSync(join(dir, "data", "uploads", `photo-${index}.jpg`), crypto.getRandomValues(new Uint8Array(65536)).join(""));
  let server = await startServer({ dir, env });
  try {
    let killedWith = -1;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await Bun.sleep(20)) {
      const uploads = (await listKeys(s3.client, `${prefix}uploads/`)).length;
      if (uploads > 0) {
        await server.kill9();
        killedWith = uploads;
        break;
      }
    }
    expect(killedWith).toBeGreaterThan(0);
    expect(killedWith).toBeLessThan(60);
    // No manifest: the half-sent objects are no backup.
    expect(await listKeys(s3.client, `${prefix}manifests/`)).toEqual([]);
    expect(cli(dir, env, "restore-backup", "s3:latest", "--identity", identityFile).stderr.toString()).toContain("No off-site backup in s3://");
    expect(existsSync(join(dir, "data", "site.db"))).toBe(true);

    server = await startServer({ dir, env });
    const token = await login(server);
    await waitForCopyAfter(server, token, 0, 90_000);
    expect(await listKeys(s3.client, `${prefix}manifests/`)).toHaveLength(1);
    expect(await listKeys(s3.client, `${prefix}uploads/`)).toHaveLength(60);
    await server.stop();
    rmSync(join(dir, "data"), { recursive: true, force: true });
    const restored = cli(dir, env, "restore-backup", "s3:latest", "--identity", identityFile);
    expect(restored.exitCode).toBe(0);
    expect(restored.stdout.toString()).toContain("60 upload files");
  } finally {
    await server.stop();
    server.remove();
  }
}, 240_000);

test("the Backups card in Chromium: off-site on, masked bucket, encrypted, last copy and its age, last error, 'Back up now', restore", async () => {
  const env = { ...envFor("card/"), BACKUP_AGE_IDENTITY_FILE: identityFile };
  const server = await startServer({ appData: "demo", env });
  try {
    const token = await login(server);
    await waitForQuiet(server, token); // the sign-in is a change: its copy prunes the one taken at start
    const { page, context, errors } = await openPage(browser);
    await openDashboard(page, asSite(server), token);
    await openTab(page, "Data Sync");
    const card = page.getByRole("region", { name: "Off-site copies" });
    await card.getByText("Off-site copies: On").waitFor();
    await card.getByText(`s3://${s3.bucket}/card/ at ${s3.endpoint}`).waitFor();
    await card.getByText("Yes (age)").waitFor();
    expect(await card.getByText("Off-site copies are not encrypted", { exact: false }).count()).toBe(0);
    await card.getByText(/\((just now|1 minute ago)\)/).waitFor();
    const violations = await axeViolations(page, "off-site copies");

    await card
      .getByRole("button", { name: /^Restore off-site copy / })
      .first()
      .click();
    const confirm = alertDialog(page, "Restore this backup?");
    await confirm.getByText(/replaced with the off-site copy of/).waitFor();
    violations.push(...(await axeViolations(page, "restore an off-site copy: confirm")));
    await confirm.getByRole("button", { name: "Restore Backup" }).click();
    await page
      .getByTestId("toast")
      .filter({ hasText: /Backup \d{8}T\d{6}\.\d{3}Z restored/ })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.waitForEvent("load"); // the page reloads after a restore
    await card.getByText("Off-site copies: On").waitFor();
    await page.getByRole("button", { name: "Back up now" }).click();
    await page.getByTestId("toast").filter({ hasText: "An off-site copy is under way." }).first().waitFor();
    expect(violations).toEqual([]);
    const html = await page.content();
    for (const secret of ["S3RVER", "AGE-SECRET-KEY", identityFile]) expect(html).not.toContain(secret);
    expect(errors).toEqual([]);
    await context.close();
  } finally {
    await server.stop();
    server.remove();
  }
}, 180_000);

test("the Backups card in Chromium when the bucket cannot be reached: the last error and its retry, zero axe violations", async () => {
  const server = await startServer({ appData: "demo", env: { ...envFor("down/"), S3_ENDPOINT: `http://127.0.0.1:${freePort()}` } });
  try {
    const token = await login(server);
    const { page, context } = await openPage(browser);
    await openDashboard(page, asSite(server), token);
    await openTab(page, "Data Sync");
    const card = page.getByRole("region", { name: "Off-site copies" });
    await card.getByText("None yet").waitFor();
    await card.getByText(/; retried at /).waitFor({ timeout: 30_000 });
    await card.getByText("Failed to list the off-site copies:", { exact: false }).waitFor();
    expect(await axeViolations(page, "off-site copies: listing failed")).toEqual([]);
    await context.close();
  } finally {
    await server.stop();
    server.remove();
  }
}, 120_000);

test("without BACKUP_AGE_RECIPIENT: a warning in the start log and on the Backups card, in words, zero axe violations", async () => {
  const env = { ADMIN_PASSWORD, ...s3.env, BACKUP_S3_PREFIX: "plain-card/" };
  const warning =
    "Off-site copies are not encrypted: set BACKUP_AGE_RECIPIENT to an age public key (age-keygen makes one) so that whoever holds the bucket cannot read them.";
  const server = await startServer({ appData: "demo", env });
  try {
    expect(await server.waitForLog(`WARN  ${warning}`)).toContain(`WARN  ${warning}`);
    const token = await login(server);
    const { page, context, errors } = await openPage(browser);
    await openDashboard(page, asSite(server), token);
    await openTab(page, "Data Sync");
    const card = page.getByRole("region", { name: "Off-site copies" });
    await card.getByText("Off-site copies: On").waitFor();
    await card.getByText(warning).waitFor();
    expect(await axeViolations(page, "off-site copies: not encrypted")).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  } finally {
    await server.stop();
    server.remove();
  }
}, 120_000);
