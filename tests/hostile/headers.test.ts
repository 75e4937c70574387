// Issue 6 item 10: the headers of DESIGN.md on every route and every kind of answer (success, 4xx, static, errors).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { assetsFromDirectory } from "@server/plugins/web-assets.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { templateFor } from "./fuzz.ts";
import { allRoutes, figure, fillRoute, ROOT } from "./support.ts";

let t: TestApp;
let token: string;
let assetPaths: string[] = [];

beforeAll(async () => {
  const dist = process.env.WEB_DIST ?? join(ROOT, "dist/public");
  const webAssets = existsSync(dist) ? await assetsFromDirectory(dist) : {};
  assetPaths = Object.keys(webAssets);
  t = await createTestApp({ webAssets });
  token = await t.login();
  expect((await t.request("POST", "/api/admin/events", { token, body: templateFor("POST", "/api/admin/events") })).status).toBe(201);
});
afterAll(() => t.cleanup());

/** What DESIGN.md "Headers" asks of every answer; returns the problems found. */
function problems(response: Response, path: string): string[] {
  const found: string[] = [];
  const csp = response.headers.get("content-security-policy") ?? "";
  const directive = (name: string) =>
    csp
      .split(";")
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${name} `)) ?? "";
  if (!csp) found.push("no CSP");
  if (/unsafe-inline|unsafe-eval|\*/.test(directive("script-src")) || (!directive("script-src") && !/default-src 'self'/.test(csp)))
    found.push("script-src allows inline or any source");
  if (directive("object-src") !== "object-src 'none'") found.push("object-src is not 'none'");
  if (directive("base-uri") !== "base-uri 'none'") found.push("base-uri is not 'none'");
  if (directive("frame-ancestors") !== "frame-ancestors 'none'") found.push("frame-ancestors is not 'none'");
  if (response.headers.get("x-content-type-options") !== "nosniff") found.push("no nosniff");
  if (!response.headers.get("referrer-policy")) found.push("no Referrer-Policy");
  if (path.startsWith("/api/admin") && response.headers.get("cache-control") !== "no-store")
    found.push(`admin Cache-Control ${response.headers.get("cache-control")}`);
  return found;
}

test("every route and every kind of answer carries CSP, nosniff, Referrer-Policy, frame-ancestors; admin no-store", async () => {
  const cases: { method: string; path: string; token?: string; body?: unknown; headers?: Record<string, string> }[] = [];
  for (const route of await allRoutes()) {
    const path = fillRoute(route.path);
    const admin = route.path.startsWith("/api/admin");
    cases.push({
      method: route.method,
      path,
      token: admin ? token : undefined,
      body: route.method === "GET" ? undefined : (templateFor(route.method, route.path) ?? {}),
    });
    cases.push({
      method: route.method,
      path,
      body: route.method === "GET" ? undefined : "{bad json",
      headers: { "content-type": "application/json" },
    });
    if (route.path.includes(":")) cases.push({ method: route.method, path: fillRoute(route.path, "999999"), token: admin ? token : undefined });
  }
  for (const path of [
    "/",
    "/admin",
    "/nowhere",
    "/missing.js",
    "/.env",
    "/api/nothing",
    "/api/admin/nothing",
    "/healthz",
    "/uploads/x.jpg",
    "/uploads/../x",
    ...assetPaths,
  ]) {
    cases.push({ method: "GET", path }, { method: "HEAD", path }, { method: "PUT", path });
  }
  cases.push({ method: "OPTIONS", path: "/api/profile", headers: { origin: "https://evil.example" } });
  const wrong: string[] = [];
  for (const c of cases) {
    const response = await t.request(c.method, c.path, { token: c.token, body: c.body, headers: c.headers });
    await response.arrayBuffer();
    for (const problem of problems(response, c.path)) wrong.push(`${c.method} ${c.path} ${response.status}: ${problem}`);
  }
  figure("header checks", `${cases.length} requests (${(await allRoutes()).length} routes, ${assetPaths.length} build files, errors, 404s, 405s)`);
  expect(wrong).toEqual([]);
});
