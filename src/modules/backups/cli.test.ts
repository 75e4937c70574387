// The backup subcommands, run as an operator would: `bun src/main.ts <command>` with a temp DATA_DIR.

import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { PNG_BYTES, sampleExport, writeSampleUploads } from "@tests/support/data-fixtures.ts";

const ROOT = resolve(import.meta.dir, "../../..");
let dir: string;
let data: string;

type Run = { code: number; stdout: string; stderr: string };

async function run(...args: string[]): Promise<Run> {
  const child = Bun.spawn(["bun", "src/main.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: data, APP_DATA_DIR: join(dir, "no-app-data"), ADMIN_PASSWORD: "cli-test-password" },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, stdout, stderr };
}

/** Event names in the live database, read as a separate process would. */
function eventNames(): string[] {
  const db = new Database(join(data, "site.db"), { readonly: true });
  try {
    return db
      .query<{ name: string }, []>("SELECT name FROM events ORDER BY id")
      .all()
      .map((row) => row.name);
  } finally {
    db.close();
  }
}

function rename(name: string) {
  const db = new Database(join(data, "site.db"));
  db.exec("PRAGMA busy_timeout = 5000");
  db.query("UPDATE events SET name = ?").run(name);
  db.close();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "vedanta-backup-cli-"));
  data = join(dir, "data");
  writeSampleUploads(data);
  const input = join(dir, "input.json");
  writeFileSync(input, JSON.stringify(sampleExport()));
  expect((await run("import", input)).code).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("CLI backup commands", () => {
  test("--help lists backup, list-backups and restore-backup", async () => {
    const { stdout } = await run("--help");
    for (const line of ["backup ", "list-backups ", "restore-backup FILE|NAME"]) expect(stdout).toContain(`  ${line}`);
  });

  test("backup prints the new backup's folder; list-backups lists it", async () => {
    const taken = await run("backup");
    expect(taken.stderr).toBe("");
    expect(taken.code).toBe(0);
    const path = taken.stdout.trim();
    expect(path.startsWith(join(data, "backups"))).toBe(true);
    expect(readdirSync(path).sort()).toEqual(["backup.json", "site.db", "uploads"]);
    expect(readdirSync(join(path, "uploads")).sort()).toEqual(["profile.png", "programme.pdf", "retreat.png"]);
    const listed = await run("list-backups");
    expect(listed.stdout).toContain(`${basename(path)}\tmanual\t`);
    expect(listed.stdout).toContain("-before-import\tbefore-import\t");
  });

  test("restore-backup NAME puts the data back and keeps a before-restore backup", async () => {
    const name = basename((await run("backup")).stdout.trim());
    rename("Changed after the backup");
    writeFileSync(join(data, "uploads", "retreat.png"), "changed");

    const restored = await run("restore-backup", name);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Backup ${name} restored: 2 events, 2 classes`);
    expect(eventNames()).toEqual(["Winter Retreat", "Gita Workshop"]);
    expect([...readFileSync(join(data, "uploads", "retreat.png"))]).toEqual([...PNG_BYTES]);
    expect(readdirSync(join(data, "backups")).some((entry) => entry.endsWith("-before-restore"))).toBe(true);
  });

  test("restore-backup FILE.tar: an archive made by GNU tar from a backup folder", async () => {
    const folder = (await run("backup")).stdout.trim();
    const archive = join(dir, "copied-off-the-server.tar");
    const tar = Bun.spawnSync(["tar", "-cf", archive, "-C", join(folder, ".."), basename(folder)]);
    expect(tar.exitCode).toBe(0);
    rename("Changed again");
    const restored = await run("restore-backup", archive);
    expect(restored.stderr).toBe("");
    expect(restored.stdout).toContain("Backup copied-off-the-server.tar restored: 2 events");
    expect(eventNames()).toEqual(["Winter Retreat", "Gita Workshop"]);
    expect(readdirSync(join(data, "backups")).filter((entry) => entry.startsWith("."))).toEqual([]);
  });

  test("restore-backup FILE.db: a bare database file restores the content and leaves the uploads", async () => {
    const folder = (await run("backup")).stdout.trim();
    rename("Changed once more");
    const restored = await run("restore-backup", join(folder, "site.db"));
    expect(restored.code).toBe(0);
    expect(eventNames()).toEqual(["Winter Retreat", "Gita Workshop"]);
  });

  test("a corrupt backup is refused: exit 1, a clear message, nothing changed", async () => {
    const folder = (await run("backup")).stdout.trim();
    const database = join(folder, "site.db");
    const bytes = readFileSync(database);
    bytes.fill(0x5a, 4096);
    writeFileSync(database, bytes);
    rename("Current data");
    const backupsBefore = readdirSync(join(data, "backups")).sort();
    const modified = statSync(join(data, "site.db")).mtimeMs;

    const refused = await run("restore-backup", basename(folder));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`restore-backup failed: The backup ${basename(folder)} was not restored:`);
    expect(refused.stderr).toContain("Nothing was changed.");
    expect(eventNames()).toEqual(["Current data", "Current data"]);
    expect(readdirSync(join(data, "backups")).sort()).toEqual(backupsBefore);
    expect(statSync(join(data, "site.db")).mtimeMs).toBe(modified);
  });

  test("unknown names and missing arguments", async () => {
    const missing = await run("restore-backup", "20200101T000000Z-daily");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("No backup called");
    const usage = await run("restore-backup");
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Usage: vedanta-site restore-backup FILE|NAME");
    expect(existsSync(join(data, "backups"))).toBe(true);
  });
});
