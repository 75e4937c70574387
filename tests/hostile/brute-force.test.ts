// Issue 6 item 4: brute force against the login. Lock with 429 + Retry-After, the right password refused while
// locked, X-Forwarded-For ignored without a trusted proxy (and not spoofable with one), public reads fast meanwhile.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, TEST_PASSWORD } from "../../src/test-support/app.ts";
import { ADMIN_PASSWORD, figure, ms, percentile, startServer, type Server } from "./support.ts";

const loginBody = (username: string, password: string) => ({ username, password });

describe("lockout (in process)", () => {
  test("5 wrong passwords lock the username: 429 with Retry-After, then the right password is refused too", async () => {
    const t = await createTestApp();
    try {
      const token = await t.login();
      for (let i = 0; i < 5; i++) expect((await t.request("POST", "/api/admin/login", { body: loginBody("admin", `bad${i}`), ip: "198.51.100.1" })).status).toBe(401);
      const locked = await t.request("POST", "/api/admin/login", { body: loginBody("admin", TEST_PASSWORD), ip: "198.51.100.1" });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
      // Another address, another letter case: the username stays locked.
      const elsewhere = await t.request("POST", "/api/admin/login", { body: loginBody("ADMIN", TEST_PASSWORD), ip: "198.51.100.2" });
      expect(elsewhere.status).toBe(429);
      // The password reset checks the same counters.
      const reset = await t.request("POST", "/api/admin/reset-password", { token, body: { username: "admin", currentPassword: TEST_PASSWORD, newPassword: "whatever-new" } });
      expect(reset.status).toBe(429);
    } finally {
      t.cleanup();
    }
  });

  test("without TRUST_PROXY a changing X-Forwarded-For does not reset the per-IP count", async () => {
    const t = await createTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        const response = await t.request("POST", "/api/admin/login", { body: loginBody(`user${i}`, "bad"), ip: "192.0.2.7", headers: { "x-forwarded-for": `198.51.100.${i}` } });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
      expect(statuses.slice(20)).toEqual([429, 429]);
    } finally {
      t.cleanup();
    }
  });

  test("with TRUST_PROXY the address is the one the proxy saw: a client-written X-Forwarded-For entry does not reset the count", async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: "1" } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 22; i++) {
        // A proxy such as nginx's $proxy_add_x_forwarded_for appends the real client address to what the client sent.
        const response = await t.request("POST", "/api/admin/login", { body: loginBody(`user${i}`, "bad"), ip: "127.0.0.1", headers: { "x-forwarded-for": `203.0.113.${i}, 192.0.2.44` } });
        statuses.push(response.status);
      }
      expect(statuses.slice(20)).toEqual([429, 429]);
    } finally {
      t.cleanup();
    }
  });
});

describe("100 parallel logins against the real server", () => {
  let server: Server;
  beforeAll(async () => {
    server = await startServer({ appData: "demo", env: { TRUST_PROXY: "1" } });
  });
  afterAll(async () => {
    await server?.stop();
    server?.remove();
  });

  test("public reads keep p95 under 100 ms while 100 logins (argon2 checks) run in parallel", async () => {
    const paths = ["/api/events", "/api/profile", "/api/classes", "/api/notifications", "/api/archive-events", "/"];
    for (const path of paths) await (await fetch(`${server.url}${path}`)).arrayBuffer();
    let running = true;
    const latencies: number[] = [];
    const reader = async (n: number) => {
      let i = n;
      while (running) {
        const started = performance.now();
        const response = await fetch(`${server.url}${paths[i++ % paths.length]}`);
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        expect(response.status).toBe(200);
      }
    };
    const readers = [reader(0), reader(3)];
    const started = performance.now();
    // Distinct client addresses (through the trusted proxy) and usernames, so every login reaches the hash check.
    const logins = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        fetch(`${server.url}/api/admin/login`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `198.18.${Math.floor(i / 200)}.${i % 200}` },
          body: JSON.stringify(i === 99 ? loginBody("admin", ADMIN_PASSWORD) : loginBody(`guess${i}`, `wrong${i}`)),
        }).then((response) => response.status),
      ),
    );
    const loginSeconds = (performance.now() - started) / 1000;
    running = false;
    await Promise.all(readers);
    const p95 = percentile(latencies, 95);
    figure("parallel logins", `100 in ${loginSeconds.toFixed(2)} s (${logins.filter((s) => s === 401).length}×401, ${logins.filter((s) => s === 200).length}×200, ${logins.filter((s) => s === 429).length}×429)`);
    figure("public reads meanwhile", `${latencies.length}, p50 ${ms(percentile(latencies, 50))}, p95 ${ms(p95)}, max ${ms(Math.max(...latencies))}`);
    expect(logins.filter((status) => status >= 500)).toEqual([]);
    expect(logins[99]).toBe(200);
    expect(latencies.length).toBeGreaterThan(20);
    expect(p95).toBeLessThan(100);
  }, 120_000);
});
