// Issue 12 finding 2: every route reads its body within its own limit (public JSON a few KB, admin JSON 1 MB, uploads
// and imports as before), judged from Content-Length before reading and while a chunked body streams: 413 at once,
// memory flat, the site answering meanwhile.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ADMIN_BODY_LIMIT, PUBLIC_BODY_LIMIT } from "@server/lib/body.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { allRoutes, figure, fillRoute, login, ms, percentile, type Server, startServer } from "./support.ts";

/** The largest body any route takes: an attachment (20 MB) with its multipart overhead. */
const LARGEST_LIMIT = 21 * 1024 * 1024;

/** A chunked body of `size` bytes (no Content-Length), made as it is read; counts what the server pulled. */
function streamedBody(size: number) {
  let sent = 0;
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

describe("every route that takes a body has a limit (Elysia's route table)", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login();
  });
  afterAll(() => t.cleanup());

  test("a chunked body past the largest limit is refused with 413 by every write route, before it is read whole", async () => {
    const writes = (await allRoutes()).filter((route) => route.method !== "GET");
    expect(writes.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const route of writes) {
      const body = streamedBody(LARGEST_LIMIT + 1024 * 1024);
      // "temp" names the event not created yet, so that the attachment route gets as far as reading.
      const request = new Request(`http://localhost${fillRoute(route.path, "temp")}`, {
        method: route.method,
        headers: { "content-type": "multipart/form-data; boundary=x", authorization: `Bearer ${token}` },
        body: body.stream,
      });
      const response = await t.app.handle(request);
      if (response.status !== 413) wrong.push(`${route.method} ${route.path} → ${response.status}`);
      if (body.pulled() > LARGEST_LIMIT + 256 * 1024) wrong.push(`${route.method} ${route.path} read ${body.pulled()} bytes`);
    }
    expect(wrong).toEqual([]);
  });

  test("public JSON: a few KB; admin JSON: 1 MB; the declared Content-Length alone is enough to refuse", async () => {
    const justOver = (limit: number) => JSON.stringify({ message: "x".repeat(limit) });
    const contact = await t.request("POST", "/api/contact", { body: justOver(PUBLIC_BODY_LIMIT), headers: { "content-type": "application/json" } });
    expect(contact.status).toBe(413);
    expect(await contact.json()).toEqual({ error: "The request body is too large. Maximum size is 64 KB." });
    // The longest real message (10,000 characters, each escaped in JSON) fits.
    const longest = { name: "N", email: "n@example.org", subject: "S", message: "\u0001".repeat(10_000) };
    expect(JSON.stringify(longest).length).toBeLessThan(PUBLIC_BODY_LIMIT);
    const profile = await t.request("PATCH", "/api/admin/profile", {
      token,
      body: justOver(ADMIN_BODY_LIMIT),
      headers: { "content-type": "application/json" },
    });
    expect(profile.status).toBe(413);
    const declared = new Request("http://localhost/api/newsletter", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(50 * 1024 * 1024) },
      body: "{}",
    });
    expect((await t.app.handle(declared)).status).toBe(413);
  });
});

test("an admin write without a valid token is refused with 401 before its body is read", async () => {
  const t = await createTestApp();
  try {
    const writes = (await allRoutes()).filter(
      (route) => route.method !== "GET" && route.path.startsWith("/api/admin") && route.path !== "/api/admin/login",
    );
    expect(writes.length).toBeGreaterThan(15);
    const wrong: string[] = [];
    for (const authorization of [undefined, "Bearer not-a-token"]) {
      for (const route of writes) {
        const body = streamedBody(ADMIN_BODY_LIMIT / 2);
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (authorization) headers.authorization = authorization;
        const response = await t.app.handle(
          new Request(`http://localhost${fillRoute(route.path)}`, { method: route.method, headers, body: body.stream }),
        );
        if (response.status !== 401) wrong.push(`${route.method} ${route.path} → ${response.status}`);
        // A stream is pulled a chunk or two ahead of its reader; a body read before the guard is pulled whole.
        if (body.pulled() > 2 * 64 * 1024) wrong.push(`${route.method} ${route.path} read ${body.pulled()} bytes before answering`);
      }
    }
    expect(wrong).toEqual([]);
  } finally {
    t.cleanup();
  }
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

  test("54 MB of JSON to /api/contact and 2M form fields: 413 at once, memory flat, /healthz answering", async () => {
    await (await fetch(`${server.url}/`)).arrayBuffer();
    const rssBefore = server.rssKb();
    const big = new Uint8Array(54 * 1024 * 1024).fill(0x20);
    const started = performance.now();
    const json = await fetch(`${server.url}/api/contact`, { method: "POST", headers: { "content-type": "application/json" }, body: big });
    const jsonMs = performance.now() - started;
    expect(json.status).toBe(413);
    const form = "a=1&".repeat(2_000_000);
    const formStarted = performance.now();
    const fields = await fetch(`${server.url}/api/newsletter`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form,
    });
    const formMs = performance.now() - formStarted;
    expect(fields.status).toBe(413);
    const health = performance.now();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const healthMs = performance.now() - health;
    const grownMb = (server.rssKb() - rssBefore) / 1024;
    figure(
      "54 MB JSON body",
      `413 in ${ms(jsonMs)}; 2M form fields: 413 in ${ms(formMs)}; /healthz after: ${ms(healthMs)}; RSS grew ${grownMb.toFixed(1)} MB`,
    );
    expect(jsonMs).toBeLessThan(1000);
    expect(grownMb).toBeLessThan(40);
  }, 60_000);

  test("a chunked body over a route's limit is cut off while it streams (an admin JSON route, with a token)", async () => {
    const body = streamedBody(30 * 1024 * 1024);
    const response = await fetch(`${server.url}/api/admin/classes`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: body.stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(body.pulled()).toBeLessThan(10 * 1024 * 1024);
  }, 30_000);

  test("two clients sending big bodies in a loop: / keeps answering fast", async () => {
    const paths = ["/", "/api/events", "/api/profile"];
    for (const path of paths) await (await fetch(`${server.url}${path}`)).arrayBuffer();
    let running = true;
    const big = new Uint8Array(8 * 1024 * 1024).fill(0x20);
    const attacker = async () => {
      let sent = 0;
      while (running) {
        const response = await fetch(`${server.url}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: big,
        }).catch(() => null);
        await response?.arrayBuffer();
        sent += 1;
      }
      return sent;
    };
    const attackers = [attacker(), attacker()];
    const latencies: number[] = [];
    const until = performance.now() + 4000;
    for (let i = 0; performance.now() < until; i++) {
      const started = performance.now();
      await (await fetch(`${server.url}${paths[i % paths.length]}`)).arrayBuffer();
      latencies.push(performance.now() - started);
    }
    running = false;
    const sent = (await Promise.all(attackers)).reduce((sum, count) => sum + count, 0);
    const p99 = percentile(latencies, 99);
    figure(
      "public reads under big bodies",
      `${latencies.length} reads, p50 ${ms(percentile(latencies, 50))}, p99 ${ms(p99)}; ${sent} bodies of 8 MB refused; RSS ${(server.rssKb() / 1024).toFixed(0)} MB`,
    );
    // `bun run soak` holds this for 30 s under 50 ms; here, beside the other suites, a looser bound.
    expect(p99).toBeLessThan(100);
    expect(server.rssKb() / 1024).toBeLessThan(200);
  }, 30_000);
});
