// Elysia is the one server: every answer comes from a route or plugin of src/app.ts, each path is routed once, and the
// public reads answer from the public cache, which one hook invalidates after every successful admin write.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { createEvent } from "@tests/support/factories.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

describe("one router", () => {
  test("each method and path is one route of the Elysia app; /healthz exists once", () => {
    const keys = t.app.routes.map((route) => `${route.method} ${route.path}`);
    expect(keys.filter((key) => key === "GET /healthz")).toEqual(["GET /healthz"]);
    expect(new Set(keys).size).toBe(keys.length);
    for (const path of [
      "/api/profile",
      "/api/events",
      "/api/classes",
      "/api/archive-events",
      "/api/notifications",
      "/api/youtube/status",
      "/",
      "/*",
      "/uploads/*",
    ]) {
      expect(keys).toContain(`GET ${path}`);
    }
  });

  test("/healthz, HEAD and unknown API paths", async () => {
    const health = await t.request("GET", "/healthz");
    expect(await health.json()).toEqual({ status: "ok" });
    expect((await t.request("HEAD", "/healthz")).status).toBe(200);
    expect((await t.request("POST", "/healthz")).status).toBe(405);
    const unknown = await t.request("GET", "/api/nothing");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Not found" });
  });
});

describe("the public cache", () => {
  test("a successful admin write invalidates it once; a refused one (401, 400) does not", async () => {
    await t.request("GET", "/api/events");
    const before = t.app.publicCache.generation;
    expect((await t.request("POST", "/api/admin/classes", { body: {} })).status).toBe(401);
    const token = await t.login();
    expect((await t.request("POST", "/api/admin/classes", { token, body: {} })).status).toBe(400);
    expect((await t.request("GET", "/api/admin/events", { token })).status).toBe(200);
    expect(t.app.publicCache.generation).toBe(before);
    createEvent(t.db);
    expect((await t.request("DELETE", "/api/admin/events/1", { token })).status).toBe(200);
    expect(t.app.publicCache.generation).toBe(before + 1);
    expect(await (await t.request("GET", "/api/events")).json()).toEqual([]);
  });
});
