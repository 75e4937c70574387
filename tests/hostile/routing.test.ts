// Issue 12 findings 1 and 5: the router and the admin guard never disagree (a short Host once let `/api/api/admin/…`
// skip the guard), a Host that is not a valid host[:port] is a 400, and no request ever gets a stack trace.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "../support/app.ts";
import { adminRoutes, figure, fillRoute, login, prng, rawExchange, SEED, type Server, startServer } from "./support.ts";

const bodyFor = (method: string) => (method === "GET" || method === "DELETE" ? undefined : {});

describe("Elysia's route table", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.cleanup());

  test("every /api/admin/* route but login answers 401 without a token, and passes the guard with one", async () => {
    const routes = await adminRoutes();
    expect(routes.length).toBeGreaterThan(25);
    const token = await t.login();
    const wrong: string[] = [];
    for (const route of routes) {
      const url = fillRoute(route.path);
      const open = await t.request(route.method, url, { body: bodyFor(route.method) });
      if (open.status !== 401) wrong.push(`${route.method} ${url} without a token → ${open.status}`);
      const signedIn = await t.request(route.method, url, { token, body: bodyFor(route.method) });
      if (signedIn.status === 401) wrong.push(`${route.method} ${url} with a token → 401`);
    }
    figure("admin routes in the table", routes.length);
    expect(wrong).toEqual([]);
  });

  test("a short Host does not shift the path: /api/api/admin/… is an unknown path, never the admin route", async () => {
    for (const host of ["x", "ab", "abc", "a.b"]) {
      for (const prefix of ["/api", "/uploads", "/calendar"]) {
        const response = await t.app.handle(new Request(`http://${host}${prefix}/api/admin/export-data`));
        expect(`${host} ${prefix} ${response.status}`).toBe(`${host} ${prefix} 404`);
      }
      const profile = await t.app.handle(new Request(`http://${host}/api/profile`));
      expect(profile.status).toBe(200);
    }
  });
});

describe("the real server", () => {
  let server: Server;
  let token: string;
  beforeAll(async () => {
    server = await startServer({ appData: "demo" });
    token = await login(server);
  });
  afterAll(async () => {
    await server?.stop();
    server?.remove();
  });

  const send = (method: string, path: string, host: string | null, headers = "", body = "") =>
    rawExchange(server.port, `${method} ${path} HTTP/1.1\r\n${host === null ? "" : `Host: ${host}\r\n`}Connection: close\r\n${headers}\r\n${body}`);

  test("fuzz: short and odd Hosts × every prefix × every admin path never answer 2xx without a token", async () => {
    const rng = prng(SEED);
    const alphabet = "abcxyz019-._:[]%@/ ";
    const hosts = ["x", "ab", "abc", "a b", "x/y", "[::1", "x:99999", "%", "@", "", "::", "[]", "x:", ":80", "x:0", "127.0.0.1", "[::1]:80"];
    for (let i = 0; i < 40; i++) hosts.push(Array.from({ length: rng.int(1, 4) }, () => rng.pick([...alphabet])).join(""));
    const prefixes = ["", "/api", "/uploads", "/calendar", "/x", "/api/api", "//"];
    const paths = (await adminRoutes()).map((route) => ({ method: route.method, path: fillRoute(route.path) }));
    const cases = hosts.flatMap((host) => prefixes.map((prefix) => ({ host, prefix, ...rng.pick(paths) })));
    const wrong: string[] = [];
    const statuses = new Map<number, number>();
    for (const { host, prefix, method, path } of cases) {
      const withBody = method !== "GET" && method !== "DELETE";
      const response = await send(
        method,
        `${prefix}${path}`,
        host,
        withBody ? "Content-Type: application/json\r\nContent-Length: 2\r\n" : "",
        withBody ? "{}" : "",
      );
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.status >= 200 && response.status < 300) wrong.push(`Host ${JSON.stringify(host)} ${method} ${prefix}${path} → ${response.status}`);
      if (response.status >= 500) wrong.push(`Host ${JSON.stringify(host)} ${method} ${prefix}${path} → ${response.status}`);
    }
    figure("host fuzz", `${cases.length} requests: ${[...statuses].map(([status, count]) => `${count}×${status}`).join(", ")}`);
    expect(wrong).toEqual([]);
    expect(server.alive()).toBe(true);
  }, 60_000);

  test("a Host that is not a valid host[:port], or none, is a short 400: never a stack, a path or a source line", async () => {
    const cases: [string, string | null][] = [["GET / HTTP/1.0\r\n\r\n", null]];
    for (const host of ["a b", "x/y", "[::1", "x:99999", "%", "@", ""])
      cases.push([`GET / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, host]);
    for (const path of ["/api/profile", "/api/admin/messages", "/healthz", "/uploads/x.jpg"])
      cases.push([`GET ${path} HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n`, "a b"]);
    for (const [bytes, host] of cases) {
      const response = await rawExchange(server.port, bytes);
      const body = response.body.toString();
      const label = `${JSON.stringify(host)} ${bytes.split(" ", 2)[1]}`;
      expect(`${label} ${response.status}`).toBe(`${label} 400`);
      expect(body.length).toBeLessThan(200);
      for (const leak of ["at ", "/work", "src/", ".ts", "node_modules", "Bun v"]) expect(body).not.toContain(leak);
    }
  });

  test("a valid token over a valid short Host reaches the admin route (the path is read the same by both)", async () => {
    const response = await send("GET", "/api/admin/messages", "x", `Authorization: Bearer ${token}\r\n`);
    expect(response.status).toBe(200);
    expect((await send("GET", "/api/admin/messages", "x")).status).toBe(401);
  });
});
