import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { archiveEvents, classes, events, messages, notifications, profile, subscribers } from "@db/schema.ts";
import { getSetting } from "@server/lib/settings.ts";
import { EXPORT_SECTIONS } from "@server/shared/constants.ts";
import { answerOf, createTestApp, type TestApp } from "@tests/support/app.ts";
import { exportContent, importThroughApi, PNG_BYTES, sampleExport, writeSampleUploads } from "@tests/support/data-fixtures.ts";
import { createSubscriber } from "@tests/support/factories.ts";
import { runGit } from "@tests/support/git-server.ts";
import { autoRestore, loadAppData, MANIFEST_FILE, sectionFile } from "./app-data.ts";

let t: TestApp;
let token: string;

beforeEach(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterEach(() => t.cleanup());

const SECTION_FILES = EXPORT_SECTIONS.map(sectionFile);

async function seedAndSync(app: TestApp, appToken: string) {
  writeSampleUploads(app.config.dataDir);
  await importThroughApi(app, appToken, sampleExport());
  const response = await app.request("POST", "/api/admin/sync-to-app-data", { token: appToken, body: {} });
  expect(response.status).toBe(200);
  return response.json() as Promise<{ success: boolean; message: string }>;
}

function wipeContent(app: TestApp) {
  for (const table of [events, classes, archiveEvents, messages, subscribers, profile, notifications]) app.db.delete(table).run();
}

const status = async () => (await t.api({ token }).admin["sync-status"].get()).data;
const listFiles = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && !join(entry.parentPath, entry.name).includes("/.git/"))
        .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
        .sort()
    : [];

describe("sync-status and sync-to-app-data", () => {
  test("status before any sync: no app_data", async () => {
    expect(await status()).toEqual({ hasAppData: false, lastSync: null, files: [] });
  });

  test("sync writes each section, the referenced uploads and the manifest; status reports it", async () => {
    const body = await seedAndSync(t, token);
    expect(body.success).toBe(true);
    expect(body.message).toStartWith(
      "Data synced to app_data successfully: 2 events, 2 classes, 1 archive event, 1 message, 2 subscribers, a profile, 1 notification, 3 upload file(s). Git: committed as ",
    );

    const dir = t.config.appDataDir;
    expect(listFiles(dir)).toEqual([...SECTION_FILES, MANIFEST_FILE, "uploads/profile.png", "uploads/programme.pdf", "uploads/retreat.png"].sort());
    const manifest = JSON.parse(readFileSync(join(dir, MANIFEST_FILE), "utf8"));
    expect(manifest).toEqual({ version: 1, lastSync: expect.any(String), files: SECTION_FILES });
    expect(getSetting(t.db, "lastSync")).toBe(manifest.lastSync);

    const exported = await exportContent(t, token);
    for (const section of EXPORT_SECTIONS) {
      expect(JSON.parse(readFileSync(join(dir, sectionFile(section)), "utf8"))).toEqual(exported[section]);
    }
    expect(readFileSync(join(dir, "uploads", "retreat.png"))).toEqual(Buffer.from(PNG_BYTES));
    expect(await status()).toEqual({ hasAppData: true, lastSync: manifest.lastSync, files: SECTION_FILES });
  });

  test("a missing upload is reported, not fatal; an unreferenced upload is not copied", async () => {
    writeSampleUploads(t.config.dataDir);
    rmSync(join(t.config.dataDir, "uploads", "programme.pdf"));
    writeFileSync(join(t.config.dataDir, "uploads", "stray.png"), PNG_BYTES);
    await importThroughApi(t, token, sampleExport());
    const response = await t.api({ token }).admin["sync-to-app-data"].post({});
    expect(response.status).toBe(200);
    expect(response.data?.message).toContain("2 upload file(s). 1 referenced upload file(s) were not found: programme.pdf. Git: committed as ");
    expect(listFiles(join(t.config.appDataDir, "uploads"))).toEqual(["profile.png", "retreat.png"]);
  });

  test('an upload whose name starts with "-" (one in 64 of the names the server makes) is synced to app_data and read back from it', async () => {
    const name = "-Zq0vN3kq7rX1aB2cD3eFg.png";
    writeSampleUploads(t.config.dataDir);
    writeFileSync(join(t.config.dataDir, "uploads", name), PNG_BYTES);
    const content = sampleExport();
    content.events[0]!.images = [`/uploads/${name}`];
    await importThroughApi(t, token, content);
    const response = await t.api({ token }).admin["sync-to-app-data"].post({});
    expect(response.data?.message).not.toContain("were not found");
    expect(listFiles(join(t.config.appDataDir, "uploads"))).toContain(name);
    expect(loadAppData(t.config.appDataDir, join(t.dir, "elsewhere")).uploads.map((upload) => upload.name)).toContain(name);
  });

  test("status: an invalid manifest counts as no app_data", async () => {
    mkdirSync(t.config.appDataDir, { recursive: true });
    for (const content of ["{ broken", JSON.stringify({ version: 1, files: [] }), JSON.stringify([1])]) {
      writeFileSync(join(t.config.appDataDir, MANIFEST_FILE), content);
      expect(await status()).toEqual({ hasAppData: false, lastSync: null, files: [] });
    }
  });

  test("an app_data folder that cannot be written → 500 with a clear message", async () => {
    writeFileSync(join(t.dir, "not-a-folder"), "x");
    const other = await createTestApp({ env: { APP_DATA_DIR: join(t.dir, "not-a-folder", "app_data") } });
    try {
      const response = await other.request("POST", "/api/admin/sync-to-app-data", { token: await other.login(), body: {} });
      expect(response.status).toBe(500);
      expect(((await response.json()) as { error: string }).error).toStartWith("Sync failed: could not write app_data");
    } finally {
      other.cleanup();
    }
  });
});

describe("restore-from-app-data", () => {
  test("sync → wipe → restore gives the same content and upload files back", async () => {
    await seedAndSync(t, token);
    const before = await exportContent(t, token);
    wipeContent(t);
    rmSync(join(t.config.dataDir, "uploads"), { recursive: true });
    expect((await exportContent(t, token)).events).toEqual([]);

    const generation = t.app.publicCache.generation;
    const { status, data: body } = await t.api({ token }).admin["restore-from-app-data"].post({});
    expect(status).toBe(200);
    expect(body?.success).toBe(true);
    expect(body?.message).toMatch(
      /^Data restored from app_data \(synced .+\): 2 events, 2 classes, .* 3 upload file\(s\)\. Version [0-9a-f]{7} of .+: "Sync: .+"\.$/,
    );
    expect(t.app.publicCache.generation).toBe(generation + 1);
    expect(await exportContent(t, token)).toEqual(before);
    expect(readFileSync(join(t.config.dataDir, "uploads", "retreat.png"))).toEqual(Buffer.from(PNG_BYTES));
    expect(listFiles(join(t.config.dataDir, "uploads"))).toEqual(["profile.png", "programme.pdf", "retreat.png"]);
    expect(readdirSync(join(t.config.dataDir, "backups")).some((name) => name.includes("before-restore"))).toBe(true);
  });

  test("restore does not follow a symbolic link in app_data/uploads", async () => {
    await seedAndSync(t, token);
    symlinkSync(join(t.dir, "site.db"), join(t.config.appDataDir, "uploads", "linked.png"));
    expect((await t.api({ token }).admin["restore-from-app-data"].post({})).status).toBe(200);
    expect(existsSync(join(t.config.dataDir, "uploads", "linked.png"))).toBe(false);
  });

  test("a referenced upload missing everywhere: restored without it, and named in the message", async () => {
    await seedAndSync(t, token);
    const before = await exportContent(t, token);
    // Gone from the newest commit too (app_data is a git repository: issue 21), not only from the folder.
    runGit(["rm", "--quiet", "uploads/programme.pdf"], t.config.appDataDir);
    runGit(["commit", "--quiet", "-m", "An upload lost"], t.config.appDataDir);
    rmSync(join(t.config.dataDir, "uploads", "programme.pdf"));
    wipeContent(t);
    const response = await t.api({ token }).admin["restore-from-app-data"].post({});
    expect(response.status).toBe(200);
    expect(response.data?.message).toContain("2 upload file(s). 1 referenced upload file(s) were not found: programme.pdf. Version ");
    expect(await exportContent(t, token)).toEqual(before);
  });

  test("restore keeps uploads that app_data does not have", async () => {
    await seedAndSync(t, token);
    writeFileSync(join(t.config.dataDir, "uploads", "newer.png"), PNG_BYTES);
    expect((await t.api({ token }).admin["restore-from-app-data"].post({})).status).toBe(200);
    expect(existsSync(join(t.config.dataDir, "uploads", "newer.png"))).toBe(true);
  });

  const section = (name: string) => (dir: string) => join(dir, name);
  const corruptions: { name: string; damage: (dir: string) => void; error: string }[] = [
    { name: "no manifest", damage: (dir) => rmSync(join(dir, MANIFEST_FILE)), error: "No saved data found: app_data/manifest.json is missing." },
    {
      name: "manifest not JSON",
      damage: (dir) => writeFileSync(join(dir, MANIFEST_FILE), "{ nope"),
      error: "app_data/manifest.json is not valid JSON.",
    },
    {
      name: "manifest without lastSync",
      damage: (dir) => writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ version: 1, files: SECTION_FILES })),
      error: "app_data/manifest.json is invalid: lastSync must be an ISO-8601 date-time.",
    },
    {
      name: "manifest of another version",
      damage: (dir) => writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ version: 9, lastSync: "2026-01-01T00:00:00Z", files: [] })),
      error: "app_data/manifest.json is invalid: version must be 1.",
    },
    {
      name: "manifest lists a missing file",
      damage: (dir) =>
        writeFileSync(
          join(dir, MANIFEST_FILE),
          JSON.stringify({ version: 1, lastSync: "2026-01-01T00:00:00Z", files: [...SECTION_FILES, "extra.json"] }),
        ),
      error: "app_data is incomplete: extra.json is listed in the manifest but missing.",
    },
    {
      name: "manifest lists a file outside app_data",
      damage: (dir) =>
        writeFileSync(join(dir, MANIFEST_FILE), JSON.stringify({ version: 1, lastSync: "2026-01-01T00:00:00Z", files: ["../site.db"] })),
      error: 'app_data/manifest.json is invalid: "../site.db" is outside app_data.',
    },
    {
      name: "a missing section file",
      damage: (dir) => rmSync(section("classes.json")(dir)),
      error: "app_data is incomplete: classes.json is missing.",
    },
    {
      name: "a section file not JSON",
      damage: (dir) => writeFileSync(section("events.json")(dir), '[{"id": 1,'),
      error: "app_data/events.json is not valid JSON.",
    },
    {
      name: "a section that is not a list",
      damage: (dir) => writeFileSync(section("messages.json")(dir), "{}"),
      error: "Invalid data format. app_data/messages.json must be a list of records.",
    },
    {
      name: "an invalid record",
      damage: (dir) => {
        const rows = JSON.parse(readFileSync(section("notifications.json")(dir), "utf8"));
        rows[0].startDate = "soon";
        writeFileSync(section("notifications.json")(dir), JSON.stringify(rows));
      },
      error: "Invalid record in app_data/notifications.json at index 0: startDate: Start date is required",
    },
    {
      name: "an invalid profile",
      damage: (dir) => writeFileSync(section("profile.json")(dir), JSON.stringify({ name: "X" })),
      error: "Invalid record in app_data/profile.json: name: Name must be at least 2 characters",
    },
  ];

  // A damaged folder without a history (one from before, or copied by hand), and a damaged newest commit (another
  // machine pushed it): a restore takes the folder in the first case and the commit in the second.
  for (const [c, where] of corruptions.flatMap((c) => [[c, "folder"] as const, [c, "commit"] as const])) {
    test(`${c.name} → 400, nothing changed (${where})`, async () => {
      await seedAndSync(t, token);
      if (where === "folder") rmSync(join(t.config.appDataDir, ".git"), { recursive: true });
      // The site now differs from app_data: one class fewer, one upload changed, and no copy of programme.pdf.
      t.db.delete(classes).run();
      rmSync(join(t.config.dataDir, "uploads", "programme.pdf"));
      writeFileSync(join(t.config.dataDir, "uploads", "retreat.png"), "changed");
      c.damage(t.config.appDataDir);
      if (where === "commit") {
        runGit(["add", "--all"], t.config.appDataDir);
        runGit(["commit", "--quiet", "-m", `Damaged: ${c.name}`], t.config.appDataDir);
      }
      const before = await exportContent(t, token);
      const uploadsBefore = listFiles(join(t.config.dataDir, "uploads"));

      const response = await t.api({ token }).admin["restore-from-app-data"].post({});
      expect(response.status).toBe(400);
      expect((answerOf(response) as { error?: string }).error).toBe(c.error);
      expect(await exportContent(t, token)).toEqual(before);
      expect(listFiles(join(t.config.dataDir, "uploads"))).toEqual(uploadsBefore);
      expect(readFileSync(join(t.config.dataDir, "uploads", "retreat.png"), "utf8")).toBe("changed");
      expect(existsSync(join(t.config.dataDir, "backups")) && readdirSync(join(t.config.dataDir, "backups")).some((n) => n.includes("restore"))).toBe(
        false,
      );
    });
  }
});

describe("autoRestore at start", () => {
  test("fills an empty database from app_data", async () => {
    await seedAndSync(t, token);
    const expected = await exportContent(t, token);
    const fresh = await createTestApp({ env: { APP_DATA_DIR: t.config.appDataDir } });
    try {
      expect((await exportContent(fresh, await fresh.login())).events).toEqual([]);
      const result = autoRestore({ db: fresh.db, config: fresh.config });
      expect(result.status).toBe("restored");
      expect(result.message).toStartWith("Data restored from app_data");
      expect(await exportContent(fresh, await fresh.login())).toEqual(expected);
      expect(existsSync(join(fresh.config.dataDir, "uploads", "profile.png"))).toBe(true);
    } finally {
      fresh.cleanup();
    }
  });

  test("leaves a database with any content alone", async () => {
    await seedAndSync(t, token);
    wipeContent(t);
    createSubscriber(t.db);
    const before = await exportContent(t, token);
    expect(autoRestore({ db: t.db, config: t.config })).toEqual({
      status: "skipped",
      message: "the database has content; app_data was not restored",
    });
    expect(await exportContent(t, token)).toEqual(before);
  });

  test("skips when there is no app_data, reports a corrupt one without throwing", async () => {
    expect(autoRestore({ db: t.db, config: t.config }).status).toBe("skipped");
    mkdirSync(t.config.appDataDir, { recursive: true });
    writeFileSync(join(t.config.appDataDir, MANIFEST_FILE), "{");
    expect(autoRestore({ db: t.db, config: t.config })).toEqual({
      status: "failed",
      message: "app_data was not restored: app_data/manifest.json is not valid JSON.",
    });
    expect((await exportContent(t, token)).events).toEqual([]);
  });
});

describe("the repository's demo content", () => {
  const demo = resolve(import.meta.dir, "../../../app_data");
  test.skipIf(!existsSync(join(demo, MANIFEST_FILE)))("app_data/ validates and restores into an empty site", async () => {
    const snapshot = loadAppData(demo, t.config.dataDir);
    expect(snapshot.rows.events.length + snapshot.rows.classes.length).toBeGreaterThan(0);
    const fresh = await createTestApp({ env: { APP_DATA_DIR: demo } });
    try {
      expect(autoRestore({ db: fresh.db, config: fresh.config }).status).toBe("restored");
      const content = await exportContent(fresh, await fresh.login());
      expect((content.events as unknown[]).length).toBe(snapshot.rows.events.length);
    } finally {
      fresh.cleanup();
    }
  });
});
