// Elysia is the one server: every answer comes from a route or plugin of src/app.ts, each path is routed once, and the
// public reads answer from the public cache, which one hook invalidates after every successful admin write.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { errors } from "@server/app.ts";
import { activityModule } from "@server/modules/activity/index.ts";
import { archiveModule } from "@server/modules/archive/index.ts";
import { authModule } from "@server/modules/auth/index.ts";
import { backupsModule } from "@server/modules/backups/index.ts";
import { calendarModule } from "@server/modules/calendar/index.ts";
import { classesModule } from "@server/modules/classes/index.ts";
import { dataModule } from "@server/modules/data/index.ts";
import { eventsModule } from "@server/modules/events/index.ts";
import { mailModule } from "@server/modules/mail/index.ts";
import { messagesModule } from "@server/modules/messages/index.ts";
import { notificationsModule } from "@server/modules/notifications/index.ts";
import { profileModule } from "@server/modules/profile/index.ts";
import { subscribersModule } from "@server/modules/subscribers/index.ts";
import { uploadsModule } from "@server/modules/uploads/index.ts";
import { youtubeModule } from "@server/modules/youtube/index.ts";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { createEvent } from "@tests/support/factories.ts";
import { type AnyElysia, Elysia } from "elysia";

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
    // Raw: /healthz is outside the API's client, and the method and the path are what is tested.
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
    await t.api().events.get();
    const before = t.app.publicCache.generation;
    // Raw: an empty body, which the contract's types refuse, is the refused write.
    expect((await t.request("POST", "/api/admin/classes", { body: {} })).status).toBe(401);
    const token = await t.login();
    expect((await t.request("POST", "/api/admin/classes", { token, body: {} })).status).toBe(400);
    expect((await t.api({ token }).admin.events.get()).status).toBe(200);
    expect(t.app.publicCache.generation).toBe(before);
    createEvent(t.db);
    expect((await t.api({ token }).admin.events({ id: 1 }).delete()).status).toBe(200);
    expect(t.app.publicCache.generation).toBe(before + 1);
    expect((await t.api().events.get()).data).toEqual([]);
  });
});

describe("the order of the modules carries no meaning", () => {
  // Each module declares what applies to its routes (src/plugins/access.ts): used in any order, the same routes
  // carry the same hooks and answer the same.
  const shuffled = <T>(items: T[], seed: number) => {
    const out = [...items];
    let state = seed;
    for (let i = out.length - 1; i > 0; i--) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      const j = state % (i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  const hooksOf = (app: AnyElysia) =>
    new Map(
      app.routes
        .filter((route) => route.path.startsWith("/api") || route.path.startsWith("/calendar") || route.path.startsWith("/uploads"))
        .map((route) => {
          const hooks = route.hooks as Record<string, unknown[] | undefined>;
          const count = (name: string) => [hooks[name]].flat().filter(Boolean).length;
          return [`${route.method} ${route.path}`, `parse ${count("parse")} before ${count("beforeHandle")} after ${count("afterHandle")}`];
        }),
    );

  test("three shuffled orders: the same route table, hooks and answers", async () => {
    const ctx = t.app.context;
    const modules = [
      () => authModule(ctx),
      () => profileModule(ctx),
      () => eventsModule(ctx),
      () => classesModule(ctx),
      () => archiveModule(ctx),
      () => messagesModule(ctx),
      () => subscribersModule(ctx),
      () => notificationsModule(ctx),
      () => dataModule(ctx),
      () => youtubeModule(ctx),
      () => uploadsModule(ctx),
      () => calendarModule(ctx),
      () => backupsModule(ctx),
      () => mailModule(ctx),
      () => activityModule(ctx),
    ];
    const expected = hooksOf(t.app);
    const token = await t.login();
    for (const seed of [1, 2, 3]) {
      let app: AnyElysia = new Elysia({ handler: { standardHostname: false } }).use(errors());
      for (const make of shuffled(modules, seed)) app = app.use(await make());
      const got = hooksOf(app);
      expect([...got].filter(([key, hooks]) => expected.get(key) !== hooks)).toEqual([]);
      const ask = async (target: AnyElysia, method: string, path: string, body?: unknown, bearer?: string) => {
        const headers = new Headers(body === undefined ? {} : { "content-type": "application/json" });
        if (bearer) headers.set("authorization", `Bearer ${bearer}`);
        const request = new Request(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        const response = await target.handle(request);
        return `${response.status} ${await response.text()}`;
      };
      for (const [method, path, body, bearer] of [
        ["PATCH", "/api/admin/classes/1", { name: "x" }],
        ["GET", "/api/admin/messages"],
        ["POST", "/api/admin/classes", { name: "x" }, token],
        ["PATCH", "/api/admin/classes/abc", {}, token],
        ["POST", "/api/contact", { name: "" }],
        ["GET", "/api/classes"],
      ] as const) {
        const answer = await ask(app, method, path, body, bearer);
        expect(`${method} ${path} ${answer}`).toBe(`${method} ${path} ${await ask(t.app, method, path, body, bearer)}`);
        expect(answer).toMatch(/^(401|400|404|200) /);
      }
    }
  });
});
