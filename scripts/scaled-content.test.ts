// The twenty-years data set (issue 33, `bun scripts/make-demo-content.ts --scale 40 --out DIR`): its counts, its
// photos, the same folder on every run, and a real server start on it that restores it.
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "@tests/server.ts";
import { writeScaledAppData } from "./scaled-content.ts";

const dir = mkdtempSync(join(tmpdir(), "vedanta-scaled-"));
const out = join(dir, "twenty-years");
const counts = writeScaledAppData(out, 40);
const section = <T = Record<string, unknown>>(name: string) => JSON.parse(readFileSync(join(out, `${name}.json`), "utf8")) as T[];

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("writeScaledAppData(out, 40)", () => {
  test("writes 600 archive events over twenty years, ~2,000 photos, 320 upcoming events, 400 messages, 20,000 subscribers", () => {
    expect(counts).toEqual({ archiveEvents: 600, events: 320, photos: 2040, messages: 400, subscribers: 20_000 });
    const archive = section<{ year: string; image: string; images: string[] | null }>("archiveEvents");
    expect(archive).toHaveLength(600);
    expect(new Set(archive.map((row) => row.year)).size).toBe(20);
    expect(section("events")).toHaveLength(320);
    expect(section("messages")).toHaveLength(400);
    expect(section("subscribers")).toHaveLength(20_000);
    const photos = archive.flatMap((row) => [row.image, ...(row.images ?? [])]);
    photos.push(...section<{ images: string[] }>("events").flatMap((row) => row.images));
    expect(new Set(photos).size).toBe(2040);
    for (const url of photos) expect(existsSync(join(out, url))).toBe(true);
  });

  test("is deterministic: a second run writes the same sections", () => {
    const again = join(dir, "again");
    writeScaledAppData(again, 40);
    for (const name of ["events", "archiveEvents", "messages", "subscribers", "manifest"])
      expect(readFileSync(join(again, `${name}.json`), "utf8")).toBe(readFileSync(join(out, `${name}.json`), "utf8"));
  });

  test("a server started on it restores it all at start", async () => {
    const web = join(dir, "web");
    mkdirSync(web);
    const server = await startServer({
      appData: out,
      env: { ADMIN_PASSWORD: "scaled-admin-password", WEB_DIST: web },
      startTimeoutMs: 100_000,
    });
    try {
      expect(server.logs()).toContain(
        "Auto-restore restored: Data restored from app_data (synced 2026-11-21T00:00:00.000Z): 320 events, 6 classes, 600 archive events, 400 messages, 20000 subscribers, a profile, 3 notifications, 2043 upload file(s).",
      );
      expect(await (await fetch(`${server.url}/api/archive-events`)).json()).toHaveLength(600);
      const photo = await fetch(`${server.url}/uploads/scale-archive-600-1.jpg`);
      expect(photo.status).toBe(200);
      expect(photo.headers.get("content-type")).toBe("image/jpeg");
    } finally {
      await server.stop();
      server.remove();
    }
  }, 120_000);
});
