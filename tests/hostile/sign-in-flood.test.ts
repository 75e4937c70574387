// Issue 30 items 4 and 8, issue 37 items 1 and 15: unauthenticated floods. Refused sign-ins from many addresses add a
// handful of activity rows (counted, one per kind and address whatever the username) and strangers' rows are capped
// apart from the owner's; the owner still signs in on a known device, with a passkey, after a mailed link, or with the
// password from an address that did not guess, while the guessers' addresses wait a growing delay; passkey options are limited per address and a
// browser's challenge cannot be evicted by others'; limits count an IPv6 address by its /64. Real HTTP handling, a
// real SQLite file, the real SMTP server, a software passkey (tests/support/authenticator.ts).
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { activity, users } from "@db/schema.ts";
import { setPassword } from "@server/modules/auth/service.ts";
import { count, eq, sum } from "drizzle-orm";
import { createTestApp, type MailWorker, TEST_PASSWORD, type TestApp } from "../support/app.ts";
import { createAuthenticator } from "../support/authenticator.ts";
import { type SmtpServer, startSmtpServer } from "../support/smtp.ts";

setDefaultTimeout(120_000);
const KEPT_ROWS = 100_000;
const MAIL_ENV = {
  MAIL_FROM: "Site <site@example.org>",
  NOTIFY_EMAIL: "teacher@example.org",
  SITE_URL: "https://yoga.example.org",
  ADMIN_EMAIL: "teacher@example.org",
};
const TOO_MANY = "Too many failed attempts. Please try again later.";

let smtp: SmtpServer;
let t: TestApp;
let worker: MailWorker;
let offsetMs = 0;
// The app's clock moves only when a test moves it: each refused sign-in is a real argon2 check, and on a loaded machine
// those alone outran the 1 s delay.
const started = Date.now();
const now = () => new Date(started + offsetMs);

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, ...MAIL_ENV }, now });
  // The worker keeps the real clock: the outbox's rows are due by SQLite's own time.
  worker = t.mailWorker(() => new Date());
});
afterAll(async () => {
  await worker.stop();
  t.cleanup();
  await smtp.close();
});

type Options = { ip?: string; cookie?: string; token?: string };
const post = (path: string, body: unknown, { ip, cookie, token }: Options = {}) =>
  t.request("POST", path, { body, ip, token, headers: cookie ? { cookie } : {} });
const lastMail = async () => {
  await worker.drain();
  return smtp.received.at(-1)!.text!;
};
/** The `name=value` of a cookie a response set. */
const cookieOf = (response: Response, name: string) => new RegExp(`(?:^|, )(${name}=[^;]+)`).exec(response.headers.get("set-cookie") ?? "")?.[1];
const rows = () =>
  t.db
    .select({ rows: count(), refusals: sum(activity.count) })
    .from(activity)
    .get()!;
const tokenOf = async (response: Response) => ((await response.json()) as { token?: string }).token;

/** Runs `task` for 0..n-1, `parallel` at a time; answers the statuses. */
async function flood(n: number, parallel: number, task: (i: number) => Promise<Response>) {
  const statuses: number[] = [];
  for (let start = 0; start < n; start += parallel)
    statuses.push(...(await Promise.all(Array.from({ length: Math.min(parallel, n - start) }, (_, k) => task(start + k).then((r) => r.status)))));
  return statuses;
}

/** A browser's passkey sign-in: options (their cookie kept), then the assertion with it. */
async function passkeySignIn(authenticator: ReturnType<typeof createAuthenticator>, ip: string) {
  const options = await post("/api/auth/passkey-options", {}, { ip });
  const cookie = cookieOf(options, "vedanta_passkey");
  const passkey = authenticator.assert((await options.json()) as { challenge: string });
  return post("/api/admin/login", { passkey }, { ip, cookie });
}

describe("a flood of refused sign-ins", () => {
  test("3,000 from 3,000 addresses add at most 6 rows, counted; the owner still signs in on a known device, with a passkey, after a mailed link", async () => {
    // The owner's browser, known after its password and mailed code; and a passkey added from it.
    const first = (await (await post("/api/admin/login", { username: "admin", password: TEST_PASSWORD }, { ip: "203.0.113.5" })).json()) as {
      ticket: string;
    };
    const code = /\b(\d{6})\b/.exec(await lastMail())![1]!;
    const signedIn = await post("/api/admin/login", { ticket: first.ticket, code }, { ip: "203.0.113.5" });
    const device = cookieOf(signedIn, "vedanta_device")!;
    const token = (await tokenOf(signedIn))!;
    const authenticator = createAuthenticator(t.config.siteUrl);
    const registration = (await (await post("/api/admin/passkeys/options", {}, { token })).json()) as { challenge: string };
    expect((await post("/api/admin/passkeys", { name: "Phone", response: authenticator.register(registration) }, { token })).status).toBe(201);
    const before = rows();

    // 3,000 guesses, each from an address of its own, in three IPv6 /64s.
    const statuses = await flood(3_000, 50, (i) =>
      post(
        "/api/admin/login",
        { username: "admin", password: `guess-${i}` },
        { ip: `2001:db8:${i % 3}:0:${(i >> 8).toString(16)}::${(i & 255).toString(16)}` },
      ),
    );
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(2_950);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    const after = rows();
    expect(after.rows - before.rows).toBeLessThanOrEqual(6);
    expect(Number(after.refusals) - Number(before.refusals)).toBe(3_000);

    // A new browser at a guessing address waits with the right password too; the owner's new browser elsewhere goes on
    // to the mailed code, and the owner's known browser, passkey and mailed link do not wait.
    const atGuesser = await post("/api/admin/login", { username: "admin", password: TEST_PASSWORD }, { ip: "2001:db8:1::50" });
    expect(atGuesser.status).toBe(429);
    expect(((await atGuesser.json()) as { error: string }).error).toBe(TOO_MANY);
    const elsewhere = await post("/api/admin/login", { username: "admin", password: TEST_PASSWORD }, { ip: "192.0.2.50" });
    expect(elsewhere.status).toBe(200);
    expect(await elsewhere.json()).toMatchObject({ codeRequired: true });
    const known = await post("/api/admin/login", { username: "admin", password: TEST_PASSWORD }, { ip: "192.0.2.51", cookie: device });
    expect(known.status).toBe(200);
    expect(await tokenOf(known)).toBeTruthy();
    const withPasskey = await passkeySignIn(authenticator, "192.0.2.52");
    expect(withPasskey.status).toBe(200);
    expect(await tokenOf(withPasskey)).toBeTruthy();

    expect((await post("/api/auth/forgot-password", { login: "admin" }, { ip: "192.0.2.53" })).status).toBe(200);
    const link = /reset-password#([\w-]+)/.exec(await lastMail())![1]!;
    const reset = await post("/api/auth/reset-password", { token: link, newPassword: "a-new-password-1" }, { ip: "192.0.2.53" });
    expect(reset.status).toBe(200);
    const linkDevice = cookieOf(reset, "vedanta_device")!;
    expect(reset.headers.get("set-cookie")).toContain("HttpOnly");
    const afterLink = await post("/api/admin/login", { username: "admin", password: "a-new-password-1" }, { ip: "192.0.2.53", cookie: linkDevice });
    expect(afterLink.status).toBe(200);
    expect(await tokenOf(afterLink)).toBeTruthy();
    await setPassword(t.db, "admin", TEST_PASSWORD);
  });

  test("300 usernames from one address add one row, quoting the first, truncated and escaped", async () => {
    const before = rows();
    for (let i = 0; i < 300; i++)
      await post("/api/admin/login", { username: `flood${i}-${"x".repeat(60)}\n<b>`, password: "wrong" }, { ip: "198.51.100.77" });
    const added = t.db.select().from(activity).where(eq(activity.ip, "198.51.100.77")).all();
    expect(rows().rows - before.rows).toBe(added.length);
    expect(added.length).toBeLessThanOrEqual(2);
    expect(added.reduce((sum, row) => sum + row.count, 0)).toBe(300);
    expect(added[0]!.summary).toBe(`Wrong password for "flood0-${"x".repeat(33)}…"`);
    expect(added.every((row) => row.stranger)).toBe(true);
  });

  test("strangers' rows are capped apart: a flood from 12,000 addresses never pushes out the owner's 100,000 rows", async () => {
    t.db.$client.run("DELETE FROM activity");
    t.db.$client.run(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${KEPT_ROWS})
       INSERT INTO activity (kind, summary, createdAt) SELECT 'write', 'POST /events', datetime('now') FROM n`,
    );
    const oldest = t.db.select({ id: activity.id }).from(activity).orderBy(activity.id).limit(1).get()!.id;
    // A stranger's rows as a flood from 12,000 addresses leaves them (inserted as the tally writes them), then one more.
    t.db.$client.run(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 12000)
       INSERT INTO activity (kind, summary, ip, stranger, createdAt) SELECT 'sign-in-failed', 'Wrong password for "x"', '10.2.' || (i / 256) || '.' || (i % 256), 1, datetime('now') FROM n`,
    );
    expect((await post("/api/admin/login", { username: "nobody", password: "wrong" }, { ip: "198.51.100.200" })).status).toBe(401);
    const sides = t.db.select({ stranger: activity.stranger, n: count() }).from(activity).groupBy(activity.stranger).all();
    expect(sides).toEqual([
      { stranger: false, n: KEPT_ROWS },
      { stranger: true, n: 10_000 },
    ]);
    expect(t.db.select({ id: activity.id }).from(activity).orderBy(activity.id).limit(1).get()!.id).toBe(oldest);
  });
});

describe("the username's growing delay", () => {
  test("untrusted clients at an address wait 1 s after 5 failures, then twice as long after each further one; then the right password is taken", async () => {
    await setPassword(t.db, "delayed", "delayed-password");
    t.db.update(users).set({ email: "delayed@example.org" }).where(eq(users.username, "delayed")).run();
    const wrong = () => post("/api/admin/login", { username: "delayed", password: "wrong" }, { ip: "198.51.100.20" });
    for (let i = 1; i <= 5; i++) expect((await wrong()).status).toBe(401);
    for (const seconds of [1, 2, 4, 8]) {
      const refused = await wrong();
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe(String(seconds));
      offsetMs += seconds * 1000;
      expect((await wrong()).status).toBe(401);
    }
    // Meanwhile, elsewhere, the right password goes on to the mailed code (issue 37 item 15).
    const elsewhere = await post("/api/admin/login", { username: "delayed", password: "delayed-password" }, { ip: "198.51.100.41" });
    expect(await elsewhere.json()).toMatchObject({ codeRequired: true });
    offsetMs += 16_000;
    // A new device there: the right password is taken and the mailed code asked for.
    const right = await post("/api/admin/login", { username: "delayed", password: "delayed-password" }, { ip: "198.51.100.20" });
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ codeRequired: true });
  });
});

describe("passkey options", () => {
  test("limited per address; a flood from one address and from 1,100 others does not evict a browser's challenge, which only its cookie can spend, once", async () => {
    const token = await t.login();
    const authenticator = createAuthenticator(t.config.siteUrl);
    const registration = (await (await post("/api/admin/passkeys/options", {}, { token })).json()) as { challenge: string };
    expect((await post("/api/admin/passkeys", { name: "Laptop", response: authenticator.register(registration) }, { token })).status).toBe(201);

    const owner = await post("/api/auth/passkey-options", {}, { ip: "203.0.113.9" });
    const ownerCookie = cookieOf(owner, "vedanta_passkey")!;
    const challenge = (await owner.json()) as { challenge: string };
    for (const attribute of ["HttpOnly", "Secure", "SameSite=Strict", "Path=/api"]) expect(owner.headers.get("set-cookie")).toContain(attribute);

    const fromOne = await flood(1_100, 50, () => post("/api/auth/passkey-options", {}, { ip: "198.51.100.66" }));
    expect(fromOne.filter((status) => status === 200).length).toBe(30);
    expect(fromOne.filter((status) => status === 429).length).toBe(1_070);
    const fromMany = await flood(1_100, 50, (i) => post("/api/auth/passkey-options", {}, { ip: `10.${i >> 8}.${i & 255}.1` }));
    expect(fromMany.every((status) => status === 200)).toBe(true);

    const assertion = authenticator.assert(challenge);
    const stranger = await post("/api/auth/passkey-options", {}, { ip: "203.0.113.10" });
    expect(
      (await post("/api/admin/login", { passkey: assertion }, { ip: "203.0.113.10", cookie: cookieOf(stranger, "vedanta_passkey") })).status,
    ).toBe(401);
    expect((await post("/api/admin/login", { passkey: assertion }, { ip: "203.0.113.9" })).status).toBe(401);
    const signedIn = await post("/api/admin/login", { passkey: assertion }, { ip: "203.0.113.9", cookie: ownerCookie });
    expect(signedIn.status).toBe(200);
    expect(await tokenOf(signedIn)).toBeTruthy();
    expect((await post("/api/admin/login", { passkey: assertion }, { ip: "203.0.113.9", cookie: ownerCookie })).status).toBe(401);
  });
});

describe("IPv6 addresses are limited by their /64", () => {
  test("20 failures from 20 addresses of one /64 lock the 21st address of it, not an address outside it", async () => {
    const login = (ip: string, i: number) => post("/api/admin/login", { username: `v6-user-${i}`, password: "wrong" }, { ip });
    for (let i = 1; i <= 20; i++) expect((await login(`2001:db8:aa:bb::${i.toString(16)}`, i)).status).toBe(401);
    const sameNetwork = await login("2001:db8:aa:bb:ffff:1:2:3", 21);
    expect(sameNetwork.status).toBe(429);
    expect(((await sameNetwork.json()) as { error: string }).error).toBe(TOO_MANY);
    expect((await login("2001:db8:aa:bc::1", 22)).status).toBe(401);
    // An IPv4 address written as IPv6 (a dual-stack socket's) is that IPv4 address.
    for (let i = 0; i < 20; i++) await login("192.0.2.77", 100 + i);
    expect((await login("::ffff:192.0.2.77", 200)).status).toBe(429);
  });
});
