import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, TEST_PASSWORD, type TestApp } from "@tests/support/app.ts";
import { scenarios } from "@tests/support/scenarios.ts";
import { SignJWT } from "jose";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

const sign = (payload: Record<string, unknown>, secret: string, exp: number) =>
  new SignJWT(payload).setProtectedHeader({ alg: "HS256" }).setSubject("1").setExpirationTime(exp).sign(new TextEncoder().encode(secret));
const SECRET = "test-secret-test-secret-test-secret";
const unsigned = (payload: object) =>
  `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.`;

// Raw requests below: a body the contract's type refuses (missing fields, not JSON) and a path it does not have.
describe("login", () => {
  scenarios(
    () => createTestApp(),
    [
      {
        name: "right password gives a token",
        send: (api) => api.admin.login.post({ username: "admin", password: TEST_PASSWORD }),
        status: 200,
        contains: ['"token"'],
      },
      {
        name: "wrong password is refused",
        send: (api) => api.admin.login.post({ username: "admin", password: "nope" }),
        status: 401,
        contains: ["Invalid credentials"],
        notContains: ["token"],
      },
      {
        name: "unknown user is refused the same way",
        send: (api) => api.admin.login.post({ username: "root", password: "nope" }),
        status: 401,
        contains: ["Invalid credentials"],
      },
      {
        name: "missing fields",
        send: (_api, raw) => raw("POST", "/api/admin/login", {}),
        status: 400,
        contains: ["Username is required", "Password is required"],
      },
      {
        name: "not JSON",
        send: (_api, raw) => raw("POST", "/api/admin/login", "username=admin"),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        status: 400,
      },
    ],
  );
});

describe("the admin guard", () => {
  const now = Math.floor(Date.now() / 1000);
  scenarios(
    () => createTestApp(),
    [
      { name: "no token", send: (api) => api.admin.messages.get(), status: 401, contains: ["Authentication required"] },
      { name: "not a bearer token", send: (api) => api.admin.messages.get(), headers: { authorization: "Basic YWRtaW46eA==" }, status: 401 },
      { name: "garbage token", send: (api) => api.admin.messages.get(), auth: "not.a.token", status: 401 },
      { name: "unknown admin paths are guarded too", send: (_api, raw) => raw("GET", "/api/admin/nothing-here"), status: 401 },
      { name: "a valid token reaches the route", send: (api) => api.admin.messages.get(), auth: true, status: 200 },
    ],
  );

  test("forged, expired, unsigned and altered tokens get 401 on admin routes", async () => {
    const valid = await t.login();
    const [header, payload, signature] = valid.split(".");
    const altered = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), sub: "2" })).toString("base64url")}.${signature}`;
    const tokens = {
      forged: await sign({ ver: 0 }, "another-secret", now + 3600),
      expired: await sign({ ver: 0 }, SECRET, now - 10),
      unsigned: unsigned({ sub: "1", ver: 0, exp: now + 3600 }),
      altered,
    };
    for (const [kind, token] of Object.entries(tokens)) {
      for (const [method, url] of [
        ["GET", "/api/admin/messages"],
        ["POST", "/api/admin/classes"],
        ["DELETE", "/api/admin/events/1"],
        ["GET", "/api/admin/export-data"],
      ] as const) {
        // Raw: one bad token sent to each kind of route, by method and path.
        const response = await t.request(method, url, { token });
        expect(`${kind} ${method} ${url} ${response.status}`).toBe(`${kind} ${method} ${url} 401`);
      }
    }
    expect((await t.api({ token: valid }).admin.messages.get()).status).toBe(200);
  });
});

describe("password reset", () => {
  test("wrong current password gives a clear message and changes nothing", async () => {
    const token = await t.login();
    const { status, error } = await t
      .api({ token })
      .admin["reset-password"].post({ username: "admin", currentPassword: "wrong", newPassword: "another-password" });
    expect(status).toBe(400);
    // Cast: the route does not declare this answer yet (issue 31 item 2), only its validation errors.
    expect(error?.value as unknown).toEqual({ error: "Username or current password is incorrect" });
    expect((await t.api({ token }).admin.messages.get()).status).toBe(200);
  });

  test("a short new password gets the spec's message", async () => {
    const token = await t.login();
    const { status, error } = await t
      .api({ token })
      .admin["reset-password"].post({ username: "admin", currentPassword: TEST_PASSWORD, newPassword: "12345" });
    expect(status).toBe(400);
    expect(JSON.stringify(error?.value)).toContain("New password must be at least 6 characters long");
  });

  test("a reset revokes older tokens, returns a new one, and the new password works", async () => {
    const local = await createTestApp();
    try {
      const old = await local.login();
      const { status, data } = await local
        .api({ token: old })
        .admin["reset-password"].post({ username: "admin", currentPassword: TEST_PASSWORD, newPassword: "brand-new-password" });
      expect(status).toBe(200);
      expect((await local.api({ token: old }).admin.messages.get()).status).toBe(401);
      expect((await local.api({ token: data?.token }).admin.messages.get()).status).toBe(200);
      const login = await local.api().admin.login.post({ username: "admin", password: "brand-new-password" });
      expect(login.status).toBe(200);
    } finally {
      local.cleanup();
    }
  });
});

describe("login rate limit", () => {
  test("repeated failures for a username lock it from that address with Retry-After, even for the right password; not from elsewhere", async () => {
    const local = await createTestApp();
    try {
      for (let i = 0; i < 5; i++) {
        const r = await local.api({ ip: "10.0.0.1" }).admin.login.post({ username: "admin", password: "bad" });
        expect(r.status).toBe(401);
      }
      const locked = await local.api({ ip: "10.0.0.1" }).admin.login.post({ username: "admin", password: TEST_PASSWORD });
      expect(locked.status).toBe(429);
      expect(Number(locked.response.headers.get("retry-after"))).toBeGreaterThan(0);
      // Issue 37 item 15: the owner elsewhere is not locked out by a stranger's guesses.
      const elsewhere = await local.api({ ip: "10.0.0.99" }).admin.login.post({ username: "admin", password: TEST_PASSWORD });
      expect(elsewhere.status).toBe(200);
    } finally {
      local.cleanup();
    }
  });

  test("repeated failures from one IP lock that IP; X-Forwarded-For does not reset it without a trusted proxy", async () => {
    const local = await createTestApp();
    try {
      let last = 0;
      for (let i = 0; i < 25; i++) {
        const r = await local
          .api({ ip: "192.0.2.7", headers: { "x-forwarded-for": `198.51.100.${i}` } })
          .admin.login.post({ username: `user${i}`, password: "bad" });
        last = r.status;
      }
      expect(last).toBe(429);
    } finally {
      local.cleanup();
    }
    // 25 checks at the real argon2 cost (an unknown user is checked against a dummy hash): minutes on a loaded machine.
  }, 120_000);
});
