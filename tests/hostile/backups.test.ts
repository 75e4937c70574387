// Issue 12 findings 8 and 11: a hostile .tar is an error in bounded time and memory, archives written by GNU tar are
// read whole (names over 100 characters too), our own downloads restore, and the data folder, the database and
// the backups are readable by the service's user only.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { events } from "@db/schema.ts";
import { restoreBackup, takeBackup } from "@server/modules/backups/service.ts";
import { createEvent } from "@tests/support/factories.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { sampleExport } from "../support/data-fixtures.ts";
import { figure, prng, ROOT, SEED } from "./support.ts";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const LONG_NAME = `${"a-very-long-upload-name-".repeat(5)}photo.png`; // 125 characters
let t: TestApp;
let token: string;

beforeEach(async () => {
  t = await createTestApp();
  token = await t.login();
  createEvent(t.db, { name: "Backed up" });
});
afterEach(() => t.cleanup());

const deps = () => ({ db: t.db, dataDir: t.config.dataDir });
const eventNames = () =>
  t.db
    .select()
    .from(events)
    .all()
    .map((row) => row.name);
const workFolders = () => readdirSync(join(t.config.dataDir, "backups")).filter((name) => name.startsWith("."));
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** Sets a header's size field to `field` (as written, e.g. "-1000") and makes its checksum right again. */
function setSize(archive: Buffer, header: number, field: string) {
  archive.fill(0, header + 124, header + 136).write(field, header + 124, "latin1");
  archive.fill(0x20, header + 148, header + 156);
  const sum = archive.subarray(header, header + 512).reduce((total, byte) => total + byte, 0);
  archive.write(`${sum.toString(8).padStart(6, "0")}\0 `, header + 148, "latin1");
}

/** `tar -c` of a folder, in GNU tar's `format`. */
function gnuTar(folder: string, parent: string, format: "gnu" | "pax" | "ustar"): string {
  const path = join(t.dir, `${format}.tar`);
  const made = Bun.spawnSync(["tar", `--format=${format}`, "-cf", path, "-C", parent, folder]);
  expect(made.stderr.toString()).toBe("");
  return path;
}

describe("restore-backup FILE.tar", () => {
  test("a crafted archive (a size of -1000, octal) fails at once with nothing changed", async () => {
    const dataDir = join(t.dir, "cli-data");
    mkdirSync(join(t.dir, "src"), { recursive: true });
    writeFileSync(join(t.dir, "src", "site.db"), "x".repeat(2000));
    const archive = Buffer.from(readFileSync(gnuTar("site.db", join(t.dir, "src"), "gnu")));
    setSize(archive, 0, "-1000");
    const path = join(t.dir, "crafted.tar");
    writeFileSync(path, archive);

    const started = performance.now();
    const child = Bun.spawn(["bun", "src/main.ts", "restore-backup", path], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, APP_DATA_DIR: join(t.dir, "none"), ADMIN_PASSWORD: "hostile-password" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    const [stderr, code] = await Promise.all([new Response(child.stderr).text(), child.exited]);
    clearTimeout(killer);
    const seconds = (performance.now() - started) / 1000;
    figure("restore-backup of a tar with size -1000", `exit ${code} after ${seconds.toFixed(1)} s`);
    expect({ code, signal: child.signalCode, stderr }).toEqual({
      code: 1,
      signal: null,
      stderr: expect.stringMatching(/^restore-backup failed: .*crafted\.tar cannot be read as a tar archive: /),
    });
    expect(seconds).toBeLessThan(5);
    expect(readdirSync(join(dataDir, "backups"))).toEqual([]); // no safety backup, no work folder
  }, 30_000);

  for (const format of ["gnu", "pax"] as const) {
    test(`an archive written by GNU tar (${format}) is read whole: an upload name of 125 characters survives`, async () => {
      const backup = takeBackup(deps(), "manual");
      writeFileSync(join(backup.path, "uploads", LONG_NAME), PNG);
      const path = gnuTar(backup.name, join(t.config.dataDir, "backups"), format);
      t.db.update(events).set({ name: "Changed" }).run();

      const result = await restoreBackup(deps(), path, { allowPaths: true });
      expect(result.message).toStartWith(`Backup ${format}.tar restored: 1 event,`);
      expect(eventNames()).toEqual(["Backed up"]);
      expect(readdirSync(join(t.config.dataDir, "uploads"))).toEqual([LONG_NAME]);
      expect([...readFileSync(join(t.config.dataDir, "uploads", LONG_NAME))]).toEqual([...PNG]);
    });
  }

  test("a backup downloaded from the admin area restores; its files are 0600 in the archive", async () => {
    mkdirSync(join(t.config.dataDir, "uploads"), { recursive: true });
    writeFileSync(join(t.config.dataDir, "uploads", "photo.png"), PNG);
    const { backup } = (await t.api({ token }).admin.backups.post()).data!;
    // Raw: the download's bytes.
    const download = await t.request("GET", `/api/admin/backups/${backup.name}/download`, { token });
    const path = join(t.dir, "download.tar");
    writeFileSync(path, new Uint8Array(await download.arrayBuffer()));
    const listing = Bun.spawnSync(["tar", "-tvf", path]).stdout.toString().trim().split("\n");
    expect(listing.map((line) => line.split(/\s+/)[0])).toEqual(["-rw-------", "-rw-------", "-rw-------"]);

    t.db.update(events).set({ name: "Changed" }).run();
    rmSync(join(t.config.dataDir, "uploads", "photo.png"));
    await restoreBackup(deps(), path, { allowPaths: true });
    expect(eventNames()).toEqual(["Backed up"]);
    expect([...readFileSync(join(t.config.dataDir, "uploads", "photo.png"))]).toEqual([...PNG]);
    expect(workFolders()).toEqual([]);
  });

  test("fuzz: damaged headers, sizes and lengths of a real backup archive each end in bounded time", async () => {
    const backup = takeBackup(deps(), "manual");
    writeFileSync(join(backup.path, "uploads", LONG_NAME), PNG);
    const original = readFileSync(gnuTar(backup.name, join(t.config.dataDir, "backups"), "gnu"));
    const headers: number[] = [];
    for (let offset = 0; offset + 512 <= original.length; offset += 512) {
      const block = original.subarray(offset, offset + 512);
      if (block.subarray(257, 262).toString("latin1") === "ustar") headers.push(offset);
    }
    const rng = prng(SEED);
    const sizes = [
      "-1000",
      "-1",
      "77777777777",
      "99999999",
      "0",
      " 12 ",
      "\x80\0\0\0\0\0\0\0\xff\xff\xff\xff",
      "\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff",
      "1e9",
      "NaN",
    ];
    const path = join(t.dir, "fuzzed.tar");
    let slowest = 0;
    const outcomes = new Map<string, number>();
    for (let run = 0; run < 120; run++) {
      const archive = Buffer.from(original);
      const header = rng.pick(headers);
      const damage = rng.int(0, 3);
      if (damage === 0) setSize(archive, header, rng.pick(sizes));
      if (damage === 1) for (let i = 0; i < 8; i++) archive[header + rng.int(0, 511)] = rng.int(0, 255);
      if (damage === 2) setSize(archive, header, (rng.int(0, 2 ** 30) * rng.pick([1, 8, 512])).toString(8));
      const bytes = damage === 3 ? archive.subarray(0, rng.int(0, archive.length)) : archive;
      writeFileSync(path, bytes);
      const started = performance.now();
      const outcome = await restoreBackup(deps(), path, { allowPaths: true }).then(
        () => "restored",
        (error: Error) => error.message.replace(/^.*(cannot be read|is not a backup archive|was not restored).*$/s, "$1"),
      );
      slowest = Math.max(slowest, performance.now() - started);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    figure("fuzzed archives", `${[...outcomes].map(([outcome, n]) => `${n} ${outcome}`).join(", ")}; slowest ${slowest.toFixed(0)} ms`);
    expect(
      [...outcomes.keys()].filter((outcome) => !["restored", "cannot be read", "is not a backup archive", "was not restored"].includes(outcome)),
    ).toEqual([]);
    expect(slowest).toBeLessThan(5_000);
    expect(workFolders()).toEqual([]);
  }, 120_000);
});

describe("file modes", () => {
  test("the data folder, its uploads and backups are 0700; the database, its WAL and the backups' files 0600", async () => {
    // A database open and written to, as the server's: SQLite gives its -wal and -shm the database file's mode.
    expect(["site.db", "site.db-wal", "site.db-shm"].map((name) => mode(join(t.dir, name)))).toEqual(["600", "600", "600"]);
    const dir = mkdtempSync(join(tmpdir(), "vedanta-modes-"));
    try {
      const dataDir = join(dir, "data");
      const input = join(dir, "input.json");
      writeFileSync(input, JSON.stringify(sampleExport()));
      const run = () =>
        Bun.spawnSync(["bun", "src/main.ts", "import", input], {
          cwd: ROOT,
          env: { ...process.env, DATA_DIR: dataDir, APP_DATA_DIR: join(dir, "none"), ADMIN_PASSWORD: "hostile-password" },
        });
      // An install from before: folders 0755, files 0644.
      expect(run().exitCode).toBe(0);
      for (const path of [dataDir, join(dataDir, "uploads"), join(dataDir, "backups")]) chmodSync(path, 0o755);
      chmodSync(join(dataDir, "site.db"), 0o644);
      writeFileSync(join(dataDir, "site.db-wal"), "");
      chmodSync(join(dataDir, "site.db-wal"), 0o644);
      expect(run().exitCode).toBe(0);

      const backups = readdirSync(join(dataDir, "backups")).map((name) => join(dataDir, "backups", name));
      const folders = [dataDir, join(dataDir, "uploads"), join(dataDir, "backups"), ...backups, ...backups.map((path) => join(path, "uploads"))];
      const files = [join(dataDir, "site.db"), ...["site.db-wal", "site.db-shm"].map((name) => join(dataDir, name)).filter(existsSync)];
      for (const backup of backups) files.push(join(backup, "site.db"), join(backup, "backup.json"));
      expect(Object.fromEntries(folders.map((path) => [path, mode(path)]))).toEqual(Object.fromEntries(folders.map((path) => [path, "700"])));
      expect(Object.fromEntries(files.map((path) => [path, mode(path)]))).toEqual(Object.fromEntries(files.map((path) => [path, "600"])));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
