// Issue 6 item 5: forged, altered, unsigned (alg none), expired, never-expiring and pre-reset tokens get 401 on EVERY
// admin route (the routes are read from Elysia's route table, so a new route is covered without editing this file).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createEvent } from "@tests/support/factories.ts";
import { SignJWT } from "jose";
import { createTestApp, TEST_PASSWORD, type TestApp } from "../support/app.ts";
import { adminRoutes, figure, fillRoute } from "./support.ts";

const SECRET = "test-secret-test-secret-test-secret";
let t: TestApp;
let tokens: Record<string, string>;
let fresh: string;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const sign = (payload: Record<string, unknown>, secret: string, opts: { exp?: number; alg?: string; sub?: string } = {}) => {
  let jwt = new SignJWT(payload).setProtectedHeader({ alg: opts.alg ?? "HS256" }).setSubject(opts.sub ?? "1");
  if (opts.exp !== undefined) jwt = jwt.setExpirationTime(opts.exp);
  return jwt.sign(new TextEncoder().encode(secret));
};

beforeAll(async () => {
  t = await createTestApp();
  createEvent(t.db);
  const now = Math.floor(Date.now() / 1000);
  const preReset = await t.login();
  const reset = await t
    .api({ token: preReset })
    .admin["reset-password"].post({ username: "admin", currentPassword: TEST_PASSWORD, newPassword: "the-new-password" });
  expect(reset.status).toBe(200);
  fresh = reset.data!.token;
  const [header, payload, signature] = fresh.split(".");
  const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
  tokens = {
    forged: await sign({ ver: 1 }, "another-secret-another-secret-1234", { exp: now + 3600 }),
    "altered payload": `${header}.${b64({ ...claims, ver: claims.ver + 1 })}.${signature}`,
    "altered signature": `${header}.${payload}.${signature!.slice(0, -4)}AAAA`,
    "alg none": `${b64({ alg: "none", typ: "JWT" })}.${b64({ ...claims })}.`,
    "alg none, no dot": `${b64({ alg: "none", typ: "JWT" })}.${b64({ ...claims })}`,
    "alg HS512 with the real key": await sign({ ver: claims.ver }, SECRET, { exp: now + 3600, alg: "HS512" }),
    expired: await sign({ ver: claims.ver }, SECRET, { exp: now - 5 }),
    // Issue 12 finding 11: signed with the real key and the right version, but never expiring.
    "no exp, real key": await sign({ ver: claims.ver }, SECRET),
    "unknown user": await sign({ ver: 0 }, SECRET, { exp: now + 3600, sub: "999" }),
    "pre-reset": preReset,
    empty: "",
    garbage: "a.b.c",
  };
});
afterAll(() => t.cleanup());

test("every bad token gets 401 on every admin route; the fresh token passes the guard", async () => {
  const routes = await adminRoutes();
  expect(routes.length).toBeGreaterThan(25);
  const wrong: string[] = [];
  let checked = 0;
  for (const route of routes) {
    const url = fillRoute(route.path);
    const body = route.method === "GET" || route.method === "DELETE" ? undefined : {};
    for (const [kind, token] of Object.entries(tokens)) {
      const headers = { authorization: `Bearer ${token}` };
      const response = await t.request(route.method, url, { headers, body });
      checked += 1;
      if (response.status !== 401) wrong.push(`${kind}: ${route.method} ${url} → ${response.status}`);
    }
    // The fresh token gets past the guard (any answer but 401).
    const ok = await t.request(route.method, url, { token: fresh, body });
    if (ok.status === 401) wrong.push(`fresh token refused: ${route.method} ${url}`);
  }
  figure("token checks", `${routes.length} admin routes × ${Object.keys(tokens).length} bad tokens = ${checked} requests, all 401`);
  expect(wrong).toEqual([]);
});
