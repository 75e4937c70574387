// Public answers are serialised once, carry an ETag (304 on If-None-Match), are compressed when large, and are
// rebuilt after an admin write, after a write by another process and when the date changes in SITE_TIMEZONE.

import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { events } from "@db/schema.ts";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { createPublicCache, etagMatches } from "./public-cache.ts";

// 2026-03-09 23:30 in Melbourne (UTC+11): the event of the 9th is upcoming until midnight there.
const clock = { now: Date.parse("2026-03-09T12:30:00Z") };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock.now), env: { SITE_TIMEZONE: "Australia/Melbourne" } });
  t.db
    .insert(events)
    .values({
      name: "Evening Talk",
      type: "talk",
      startDate: "2026-03-09",
      time: "7 PM",
      location: "Hall",
      description: `<p>${"Words on the Gita. ".repeat(80)}</p>`,
    })
    .run();
});
afterAll(() => t.cleanup());

// Raw reads: the answers' ETags and caching headers are what is tested.
const get = (path: string, headers: Record<string, string> = {}) => t.request("GET", path, { headers });
const names = async (response: Response) => ((await response.json()) as { name: string }[]).map((event) => event.name);

describe("public cache", () => {
  test("an answer has an ETag; the same ETag gets 304 with no body", async () => {
    const first = await get("/api/events");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(await names(first)).toEqual(["Evening Talk"]);
    const again = await get("/api/events", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("content-security-policy")).toContain("object-src 'none'");
    expect((await get("/api/events", { "if-none-match": '"other"' })).status).toBe(200);
  });

  test("the same bytes are reused: a second read does not reach the service", async () => {
    const generation = t.app.publicCache.generation;
    const a = await (await get("/api/events")).text();
    const b = await (await get("/api/events")).text();
    expect(b).toBe(a);
    expect(t.app.publicCache.generation).toBe(generation);
  });

  test("large answers are compressed when accepted, small ones are not", async () => {
    const gz = await get("/api/events", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gz.headers.get("vary")).toContain("Accept-Encoding");
    const br = await get("/api/events", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    const plain = await get("/api/events", { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const small = await get("/api/classes", { "accept-encoding": "gzip, br" });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.json()).toEqual([]);
  });

  test("compressed bodies decode to the plain bytes, with their own Content-Length; the first brotli answers wait for it", async () => {
    const { brotliDecompressSync, gunzipSync } = await import("node:zlib");
    t.app.publicCache.invalidate(); // a fresh answer, not compressed yet
    const plain = new Uint8Array(await (await get("/api/events")).arrayBuffer());
    // Two clients at once on a fresh answer: one compression, both get the whole body.
    const [first, second] = await Promise.all([get("/api/events", { "accept-encoding": "br" }), get("/api/events", { "accept-encoding": "br" })]);
    for (const response of [first, second, await get("/api/events", { "accept-encoding": "br" })]) {
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(response.headers.get("content-length")).toBe(String(bytes.length));
      expect(bytes.length).toBeLessThan(plain.length);
      expect(new Uint8Array(brotliDecompressSync(bytes))).toEqual(plain);
    }
    const gz = await get("/api/events", { "accept-encoding": "gzip" });
    expect(new Uint8Array(gunzipSync(new Uint8Array(await gz.arrayBuffer())))).toEqual(plain);
    const head = await t.app.handle(new Request("http://localhost/api/events", { method: "HEAD", headers: { "accept-encoding": "br" } }));
    expect(head.headers.get("content-encoding")).toBe("br");
    expect(await head.text()).toBe("");
  });

  test("an admin write invalidates: the next read shows it with a new ETag", async () => {
    const before = await get("/api/events");
    const etag = before.headers.get("etag")!;
    const token = await t.login();
    const created = await t.api({ token }).admin.events.post({
      name: "Morning Retreat",
      type: "retreat",
      startDate: "2026-04-01",
      time: "9 AM",
      location: "Hills",
      description: "<p>A quiet day together.</p>",
    });
    expect(created.status).toBe(201);
    const after = await get("/api/events", { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(await names(after)).toEqual(["Evening Talk", "Morning Retreat"]);
  });

  test("every public read is cached and invalidated the same way", async () => {
    const token = await t.login();
    const paths = ["/api/profile", "/api/classes", "/api/archive-events", "/api/notifications"];
    const etags = await Promise.all(paths.map(async (path) => (await get(path)).headers.get("etag")));
    expect(etags.every(Boolean)).toBe(true);
    const created = await t.api({ token }).admin.classes.post({
      name: "Hatha Basics",
      days: "Mondays",
      time: "6 PM",
      location: "Studio",
      description: "<p>Gentle hatha yoga for all.</p>",
    });
    expect(created.status).toBe(201);
    expect((await get("/api/classes", { "if-none-match": etags[1]! })).status).toBe(200);
  });

  test("a write by another process (a CLI restore) is seen on the next read", async () => {
    const etag = (await get("/api/events")).headers.get("etag")!;
    const other = new Database(join(t.dir, "site.db"));
    other.run("UPDATE events SET name = 'Renamed Talk' WHERE name = 'Evening Talk'");
    other.close();
    await Bun.sleep(120); // other processes' writes are looked for every 0.1 s
    const after = await get("/api/events", { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(await names(after)).toContain("Renamed Talk");
  });

  test("at midnight in SITE_TIMEZONE the answers are rebuilt: the event moves to the archive", async () => {
    expect(await names(await get("/api/events"))).toContain("Renamed Talk");
    expect(JSON.stringify(await (await get("/api/archive-events")).json())).not.toContain("Renamed Talk");
    clock.now = Date.parse("2026-03-09T13:00:01Z"); // 00:00:01 on the 10th in Melbourne
    expect(await names(await get("/api/events"))).toEqual(["Morning Retreat"]);
    expect(JSON.stringify(await (await get("/api/archive-events")).json())).toContain("Renamed Talk");
  });

  test("errors are passed through, not cached", async () => {
    // Raw: a method the route does not have.
    const response = await t.request("POST", "/api/events", {});
    expect(response.status).toBe(404);
  });
});

describe("etagMatches", () => {
  test("weak comparison, lists and *", () => {
    expect(etagMatches('W/"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('"a"', 'W/"a"')).toBe(true);
    expect(etagMatches('"b", W/"a"', '"a"')).toBe(true);
    expect(etagMatches("*", '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches(null, '"a"')).toBe(false);
  });
});

describe("the HTML entry", () => {
  test("has an ETag and answers 304 on a match", async () => {
    const app = await createTestApp({ shell: "<!doctype html><div id=root></div>" });
    try {
      const first = await app.request("GET", "/");
      const etag = first.headers.get("etag")!;
      expect(etag).toBeTruthy();
      const again = await app.request("GET", "/", { headers: { "if-none-match": etag } });
      expect(again.status).toBe(304);
      expect(again.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    } finally {
      app.cleanup();
    }
  });
});

describe("an answer's own validity", () => {
  test("an answer built with validUntil is built again from that moment on, with no timer and no write", async () => {
    const now = { ms: Date.parse("2026-05-01T10:00:00Z") };
    const cache = createPublicCache({ now: () => new Date(now.ms), timezone: "UTC" });
    let builds = 0;
    const build = () => ({ body: `build ${++builds}`, contentType: "text/plain", validUntil: Date.parse("2026-05-01T10:30:00Z") });
    await cache.get("/a", build);
    now.ms = Date.parse("2026-05-01T10:29:59Z");
    expect(cache.peek("/a")).toBeDefined();
    now.ms = Date.parse("2026-05-01T10:30:00Z");
    expect(cache.peek("/a")).toBeUndefined();
    expect(new TextDecoder().decode((await cache.get("/a", build)).body)).toBe("build 2");
  });
});
