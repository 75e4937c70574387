// Issue 22 items 4 and 5 through real HTTP handling on a temp SQLite file: the signed-in devices, signing out one or
// all (the next admin call is 401 at once), a password change signing out the others, and the activity log.
import { afterEach, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { activity } from "@db/schema.ts";
import { createTestApp, TEST_PASSWORD, type TestApp } from "@tests/support/app.ts";

const CHROME_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

// Each sign-in checks an argon2 hash, slow on purpose (and slower on a busy machine).
setDefaultTimeout(30_000);

let t: TestApp;
beforeEach(async () => {
  // A clock that stands still: the username's delay after 5 failures (1 s, growing) holds however slow each check is.
  const at = new Date();
  t = await createTestApp({ now: () => at });
});
afterEach(() => t.cleanup());

const signIn = async (userAgent: string, ip: string, password = TEST_PASSWORD) => {
  const { status, data } = await t.api({ ip, headers: { "user-agent": userAgent } }).admin.login.post({ username: "admin", password });
  expect(status).toBe(200);
  return (data as { token: string }).token;
};
const devicesOf = async (token: string, ip = "203.0.113.1") => (await t.api({ token, ip }).admin.sessions.get()).data ?? [];
const status = async (token: string) => (await t.api({ token }).admin.messages.get()).status;

describe("devices", () => {
  test("lists each signed-in browser in words with its address and times, this one marked", async () => {
    const laptop = await signIn(CHROME_LINUX, "203.0.113.1");
    await signIn(SAFARI_IPHONE, "198.51.100.2");
    const list = await devicesOf(laptop);
    expect(list.map(({ device, ip, current }) => ({ device, ip, current })).sort((a, b) => a.ip.localeCompare(b.ip))).toEqual([
      { device: "Safari on iOS", ip: "198.51.100.2", current: false },
      { device: "Chrome on Linux", ip: "203.0.113.1", current: true },
    ]);
    for (const device of list) expect(Date.parse(device.firstSeen)).toBeLessThanOrEqual(Date.parse(device.lastSeen));
    expect(JSON.stringify(list)).not.toContain("session");
  });

  test("'Sign out' of another device: its next admin call is 401 at once, this one goes on", async () => {
    const laptop = await signIn(CHROME_LINUX, "203.0.113.1");
    const phone = await signIn(SAFARI_IPHONE, "198.51.100.2");
    expect(await status(phone)).toBe(200);
    const other = (await devicesOf(laptop)).find((device) => !device.current)!;
    expect((await t.api({ token: laptop }).admin.sessions({ id: other.id }).delete()).status).toBe(204);
    expect(await status(phone)).toBe(401);
    expect(await status(laptop)).toBe(200);
    expect((await devicesOf(laptop)).length).toBe(1);
    expect((await t.api({ token: laptop }).admin.sessions({ id: other.id }).delete()).status).toBe(404);
  });

  test("Logout ends this session only; a replayed token of it is refused", async () => {
    const laptop = await signIn(CHROME_LINUX, "203.0.113.1");
    const phone = await signIn(SAFARI_IPHONE, "198.51.100.2");
    expect((await t.api({ token: laptop }).auth.logout.post({})).status).toBe(204);
    expect(await status(laptop)).toBe(401);
    expect(await status(phone)).toBe(200);
    // Without a valid token it answers the same, and changes nothing.
    expect((await t.api({ token: "forged.token.value" }).auth.logout.post({})).status).toBe(204);
    expect(await status(phone)).toBe(200);
  });

  test("'Sign out everywhere' signs out every device, this one too", async () => {
    const laptop = await signIn(CHROME_LINUX, "203.0.113.1");
    const phone = await signIn(SAFARI_IPHONE, "198.51.100.2");
    expect((await t.api().auth["sign-out-everywhere"].post({})).status).toBe(401);
    expect((await t.api({ token: laptop }).auth["sign-out-everywhere"].post({})).status).toBe(200);
    expect(await status(laptop)).toBe(401);
    expect(await status(phone)).toBe(401);
    expect(await status(await signIn(CHROME_LINUX, "203.0.113.1"))).toBe(200);
  });

  test("changing the password signs out every other device; this one stays signed in with the new token", async () => {
    const laptop = await signIn(CHROME_LINUX, "203.0.113.1");
    const phone = await signIn(SAFARI_IPHONE, "198.51.100.2");
    const { data } = await t
      .api({ token: laptop, headers: { "user-agent": CHROME_LINUX } })
      .admin["reset-password"].post({ username: "admin", currentPassword: TEST_PASSWORD, newPassword: "a-new-password" });
    const token = data?.token ?? "";
    expect(await status(phone)).toBe(401);
    expect(await status(laptop)).toBe(401);
    expect(await status(token)).toBe(200);
    expect((await devicesOf(token)).map((device) => [device.device, device.current])).toEqual([["Chrome on Linux", true]]);
  });
});

describe("activity", () => {
  const activityOf = async (token: string, kind?: string) => (await t.api({ token }).admin.activity.get({ query: { kind } })).data ?? [];

  test("writes, sign-ins, failures, lockouts and password changes, newest first, filterable, nothing secret", async () => {
    const token = await signIn(CHROME_LINUX, "203.0.113.1");
    const created = await t.api({ token, headers: { "user-agent": CHROME_LINUX }, ip: "203.0.113.1" }).admin.classes.post({
      name: "Hatha",
      level: "Beginner",
      days: "Mondays",
      time: "6 PM",
      location: "Hall",
      description: "<p>Gentle yoga for all.</p>",
      icon: "yoga",
    });
    expect(created.status).toBe(201);
    const id = created.data?.id ?? 0;
    expect((await t.api({ token, ip: "203.0.113.1" }).admin.classes({ id }).delete()).status).toBe(200);
    // A refused write is not a write.
    expect((await t.api({ token }).admin.classes({ id: 99999 }).delete()).status).toBe(404);
    const reset = await t
      .api({ token })
      .admin["reset-password"].post({ username: "admin", currentPassword: TEST_PASSWORD, newPassword: "secret-new-password" });
    const fresh = reset.data?.token ?? "";
    for (let i = 0; i < 6; i++) await t.api({ ip: "192.0.2.9" }).admin.login.post({ username: "admin", password: `wrong-${i}` });

    const all = await activityOf(fresh);
    expect(all.map((entry) => entry.id)).toEqual([...all.map((entry) => entry.id)].sort((a, b) => b - a));
    // Issue 30: a refused sign-in's repeats (same username and address, 15 minutes) are counted on one row.
    expect(all.slice(0, 6).map((entry) => [entry.kind, entry.summary, entry.target, entry.count])).toEqual([
      ["lockout", 'Sign-in refused for "admin": too many failed attempts', null, 1],
      ["sign-in-failed", 'Wrong password for "admin"', null, 5],
      ["password", "Password changed; every other device signed out", null, 1],
      ["classes", "Deleted the class 'Hatha'", String(id), 1],
      ["classes", "Created the class 'Hatha'", String(id), 1],
      ["sign-in", "Signed in with the password", null, 1],
    ]);
    expect(all[4]).toMatchObject({ ip: "203.0.113.1", device: "Chrome on Linux" });
    expect((await activityOf(fresh, "sign-in-failed")).map((entry) => entry.count)).toEqual([5]);
    expect((await activityOf(fresh, "lockout")).map((entry) => entry.summary)).toEqual(['Sign-in refused for "admin": too many failed attempts']);
    expect((await activityOf(fresh, "classes")).every((entry) => entry.kind === "classes")).toBe(true);
    const stored = JSON.stringify(t.db.select().from(activity).all());
    for (const secret of [TEST_PASSWORD, "secret-new-password", "wrong-1", token, fresh]) expect(stored).not.toContain(secret);
  });

  test("entries older than a year are dropped", async () => {
    t.db
      .insert(activity)
      .values({ kind: "write", summary: "POST /events", createdAt: new Date(Date.now() - 366 * 24 * 3600 * 1000).toISOString() })
      .run();
    const token = await signIn(CHROME_LINUX, "203.0.113.1");
    expect((await activityOf(token)).map((entry) => entry.summary)).toEqual(["Signed in with the password"]);
  });
});
