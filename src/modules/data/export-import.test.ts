import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { classDateCancellations, eventRegistrations, events, subscribers } from "@db/schema.ts";
import { setSetting } from "@server/lib/settings.ts";
import { EXPORT_SECTIONS, INVALID_JSON_MESSAGE } from "@server/shared/constants.ts";
import { createTestApp, TEST_PASSWORD, type TestApp } from "@tests/support/app.ts";
import { exportContent, importThroughApi, sampleExport } from "@tests/support/data-fixtures.ts";
import { IMPORT_MAX_BYTES } from "./index.ts";
import { BACKUPS_KEPT } from "./service.ts";

let t: TestApp;
let token: string;

beforeEach(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterEach(() => t.cleanup());

const withoutSections = (...names: string[]) => {
  const data: Record<string, unknown> = sampleExport();
  for (const name of names) delete data[name];
  return data;
};

describe("every data route needs a token", () => {
  const routes = [
    ["GET", "/api/admin/export-data"],
    ["POST", "/api/admin/import-data"],
    ["GET", "/api/admin/sync-status"],
    ["POST", "/api/admin/sync-to-app-data"],
    ["POST", "/api/admin/restore-from-app-data"],
  ] as const;
  for (const [method, path] of routes) {
    for (const [name, auth] of [
      ["missing", undefined],
      ["forged", "Bearer not-a-token"],
    ] as const) {
      test(`${method} ${path}, ${name} token → 401`, async () => {
        // Raw: the same request to each route, as any client could send it.
        const response = await t.request(method, path, {
          body: method === "POST" ? sampleExport() : undefined,
          headers: auth ? { Authorization: auth } : {},
        });
        expect(response.status).toBe(401);
      });
    }
  }

  test("a refused import changes nothing", async () => {
    await importThroughApi(t, token, sampleExport());
    const before = await exportContent(t, token);
    await t.api().admin["import-data"].post({ ...sampleExport(), events: [] });
    await t.api().admin["restore-from-app-data"].post();
    expect(await exportContent(t, token)).toEqual(before);
  });
});

describe("GET /api/admin/export-data", () => {
  test("an empty site exports seven empty sections, profile null", async () => {
    const { status, data } = await t.api({ token }).admin["export-data"].get();
    expect(status).toBe(200);
    const body = data as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["version", "exportedAt", ...EXPORT_SECTIONS].sort());
    expect(body).toMatchObject({
      version: 1,
      events: [],
      classes: [],
      archiveEvents: [],
      messages: [],
      subscribers: [],
      profile: null,
      notifications: [],
    });
    expect(Date.parse(body.exportedAt as string)).not.toBeNaN();
  });

  test("answers a dated attachment with the seven sections and no secrets", async () => {
    await importThroughApi(t, token, sampleExport());
    setSetting(t.db, "youtubeApiKey", "AIza-SECRET-YOUTUBE-KEY");
    // Raw: the download's headers and bytes.
    const response = await t.request("GET", "/api/admin/export-data", { token });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="vedanta-export-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(response.headers.get("content-disposition")).toContain(new Date().toISOString().slice(0, 10));
    const text = await response.text();
    for (const secret of ["AIza-SECRET-YOUTUBE-KEY", "test-secret-test-secret", "$argon2", TEST_PASSWORD, "tokenVersion", "users", "settings"]) {
      expect(text).not.toContain(secret);
    }
    const body = JSON.parse(text);
    expect(body.events.map((event: { id: number }) => event.id)).toEqual([3, 7]);
    expect(body.profile).toMatchObject({ id: 1, name: "Swami Example", updatedAt: "2025-03-03T00:00:00.000Z" });
    expect(body.messages[0]).toMatchObject({ id: 5, isRead: true, createdAt: "2025-06-01T08:00:00.000Z" });
  });
});

describe("POST /api/admin/import-data refuses bad files and changes nothing", () => {
  const cases: { name: string; body: unknown; status: number; error: string | RegExp; path?: string }[] = [
    {
      name: "no sections",
      body: {},
      status: 400,
      error: "Invalid data format. Missing required sections: events, classes, archiveEvents, messages, subscribers, profile, notifications",
    },
    {
      name: "two sections missing",
      body: withoutSections("events", "classes"),
      status: 400,
      error: "Invalid data format. Missing required sections: events, classes",
    },
    { name: "profile missing", body: withoutSections("profile"), status: 400, error: "Invalid data format. Missing required sections: profile" },
    { name: "a JSON list", body: "[1, 2]", status: 400, error: /^Invalid data format\. Missing required sections: events,/ },
    { name: "not JSON", body: "{ this is not json", status: 400, error: INVALID_JSON_MESSAGE },
    { name: "empty body", body: "", status: 400, error: INVALID_JSON_MESSAGE },
    {
      name: "a section that is not a list",
      body: { ...sampleExport(), classes: { id: 1 } },
      status: 400,
      error: "Invalid data format. classes must be a list of records.",
    },
    {
      name: "an invalid event",
      body: { ...sampleExport(), events: [sampleExport().events[0], { ...sampleExport().events[1], id: 8, name: "Go" }] },
      status: 400,
      error: "Invalid record in events at index 1: name: Name must be at least 3 characters",
      path: "events.1.name",
    },
    {
      name: "a message without e-mail",
      body: { ...sampleExport(), messages: [{ ...sampleExport().messages[0], email: "nope" }] },
      status: 400,
      error: "Invalid record in messages at index 0: email: Valid email is required",
    },
    {
      name: "a record that is not an object",
      body: { ...sampleExport(), subscribers: ["one@example.com"] },
      status: 400,
      error: "Invalid record in subscribers at index 0: expected an object",
    },
    {
      name: "an invalid profile",
      body: { ...sampleExport(), profile: { ...sampleExport().profile, quote: "Om" } },
      status: 400,
      error: "Invalid record in profile: quote: Quote must be at least 5 characters",
    },
    {
      name: "a bad id",
      body: { ...sampleExport(), classes: [{ ...sampleExport().classes[0], id: -4 }] },
      status: 400,
      error: "Invalid record in classes at index 0: id: Id must be a positive whole number",
    },
    {
      name: "a bad createdAt",
      body: { ...sampleExport(), notifications: [{ ...sampleExport().notifications[0], createdAt: "yesterday-ish" }] },
      status: 400,
      error: "Invalid record in notifications at index 0: createdAt: createdAt must be a date-time",
    },
    {
      name: "a duplicate id",
      body: { ...sampleExport(), events: [sampleExport().events[0], { ...sampleExport().events[1], id: 3 }] },
      status: 400,
      error: "Invalid record in events at index 1: id 3 is already used at index 0",
    },
    {
      name: "a duplicate subscriber e-mail",
      body: { ...sampleExport(), subscribers: [{ email: "a@example.com" }, { email: "A@Example.com" }] },
      status: 400,
      error: 'Invalid record in subscribers at index 1: email "a@example.com" is already used at index 0',
    },
    { name: "a newer format", body: { ...sampleExport(), version: 2 }, status: 400, error: /^Unsupported data format version 2/ },
  ];

  for (const c of cases) {
    test(`${c.name} → ${c.status}`, async () => {
      await importThroughApi(t, token, { ...sampleExport(), classes: [], subscribers: [{ email: "before@example.com" }] });
      const before = await exportContent(t, token);
      // Raw: bodies the import refuses, ill-typed ones among them.
      const response = await t.request("POST", "/api/admin/import-data", { token, body: c.body });
      expect(response.status).toBe(c.status);
      const body = (await response.json()) as { error: string; issues?: { path: string }[] };
      if (typeof c.error === "string") expect(body.error).toBe(c.error);
      else expect(body.error).toMatch(c.error);
      if (c.path) expect(body.issues?.map((issue) => issue.path)).toContain(c.path);
      expect(await exportContent(t, token)).toEqual(before);
    });
  }

  test("a body over the limit → 413, nothing changed", async () => {
    await importThroughApi(t, token, sampleExport());
    const before = await exportContent(t, token);
    const huge = JSON.stringify({ ...sampleExport(), padding: "x".repeat(IMPORT_MAX_BYTES) });
    const response = await t.request("POST", "/api/admin/import-data", { token, body: huge });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe("The import file is too large. Maximum size is 20 MB.");
    expect(await exportContent(t, token)).toEqual(before);
  });
});

describe("POST /api/admin/import-data replaces everything", () => {
  test("success: message, ids and timestamps kept, unknown fields dropped, rich text sanitised, level normalised", async () => {
    const generation = t.app.publicCache.generation;
    const { status, data: body } = await t.api({ token }).admin["import-data"].post(sampleExport());
    expect(status).toBe(200);
    expect(body?.success).toBe(true);
    expect(body?.message).toBe(
      "Data imported successfully: 2 events, 2 classes, 1 archive event, 1 message, 2 subscribers, a profile, 1 notification.",
    );
    expect(t.app.publicCache.generation).toBe(generation + 1);

    const exported = await exportContent(t, token);
    const [event] = exported.events as Record<string, unknown>[];
    expect(event).not.toHaveProperty("somethingUnknown");
    expect(event).toMatchObject({
      id: 3,
      createdAt: "2025-05-01T10:00:00.000Z",
      isHighlighted: true,
      images: ["/uploads/retreat.png", "https://example.com/hall.jpg"],
    });
    expect(event!.description).toBe("<p>Five days of <strong>silence</strong> and study.</p>");
    expect((exported.classes as { level: string }[]).map((row) => row.level)).toEqual(["Beginner", "None"]);
    expect((exported.archiveEvents as { images: unknown }[])[0]!.images).toBeNull();
  });

  test("export → import → export gives the same content", async () => {
    await importThroughApi(t, token, sampleExport());
    const first = await exportContent(t, token);
    await importThroughApi(t, token, { ...first, exportedAt: "2026-01-01T00:00:00.000Z" });
    expect(await exportContent(t, token)).toEqual(first);

    // and into another site
    const other = await createTestApp();
    try {
      const otherToken = await other.login();
      await importThroughApi(other, otherToken, { ...first, exportedAt: "2026-01-01T00:00:00.000Z" });
      expect(await exportContent(other, otherToken)).toEqual(first);
    } finally {
      other.cleanup();
    }
  });

  test("records without ids or optional columns get defaults", async () => {
    const minimal = {
      events: [
        { name: "New Event", type: "course", startDate: "2031-01-01", time: "9am", location: "Hall", description: "<p>Ten characters at least.</p>" },
      ],
      classes: [{ name: "Evening Class", days: "Fri", time: "6pm", location: "Studio", description: "Ten characters at least." }],
      archiveEvents: [],
      messages: [{ name: "Ravi", email: "ravi@example.com", subject: "Hello", message: "A message long enough." }],
      subscribers: [{ email: "x@example.com" }],
      profile: null,
      notifications: [{ message: "Hello there", startDate: "2025-01-01" }],
    };
    await importThroughApi(t, token, minimal);
    const exported = await exportContent(t, token);
    expect((exported.events as Record<string, unknown>[])[0]).toMatchObject({ id: 1, isHighlighted: false, images: [], endDate: null });
    expect((exported.classes as Record<string, unknown>[])[0]).toMatchObject({ level: "None", icon: "book" });
    expect((exported.messages as Record<string, unknown>[])[0]).toMatchObject({ isRead: false });
    expect((exported.notifications as Record<string, unknown>[])[0]).toMatchObject({ type: "info", isActive: true });
    expect(exported.profile).toBeNull();
  });

  test("registrations of events that remain are kept, others dropped; users untouched", async () => {
    await importThroughApi(t, token, sampleExport());
    t.db
      .insert(eventRegistrations)
      .values([
        { eventId: 3, name: "Kept", email: "kept@example.com", phone: "123456" },
        { eventId: 7, name: "Dropped", email: "dropped@example.com", phone: "123456" },
      ])
      .run();
    const data = sampleExport();
    await importThroughApi(t, token, { ...data, events: [data.events[0]] });
    expect(
      t.db
        .select()
        .from(events)
        .all()
        .map((row) => row.id),
    ).toEqual([3]);
    expect(
      t.db
        .select()
        .from(eventRegistrations)
        .all()
        .map((row) => row.name),
    ).toEqual(["Kept"]);
    expect(await t.login()).toBeString();
    expect((await t.api({ token }).admin["export-data"].get()).status).toBe(200);
  });

  test("a class's schedule, places, prices, mode and join link go out in the export and back in; an older export without them imports as a class without dates (issue 39)", async () => {
    const data = sampleExport();
    const schedule = { weekdays: [5], start: "18:00", minutes: 75, from: "2026-11-06", until: null, skip: [] };
    const scheduled = {
      ...data.classes[0],
      schedule,
      capacity: 12,
      price: 1800,
      concessionPrice: 1200,
      mode: "hybrid",
      joinUrl: "https://meet.example.org/room",
    };
    await importThroughApi(t, token, { ...data, classes: [scheduled, data.classes[1]] });
    const exported = (await exportContent(t, token)).classes as Record<string, unknown>[];
    expect(exported[0]).toMatchObject({
      schedule,
      capacity: 12,
      price: 1800,
      concessionPrice: 1200,
      byDonation: false,
      mode: "hybrid",
      joinUrl: "https://meet.example.org/room",
    });
    expect(exported[1]).toMatchObject({ schedule: null, capacity: null, price: null, byDonation: false, mode: "in-person", joinUrl: null });
    await importThroughApi(t, token, { ...data, classes: exported });
    expect(((await exportContent(t, token)).classes as Record<string, unknown>[])[0]).toMatchObject({ schedule, mode: "hybrid" });
  });

  test("dates called off of classes that remain are kept, others dropped (issue 39)", async () => {
    const data = sampleExport();
    const second = { ...data.classes[0], id: 9, name: "Evening Hatha" };
    await importThroughApi(t, token, { ...data, classes: [...data.classes, second] });
    t.db
      .insert(classDateCancellations)
      .values([
        { classId: 1, date: "2030-01-07", reason: "Kept" },
        { classId: 9, date: "2030-01-08", reason: "Dropped" },
      ])
      .run();
    await importThroughApi(t, token, data);
    expect(
      t.db
        .select()
        .from(classDateCancellations)
        .all()
        .map((row) => row.reason),
    ).toEqual(["Kept"]);
  });

  test("each import first takes a backup into DATA_DIR/backups, keeping the newest few", async () => {
    for (let n = 0; n < BACKUPS_KEPT + 2; n += 1) await importThroughApi(t, token, sampleExport());
    const backups = readdirSync(join(t.config.dataDir, "backups"));
    expect(backups).toHaveLength(BACKUPS_KEPT);
    expect(backups.every((name) => /^\d{8}T\d{6}Z-before-import(-\d+)?$/.test(name))).toBe(true);
    expect(existsSync(join(t.config.dataDir, "backups", backups.at(-1)!, "site.db"))).toBe(true);
  });
});

describe("subscribers keep their opt-in state through an export and an import (issue 15)", () => {
  test("pending and unsubscribed rows come back as they were; a row without a state is confirmed", async () => {
    const body = {
      ...sampleExport(),
      subscribers: [
        { id: 1, email: "pending@example.org", createdAt: "2026-01-01T00:00:00.000Z", state: "pending" },
        { id: 2, email: "gone@example.org", createdAt: "2026-01-01T00:00:00.000Z", state: "unsubscribed" },
        { id: 3, email: "old@example.org", createdAt: "2026-01-01T00:00:00.000Z" },
      ],
    };
    expect((await t.api({ token }).admin["import-data"].post(body)).status).toBe(200);
    const rows = t.db.select().from(subscribers).all();
    expect(rows.map((row) => [row.email, row.state])).toEqual([
      ["pending@example.org", "pending"],
      ["gone@example.org", "unsubscribed"],
      ["old@example.org", "confirmed"],
    ]);
  });
});
