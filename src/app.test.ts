// The API (Elysia and the modules) is built by the first request that needs it; /healthz and the site's root files
// answer before, as the API would.
import { afterEach, describe, expect, test } from "bun:test";
import { events, profile } from "../db/schema.ts";
import { createApi } from "./api.ts";
import { createTestApp, type TestApp } from "./test-support/app.ts";

let t: TestApp;
afterEach(() => t.cleanup());

describe("the API is built on first need", () => {
  test("/healthz answers without it, as the API's own route does", async () => {
    t = await createTestApp();
    const direct = await t.request("GET", "/healthz");
    expect(t.app.apiBuilt).toBe(false);
    const fromApi = await createApi(t.app.context).handle(new Request("http://localhost/healthz"));
    expect(direct.status).toBe(200);
    expect(await direct.text()).toBe(await fromApi.text());
    expect(direct.headers.get("content-type")).toBe(fromApi.headers.get("content-type"));
    expect(direct.headers.get("content-security-policy")).toContain("object-src 'none'");
    for (const path of ["/robots.txt", "/favicon.svg"]) expect((await t.request("GET", path)).status).toBe(200);
    expect(t.app.apiBuilt).toBe(false);
  });

  test("a public read builds it, and so does any other API path; first requests arriving together all get their answers", async () => {
    t = await createTestApp();
    const answers = await Promise.all(["/api/profile", "/api/events", "/api/nothing", "/calendar/classes.ics", "/api/admin/messages"].map((path) => t.request("GET", path)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404, 200, 401]);
    expect(t.app.apiBuilt).toBe(true);
    expect((await t.request("POST", "/api/admin/login", { body: { username: "admin", password: "wrong-password" } })).status).toBe(401);
  });

  test("other methods on /healthz still go to the API", async () => {
    t = await createTestApp();
    expect((await t.request("HEAD", "/healthz")).status).toBe(200);
    expect((await t.request("POST", "/healthz")).status).toBe(404);
    expect(t.app.apiBuilt).toBe(true);
  });
});

describe("the server's routes for the public reads", () => {
  test("answer as `handle` does: the same status, headers and bytes for every kind of GET, and the rest falls through", async () => {
    t = await createTestApp({ env: { CORS_ORIGINS: "https://friend.example" } });
    // Answers large enough to be compressed (the profile, the events) and small ones (the empty lists).
    const long = `<p>${"Study and practice. ".repeat(60)}</p>`;
    t.db.insert(profile).values({ name: "A Teacher", title: "Teacher", biography: long, quote: "Quiet.", profileImage: "" }).run();
    t.db.insert(events).values({ name: "Retreat", type: "retreat", startDate: "2099-01-01", time: "9 AM", location: "Hills", description: long }).run();
    const ip = (request: Request, server: { requestIP(request: Request): { address: string } | null }) => server.requestIP(request)?.address ?? "unknown";
    const plain = Bun.serve({ port: 0, hostname: "127.0.0.1", reusePort: false, fetch: (request, server) => t.app.handle(request, ip(request, server)) });
    const routed = Bun.serve({ port: 0, hostname: "127.0.0.1", reusePort: false, routes: t.app.routes, fetch: (request, server) => t.app.handle(request, ip(request, server)) });
    try {
      const etag = (await t.request("GET", "/api/events")).headers.get("etag")!;
      const cases: [string, string, Record<string, string>][] = [];
      const variants: Record<string, string>[] = [{}, { "accept-encoding": "br" }, { "accept-encoding": "gzip, deflate" }, { "accept-encoding": "identity" }, { origin: "https://friend.example" }, { origin: "https://stranger.example" }];
      for (const path of Object.keys(t.app.routes)) {
        for (const headers of variants) {
          cases.push(["GET", path, headers], ["GET", `${path}?page=2`, headers]);
        }
        cases.push(["HEAD", path, { "accept-encoding": "br" }], ["POST", path, {}], ["GET", path, { "if-none-match": etag }]);
      }
      cases.push(["GET", "/api/events", { "if-none-match": etag }], ["GET", "/api/events", { "if-none-match": 'W/"other"' }], ["GET", "/api/profile/", {}]);
      const read = async (server: { url: URL }, [method, path, headers]: (typeof cases)[number]) => {
        const response = await fetch(new URL(path, server.url), { method, headers, decompress: false });
        const { date: _, ...rest } = Object.fromEntries(response.headers);
        return { status: response.status, headers: rest, body: new Uint8Array(await response.arrayBuffer()) };
      };
      // An answer made on the way (nothing cached yet) and a prepared one are the same.
      for (const request of cases) {
        t.app.context.onPublicChange();
        const [cold, warm] = [await read(plain, request), await read(plain, request)];
        expect({ request, ...warm }).toEqual({ request, ...cold });
      }
      // Cold (each route builds through `handle`), then warm (prepared answers), then after a write.
      for (const round of ["cold", "warm", "after a write"]) {
        if (round === "after a write") t.app.context.onPublicChange();
        for (const request of cases) {
          const [viaRoute, viaHandle] = [await read(routed, request), await read(plain, request)];
          expect({ round, request, ...viaRoute }).toEqual({ round, request, ...viaHandle });
        }
      }
    } finally {
      plain.stop(true);
      routed.stop(true);
    }
  });
});
