import { Database } from "bun:sqlite";
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { classes, emailChanges, eventRegistrations, events, settings, users } from "@db/schema.ts";
import { answerOf, createTestApp, type TestApp } from "@tests/support/app.ts";
import { createClass, createEvent, createRegistration } from "@tests/support/factories.ts";
import { scenarios } from "@tests/support/scenarios.ts";
import { BACKUPS_KEPT, type BackupInfo, listBackups, nextDailyDelay, scheduleDailyBackups, takeBackup } from "./service.ts";
import { extractTar, TAR_LIMITS, type TarLimits, tarStream } from "./tar.ts";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
let t: TestApp;
let token: string;

const event = (id: number, name: string) => createEvent(t.db, { id, name, images: [`/uploads/photo-${id}.png`] });

function seed() {
  event(1, "Easter Retreat");
  event(2, "Gita Workshop");
  createRegistration(t.db, 1, { name: "Asha" });
  createClass(t.db);
  t.db.insert(settings).values({ key: "youtubeApiKey", value: "key-at-backup-time" }).run();
  mkdirSync(join(t.config.dataDir, "uploads"), { recursive: true });
  writeFileSync(join(t.config.dataDir, "uploads", "photo-1.png"), PNG);
  writeFileSync(join(t.config.dataDir, "uploads", "photo-2.png"), PNG);
}

const names = () =>
  t.db
    .select()
    .from(events)
    .all()
    .map((row) => row.name)
    .sort();
const backupsFolder = () => join(t.config.dataDir, "backups");

async function takeOne(): Promise<BackupInfo> {
  const { status, data } = await t.api({ token }).admin.backups.post();
  expect(status).toBe(201);
  return data!.backup;
}

beforeEach(async () => {
  t = await createTestApp();
  token = await t.login();
  seed();
});
afterEach(() => t.cleanup());

describe("taking and listing backups", () => {
  test("POST takes a manual backup: the database snapshot, the uploads and a manifest in one folder", async () => {
    const backup = await takeOne();
    expect(backup.name).toMatch(/^\d{8}T\d{6}Z-manual$/);
    expect(backup.kind).toBe("manual");
    const folder = join(backupsFolder(), backup.name);
    expect(readdirSync(folder).sort()).toEqual(["backup.json", "site.db", "uploads"]);
    expect(readdirSync(join(folder, "uploads")).sort()).toEqual(["photo-1.png", "photo-2.png"]);
    const snapshot = new Database(join(folder, "site.db"), { readonly: true });
    expect(snapshot.query("SELECT count(*) AS n FROM events").get()).toEqual({ n: 2 });
    snapshot.close();
    expect(JSON.parse(readFileSync(join(folder, "backup.json"), "utf8"))).toMatchObject({ kind: "manual", uploads: ["photo-1.png", "photo-2.png"] });
  });

  test("an unchanged upload is shared with the previous backup; one changed in place is copied afresh", () => {
    const deps = { db: t.db, dataDir: t.config.dataDir };
    const first = takeBackup(deps, "manual");
    writeFileSync(join(t.config.dataDir, "uploads", "photo-2.png"), "edited in place");
    const second = takeBackup(deps, "manual");
    const inode = (backup: { path: string }, file: string) => statSync(join(backup.path, "uploads", file)).ino;
    expect(inode(second, "photo-1.png")).toBe(inode(first, "photo-1.png"));
    expect(inode(second, "photo-1.png")).not.toBe(statSync(join(t.config.dataDir, "uploads", "photo-1.png")).ino);
    expect(readFileSync(join(first.path, "uploads", "photo-2.png"))).toEqual(Buffer.from(PNG));
    expect(readFileSync(join(second.path, "uploads", "photo-2.png"), "utf8")).toBe("edited in place");
  });

  test("GET lists name, kind, createdAt and size, newest first", async () => {
    const first = takeBackup({ db: t.db, dataDir: t.config.dataDir, now: () => new Date("2026-11-01T10:00:00Z") }, "daily");
    const second = await takeOne();
    const list = (await t.api({ token }).admin.backups.get()).data!;
    expect(list.map((entry) => entry.name)).toEqual([second.name, first.name]);
    expect(list[1]).toEqual({ name: "20261101T100000Z-daily", kind: "daily", createdAt: "2026-11-01T10:00:00.000Z", size: expect.any(Number) });
    expect(list[1]!.size).toBeGreaterThan(4096);
  });

  test("rotation keeps the 7 newest daily backups and 10 of each other kind", () => {
    const deps = (iso: string) => ({ db: t.db, dataDir: t.config.dataDir, now: () => new Date(iso) });
    for (let day = 1; day <= 9; day += 1) takeBackup(deps(`2026-10-${String(day).padStart(2, "0")}T03:00:00Z`), "daily");
    for (let n = 0; n < 12; n += 1) takeBackup(deps("2026-10-20T03:00:00Z"), "manual");
    const list = listBackups(t.config.dataDir);
    const daily = list.filter((backup) => backup.kind === "daily").map((backup) => backup.name);
    expect(daily).toEqual([9, 8, 7, 6, 5, 4, 3].map((day) => `2026100${day}T030000Z-daily`));
    const manual = list.filter((backup) => backup.kind === "manual").map((backup) => backup.name);
    expect(manual).toHaveLength(BACKUPS_KEPT.manual);
    // Twelve in the same second: the names count up and the two oldest went.
    expect(manual[0]).toBe("20261020T030000Z-manual-12");
    expect(manual.at(-1)).toBe("20261020T030000Z-manual-3");
  });

  test("daily backups follow the schedule: the newest of each of the last N days, weeks and months (BACKUP_KEEP_*)", () => {
    const keep = { daily: 2, weekly: 2, monthly: 3 };
    const deps = (iso: string) => ({ db: t.db, dataDir: t.config.dataDir, now: () => new Date(iso), keep });
    for (const day of ["2026-08-15", "2026-09-20", "2026-10-01", "2026-10-20", "2026-10-27", "2026-10-28", "2026-10-29"])
      takeBackup(deps(`${day}T03:00:00Z`), "daily");
    const daily = listBackups(t.config.dataDir)
      .filter((backup) => backup.kind === "daily")
      .map((backup) => backup.name.slice(0, 8));
    // Days: Oct 29, 28; weeks: Oct 29 (week of Oct 26), Oct 20 (week of Oct 19); months: Oct, Sep (Sep 20), Aug (Aug 15).
    expect(daily).toEqual(["20261029", "20261028", "20261020", "20260920", "20260815"]);
  });

  test("a daily backup is due at start when the last is 24 h old, then 24 h after the last", () => {
    const dataDir = t.config.dataDir;
    expect(nextDailyDelay(dataDir, new Date("2026-11-01T00:00:00Z"))).toBe(0);
    takeBackup({ db: t.db, dataDir, now: () => new Date("2026-11-01T00:00:00Z") }, "daily");
    expect(nextDailyDelay(dataDir, new Date("2026-11-01T02:00:00Z"))).toBe(22 * 3600_000);
    expect(nextDailyDelay(dataDir, new Date("2026-11-02T01:00:00Z"))).toBe(0);
  });

  test("the daily timer takes one when due and does not keep the process alive", async () => {
    const logged: string[] = [];
    const timer = scheduleDailyBackups(
      { db: t.db, dataDir: t.config.dataDir },
      { log: (line) => logged.push(line), error: (line) => logged.push(line) },
      0,
    );
    await Bun.sleep(50);
    timer.stop();
    expect(listBackups(t.config.dataDir).map((backup) => backup.kind)).toEqual(["daily"]);
    expect(logged[0]).toStartWith("Daily backup taken: ");
  });
});

describe("download", () => {
  test("one .tar with the database, the manifest and the uploads under the backup's name", async () => {
    const backup = await takeOne();
    // Raw: the download's bytes and headers.
    const response = await t.request("GET", `/api/admin/backups/${backup.name}/download`, { token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-tar");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="vedanta-backup-${backup.name}.tar"`);
    const archive = new Uint8Array(await response.arrayBuffer());
    expect(archive.length).toBe(Number(response.headers.get("content-length")));
    const path = join(t.dir, "download.tar");
    writeFileSync(path, archive);
    const unpacked = join(t.dir, "unpacked");
    mkdirSync(unpacked);
    const paths: string[] = [];
    await extractTar(path, (entry) => join(unpacked, String(paths.push(entry))));
    expect(paths).toEqual([
      `${backup.name}/site.db`,
      `${backup.name}/backup.json`,
      `${backup.name}/uploads/photo-1.png`,
      `${backup.name}/uploads/photo-2.png`,
    ]);
    expect(readFileSync(join(unpacked, "1")).equals(readFileSync(join(backupsFolder(), backup.name, "site.db")))).toBe(true);
    expect([...readFileSync(join(unpacked, "3"))]).toEqual([...PNG]);
    // GNU tar reads it as well.
    const listing = Bun.spawnSync(["tar", "-tf", path]);
    expect(listing.exitCode).toBe(0);
    expect(listing.stdout.toString().trim().split("\n")).toEqual(paths);
  });
});

describe("reading an archive back", () => {
  test("beyond its limits it is refused: a file too large, too much in all, too many entries, too slow", async () => {
    const entries = ["a", "b", "c"].map((name) => {
      const source = join(t.dir, name);
      writeFileSync(source, Buffer.alloc(4 * 1024 * 1024, name));
      return { path: `backup/uploads/${name}.png`, source, size: 4 * 1024 * 1024, mtime: new Date() };
    });
    const path = join(t.dir, "three.tar");
    writeFileSync(path, new Uint8Array(await new Response(tarStream(entries)).arrayBuffer()));
    const out = join(t.dir, "out");
    mkdirSync(out);
    const attempt = (limits: Partial<TarLimits>) =>
      extractTar(path, (entry) => join(out, entry.replaceAll("/", "_")), { ...TAR_LIMITS, ...limits }).then(
        () => "read",
        (error: Error) => error.message,
      );
    expect(await attempt({})).toBe("read");
    expect(readFileSync(join(out, "backup_uploads_c.png"))).toEqual(Buffer.alloc(4 * 1024 * 1024, "c"));
    expect(await attempt({ maxFileBytes: 4 * 1024 * 1024 - 1 })).toBe("backup/uploads/a.png is larger than 4194303 bytes");
    expect(await attempt({ maxTotalBytes: 12 * 1024 * 1024 - 1 })).toBe("its files add up to more than 12582911 bytes");
    expect(await attempt({ maxEntries: 2 })).toBe("it holds more than 2 entries");
    expect(await attempt({ timeoutMs: 1 })).toBe("reading it took longer than 0.001 s");
  });
});

describe("restore", () => {
  test("replaces the content and uploads inside the open database; the app keeps working", async () => {
    const backup = await takeOne();
    // Changes after the backup: an event renamed, one added, a class removed, an upload changed, a password changed.
    t.db.update(events).set({ name: "Renamed" }).run();
    event(3, "Added later");
    t.db.delete(classes).run();
    t.db.update(settings).set({ value: "newer-key" }).run();
    writeFileSync(join(t.config.dataDir, "uploads", "photo-1.png"), "changed");
    writeFileSync(join(t.config.dataDir, "uploads", "later.png"), PNG);
    const passwordHash = t.db.select().from(users).get()!.password;

    const { status, data: body } = await t.api({ token }).admin.backups({ name: backup.name }).restore.post();
    expect(status).toBe(200);
    expect(body?.success).toBe(true);
    expect(body?.message).toContain(`Backup ${backup.name} restored: 2 events, 1 class`);

    expect(names()).toEqual(["Easter Retreat", "Gita Workshop"]);
    expect(t.db.select().from(classes).all()).toHaveLength(1);
    expect(
      t.db
        .select()
        .from(eventRegistrations)
        .all()
        .map((row) => row.name),
    ).toEqual(["Asha"]);
    expect(t.db.select().from(settings).all()).toEqual([{ key: "youtubeApiKey", value: "key-at-backup-time" }]);
    expect([...readFileSync(join(t.config.dataDir, "uploads", "photo-1.png"))]).toEqual([...PNG]);
    expect(existsSync(join(t.config.dataDir, "uploads", "later.png"))).toBe(true); // uploads the backup lacks are kept
    // Credentials are not part of a restore: the same password and token still work.
    expect(t.db.select().from(users).get()!.password).toBe(passwordHash);
    expect((await t.api({ token }).admin.events.get()).status).toBe(200);
    const publicEvents = (await t.api().events.get()).data ?? [];
    expect(publicEvents.map((row) => row.name).sort()).toEqual(["Easter Retreat", "Gita Workshop"]);

    // The data before the restore was kept as a before-restore backup, which restores back.
    const safety = listBackups(t.config.dataDir).find((entry) => entry.kind === "before-restore")!;
    expect(body?.message).toContain(safety.name);
    expect((await t.api({ token }).admin.backups({ name: safety.name }).restore.post()).status).toBe(200);
    expect(names()).toEqual(["Added later", "Renamed", "Renamed"]);
  });

  test("the account is no part of a restore: a device signed out after the backup stays out, one signed in after it stays in", async () => {
    const signIn = async () => {
      const { data } = await t.api().admin.login.post({ username: "admin", password: "test-password" });
      return data && "token" in data ? data.token : undefined;
    };
    const before = await signIn();
    const backup = await takeOne();
    const after = await signIn();
    const devices = (await t.api({ token: before }).admin.sessions.get()).data ?? [];
    const stolen = devices.find((device) => device.current)!;
    expect((await t.api({ token: after }).admin.sessions({ id: stolen.id }).delete()).status).toBe(204);

    expect((await t.api({ token: after }).admin.backups({ name: backup.name }).restore.post()).status).toBe(200);
    expect((await t.api({ token: before }).admin.events.get()).status).toBe(401);
    expect((await t.api({ token: after }).admin.events.get()).status).toBe(200);
  });

  test("the account e-mail is no part of a restore, nor a new address waiting for its link (issue 30)", async () => {
    t.db.update(users).set({ email: "old@example.org" }).run();
    t.db
      .insert(emailChanges)
      .values({ userId: 1, email: "thief@example.org", tokenHash: "hash-of-a-mailed-link", expiresAt: "2999-01-01T00:00:00.000Z" })
      .run();
    const backup = await takeOne();
    t.db.update(users).set({ email: "owner@example.org" }).run();
    t.db.delete(emailChanges).run();

    expect((await t.api({ token }).admin.backups({ name: backup.name }).restore.post()).status).toBe(200);
    expect(t.db.select({ email: users.email }).from(users).all()).toEqual([{ email: "owner@example.org" }]);
    expect(t.db.select().from(emailChanges).all()).toEqual([]);
  });

  test("a corrupt backup is refused with nothing changed", async () => {
    const backup = await takeOne();
    const database = join(backupsFolder(), backup.name, "site.db");
    const bytes = readFileSync(database);
    bytes.fill(0x5a, 4096, bytes.length); // every page after the first overwritten
    writeFileSync(database, bytes);
    t.db.update(events).set({ name: "Current" }).run();
    const before = readdirSync(backupsFolder()).sort();

    const response = await t.api({ token }).admin.backups({ name: backup.name }).restore.post();
    expect(response.status).toBe(400);
    expect(answerOf(response)).toMatchObject({ error: expect.stringMatching(/was not restored: .*Nothing was changed\.$/) });
    expect(names()).toEqual(["Current", "Current"]);
    expect(readdirSync(backupsFolder()).sort()).toEqual(before); // no safety backup, no work files left
  });

  test("a file that is not a database is refused with nothing changed", async () => {
    const backup = await takeOne();
    writeFileSync(join(backupsFolder(), backup.name, "site.db"), "not a database at all, just text");
    const response = await t.api({ token }).admin.backups({ name: backup.name }).restore.post();
    expect(response.status).toBe(400);
    expect(answerOf(response)).toMatchObject({ error: expect.stringContaining("is not a readable SQLite database") });
    expect(names()).toEqual(["Easter Retreat", "Gita Workshop"]);
  });
});

// Raw requests below: hostile names are paths as an attacker writes them, not the contract's.
describe("access and names", () => {
  scenarios(
    () => createTestApp(),
    [
      { name: "list needs a token", send: (api) => api.admin.backups.get(), status: 401 },
      { name: "taking one needs a token", send: (api) => api.admin.backups.post(), status: 401 },
      { name: "download needs a token", send: (api) => api.admin.backups({ name: "20261101T100000Z-daily" }).download.get(), status: 401 },
      { name: "restore needs a token", send: (api) => api.admin.backups({ name: "20261101T100000Z-daily" }).restore.post(), status: 401 },
      {
        name: "an unknown backup is a 404",
        send: (api) => api.admin.backups({ name: "20261101T100000Z-daily" }).restore.post(),
        auth: true,
        status: 404,
        contains: ["Backup not found"],
      },
      {
        name: "traversal in the name is a 404",
        send: (_api, raw) => raw("GET", "/api/admin/backups/..%2F..%2Fsite.db/download"),
        auth: true,
        status: 404,
      },
      { name: "an encoded dot-dot name is a 404", send: (_api, raw) => raw("POST", "/api/admin/backups/%2E%2E/restore"), auth: true, status: 404 },
      { name: "a name of another shape is a 404", send: (api) => api.admin.backups({ name: "uploads" }).download.get(), auth: true, status: 404 },
    ],
  );

  test("a hidden work folder is never listed or served", async () => {
    mkdirSync(join(backupsFolder(), ".partial-20261101T100000Z-daily-abcd"), { recursive: true });
    writeFileSync(join(backupsFolder(), ".partial-20261101T100000Z-daily-abcd", "site.db"), "x");
    expect((await t.api({ token }).admin.backups.get()).data).toEqual([]);
    expect((await t.request("GET", "/api/admin/backups/.partial-20261101T100000Z-daily-abcd/download", { token })).status).toBe(404);
  });
});
