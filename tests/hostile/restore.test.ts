// Issue 12 findings 6 and 11: what a visitor writes never breaks a restore from app_data, a missing upload is
// reported rather than fatal, and the temp files of a sync killed half-way are removed at the next start.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { archiveEvents, classes, events, messages, notifications, profile, subscribers } from "@db/schema.ts";
import { autoRestore } from "@server/modules/data/app-data.ts";
import { answerOf, createTestApp, type TestApp } from "../support/app.ts";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
let t: TestApp;
let token: string;

beforeEach(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterEach(() => t.cleanup());

function wipe(app: TestApp) {
  for (const table of [events, classes, archiveEvents, messages, subscribers, profile, notifications]) app.db.delete(table).run();
}
const messageTexts = (app: TestApp) =>
  app.db
    .select()
    .from(messages)
    .all()
    .map((row) => row.message);

/** A visitor's message that names uploads which do not exist, an event whose photo is gone, then a sync. */
async function syncWithGhosts() {
  const contact = await t.api().contact.post({
    name: "Visitor",
    email: "visitor@example.org",
    subject: "Hello",
    message: "See /uploads/ghost.png and <img src=/uploads/ghost2.jpg>",
  });
  expect(contact.status).toBeLessThan(300);
  mkdirSync(join(t.config.dataDir, "uploads"), { recursive: true });
  writeFileSync(join(t.config.dataDir, "uploads", "kept.png"), PNG);
  const event = {
    name: "Retreat",
    type: "retreat",
    startDate: "2030-04-02",
    time: "9am",
    location: "Hall",
    description: "<p>A description long enough.</p>",
    images: ["/uploads/kept.png", "/uploads/gone.png"],
  };
  expect((await t.api({ token }).admin.events.post(event)).status).toBeLessThan(300);
  expect((await t.api({ token }).admin["sync-to-app-data"].post({})).status).toBe(200);
}

test("a visitor's text naming /uploads/… never breaks 'Restore from app_data'; a missing upload is named, not fatal", async () => {
  await syncWithGhosts();
  wipe(t);
  const response = await t.api({ token }).admin["restore-from-app-data"].post({});
  const body = answerOf(response) as { message?: string; error?: string };
  expect({ status: response.status, message: body.message ?? body.error }).toMatchObject({
    status: 200,
    message: expect.stringMatching(
      /^Data restored from app_data .*: 1 event, .* 1 message, .* 1 upload file\(s\)\. 1 referenced upload file\(s\) were not found: gone\.png\. Version [0-9a-f]{7} of .*"\.$/,
    ),
  });
  expect(messageTexts(t)).toEqual(["See /uploads/ghost.png and <img src=/uploads/ghost2.jpg>"]);
});

test("first-start auto-restore on an empty data folder restores it too, and reports the missing upload", async () => {
  await syncWithGhosts();
  const fresh = await createTestApp({ env: { APP_DATA_DIR: t.config.appDataDir } });
  try {
    const result = autoRestore({ db: fresh.db, config: fresh.config });
    expect(result).toEqual({ status: "restored", message: expect.stringContaining("1 referenced upload file(s) were not found: gone.png.") });
    expect(messageTexts(fresh)).toHaveLength(1);
    expect(existsSync(join(fresh.config.dataDir, "uploads", "kept.png"))).toBe(true);
  } finally {
    fresh.cleanup();
  }
});

test("the temp files of a sync or restore killed half-way are removed at the next start, nothing else", async () => {
  await syncWithGhosts();
  const appUploads = join(t.config.appDataDir, "uploads");
  const dataUploads = join(t.config.dataDir, "uploads");
  const leftovers = [
    join(t.config.appDataDir, ".events.json.0a1b2c3d4e5f.tmp"),
    join(t.config.appDataDir, ".manifest.json.ffffffffffff.tmp"),
    join(appUploads, ".kept.png.123456abcdef.tmp"),
    join(dataUploads, ".photo.jpg.abcdef123456.tmp"),
  ];
  for (const path of leftovers) writeFileSync(path, "half-written");
  const before = (dir: string) =>
    readdirSync(dir)
      .filter((name) => !leftovers.includes(join(dir, name)))
      .sort();
  const expected = [t.config.appDataDir, appUploads, dataUploads].map(before);

  expect(autoRestore({ db: t.db, config: t.config }).status).toBe("skipped"); // the database has content
  expect(leftovers.filter((path) => existsSync(path))).toEqual([]);
  expect([t.config.appDataDir, appUploads, dataUploads].map((dir) => readdirSync(dir).sort())).toEqual(expected);
});
