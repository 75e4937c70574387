// Issue 22, hostile: reset links reused, expired or altered; codes guessed; a device cookie of another account; account
// enumeration by text or timing; a signed-out token replayed. Real HTTP handling, a real SQLite file, the real SMTP server.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { users } from "@db/schema.ts";
import { FORGOT_ANSWER_MS } from "@server/modules/auth/mail-steps.ts";
import { setPassword } from "@server/modules/auth/service.ts";
import { eq } from "drizzle-orm";
import { createTestApp, type MailWorker, TEST_PASSWORD, type TestApp } from "../support/app.ts";
import { createAuthenticator } from "../support/authenticator.ts";
import { type SmtpServer, startSmtpServer } from "../support/smtp.ts";
import { figure, percentile } from "./support.ts";

setDefaultTimeout(60_000);
const MAIL_ENV = {
  MAIL_FROM: "Site <site@example.org>",
  NOTIFY_EMAIL: "teacher@example.org",
  SITE_URL: "https://yoga.example.org",
  ADMIN_EMAIL: "teacher@example.org",
};

let smtp: SmtpServer;
let t: TestApp;
let worker: MailWorker;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, ...MAIL_ENV }, now });
  worker = t.mailWorker();
});
afterAll(async () => {
  await worker.stop();
  t.cleanup();
  await smtp.close();
});

const post = (path: string, body: unknown, options: { ip?: string; headers?: Record<string, string>; token?: string } = {}) =>
  t.request("POST", path, { body, ...options });
const lastMail = async () => {
  await worker.drain();
  return smtp.received.at(-1)!;
};
const resetLink = async (ip: string) => {
  expect((await post("/api/auth/forgot-password", { login: "admin" }, { ip })).status).toBe(200);
  return /reset-password#([\w-]+)/.exec((await lastMail()).text!)![1]!;
};
const codeOf = async () => /\b(\d{6})\b/.exec((await lastMail()).text!)![1]!;

describe("reset links", () => {
  test("reused, expired or altered: refused, and the password stays", async () => {
    const link = await resetLink("203.0.113.10");
    const altered = [`${link.slice(0, -2)}${link.endsWith("AA") ? "BB" : "AA"}`, link.slice(1), `${link}x`, "", link.toUpperCase()];
    for (const token of altered) {
      const response = await post("/api/auth/reset-password", { token, newPassword: "attacker-password" }, { ip: "203.0.113.11" });
      expect(`${token.slice(0, 6)} ${response.status}`).toBe(`${token.slice(0, 6)} 400`);
    }
    expect((await post("/api/auth/reset-password", { token: link, newPassword: "first-use-password" })).status).toBe(200);
    expect((await post("/api/auth/reset-password", { token: link, newPassword: "second-use-password" })).status).toBe(400);
    const expired = await resetLink("203.0.113.12");
    offsetMs = 30 * 60_000 + 1000;
    expect((await post("/api/auth/reset-password", { token: expired, newPassword: "late-password" })).status).toBe(400);
    offsetMs = 0;
    // Only the one use took: the password is first-use-password.
    await setPassword(t.db, "admin", TEST_PASSWORD);
  });
});

describe("codes", () => {
  test("guessed: 5 tries, then refused even when right; the guesses come from another address too", async () => {
    const first = (await (await post("/api/admin/login", { username: "admin", password: TEST_PASSWORD })).json()) as { ticket: string };
    const code = await codeOf();
    const guesses = ["000000", "123456", "999999", "111111", "654321", "222222"].filter((guess) => guess !== code).slice(0, 5);
    for (const [i, guess] of guesses.entries()) {
      const response = await post("/api/admin/login", { ticket: first.ticket, code: guess }, { ip: `198.51.100.${i}` });
      expect(response.status).toBe(400);
    }
    const right = await post("/api/admin/login", { ticket: first.ticket, code });
    expect(right.status).toBe(400);
    expect(await right.text()).not.toContain("token");
    // A made-up ticket is no ticket.
    expect((await post("/api/admin/login", { ticket: "made-up-ticket", code })).status).toBe(400);
  });
});

describe("device cookies", () => {
  test("a device cookie of another account does not spare the admin the code", async () => {
    await setPassword(t.db, "other", "other-password");
    t.db.update(users).set({ email: "other@example.org" }).where(eq(users.username, "other")).run();
    const other = await post("/api/admin/login", { username: "other", password: "other-password" });
    const ticket = ((await other.json()) as { ticket: string }).ticket;
    const signedIn = await post("/api/admin/login", { ticket, code: await codeOf() });
    const cookie = /^(vedanta_device=[^;]+)/.exec(signedIn.headers.get("set-cookie")!)![1]!;
    // The other account's browser is known: its own next sign-in needs no code.
    expect(
      (
        (await (await post("/api/admin/login", { username: "other", password: "other-password" }, { headers: { cookie } })).json()) as {
          token?: string;
        }
      ).token,
    ).toBeTruthy();
    const admin = (await (await post("/api/admin/login", { username: "admin", password: TEST_PASSWORD }, { headers: { cookie } })).json()) as {
      codeRequired?: boolean;
    };
    expect(admin.codeRequired).toBe(true);
  });
});

describe("enumeration", () => {
  test("'Forgot password?' answers the same text, in the same time band, for a known and an unknown account", async () => {
    const times: Record<"known" | "unknown", number[]> = { known: [], unknown: [] };
    const bodies = new Set<string>();
    // Ten of each, taken in turns: one slow answer on a busy machine moves no median.
    for (let i = 0; i < 10; i++) {
      for (const [kind, login] of [
        ["known", "admin"],
        ["unknown", `nobody-${i}`],
      ] as const) {
        const started = performance.now();
        const response = await post("/api/auth/forgot-password", { login }, { ip: `192.0.2.${i * 2 + (kind === "known" ? 0 : 1)}` });
        times[kind].push(performance.now() - started);
        bodies.add(`${response.status} ${await response.text()}`);
      }
    }
    expect([...bodies]).toEqual(['200 {"message":"If that account exists, a link is on its way."}']);
    const median = (values: number[]) => percentile(values, 50);
    figure("forgot-password answers (ms, median)", `known ${median(times.known).toFixed(0)}, unknown ${median(times.unknown).toFixed(0)}`);
    for (const value of [...times.known, ...times.unknown]) expect(value).toBeGreaterThanOrEqual(FORGOT_ANSWER_MS - 1);
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(50);
  });

  test("the login answers an unknown user and a wrong password alike", async () => {
    const unknown = await post("/api/admin/login", { username: "root", password: "guess" }, { ip: "192.0.2.200" });
    const wrong = await post("/api/admin/login", { username: "admin", password: "guess" }, { ip: "192.0.2.201" });
    expect([unknown.status, await unknown.text()]).toEqual([wrong.status, await wrong.text()]);
  });
});

describe("passkey assertions", () => {
  // A replayed and a forged assertion made by a real authenticator: tests/e2e/passkeys.e2e.test.ts (Chromium's).
  test("made up, malformed or of an unknown credential: refused without a token, never a 500", async () => {
    const options = (await (await post("/api/auth/passkey-options", {})).json()) as { challenge: string; rpId: string };
    expect(options.rpId).toBe("yoga.example.org");
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin: "https://yoga.example.org" }),
    ).toString("base64url");
    const assertions: unknown[] = [
      {
        id: "unknown-credential",
        rawId: "unknown-credential",
        type: "public-key",
        response: { clientDataJSON, authenticatorData: "AA", signature: "AA" },
      },
      { id: "x" },
      { id: 5 },
      "passkey",
      null,
      { id: "x".repeat(5000), response: "nope" },
    ];
    for (const passkey of assertions) {
      const response = await post("/api/admin/login", { passkey }, { ip: "203.0.113.77" });
      expect([400, 401]).toContain(response.status);
      expect(await response.text()).not.toContain("token");
    }
  });

  // Issue 37 item 12: a passkey signs in, and is a proof, only when its authenticator verified the user (a PIN, a face).
  test("an assertion without user verification neither signs in nor confirms it's you; with it, it does", async () => {
    const token = await t.login();
    const authenticator = createAuthenticator(t.config.siteUrl);
    const registration = (await (await post("/api/admin/passkeys/options", {}, { token })).json()) as {
      challenge: string;
      authenticatorSelection: unknown;
    };
    expect(registration.authenticatorSelection).toMatchObject({ userVerification: "required" });
    expect((await post("/api/admin/passkeys", { name: "Key", response: authenticator.register(registration) }, { token })).status).toBe(201);
    const withPasskey = async (path: string, userVerified: boolean) => {
      const options = await post("/api/auth/passkey-options", {}, { ip: "203.0.113.78" });
      const cookie = /(vedanta_passkey=[^;]+)/.exec(options.headers.get("set-cookie") ?? "")![1]!;
      const challenge = (await options.json()) as { challenge: string; userVerification: string };
      expect(challenge.userVerification).toBe("required");
      const passkey = authenticator.assert(challenge, { userVerified });
      return post(path, { passkey }, { ip: "203.0.113.78", token: path === "/api/admin/confirm" ? token : undefined, headers: { cookie } });
    };
    expect((await withPasskey("/api/admin/login", false)).status).toBe(401);
    expect([400, 401]).toContain((await withPasskey("/api/admin/confirm", false)).status);
    expect((await withPasskey("/api/admin/login", true)).status).toBe(200);
    expect((await withPasskey("/api/admin/confirm", true)).status).toBe(200);
  });
});

describe("signed-out tokens", () => {
  test("a token replayed after its device was signed out, after Logout and after 'Sign out everywhere' is 401", async () => {
    await setPassword(t.db, "admin", TEST_PASSWORD);
    const signIn = async () => {
      const first = (await (await post("/api/admin/login", { username: "admin", password: TEST_PASSWORD }, { ip: "203.0.113.50" })).json()) as {
        ticket: string;
      };
      return ((await (await post("/api/admin/login", { ticket: first.ticket, code: await codeOf() })).json()) as { token: string }).token;
    };
    const [a, b] = [await signIn(), await signIn()];
    const call = async (token: string) => (await t.api({ token }).admin.messages.get()).status;
    const devices = (await t.api({ token: a }).admin.sessions.get()).data ?? [];
    await t
      .api({ token: a })
      .admin.sessions({ id: devices.find((device) => !device.current)!.id })
      .delete();
    expect(await call(b)).toBe(401);
    const c = await signIn();
    await post("/api/auth/logout", {}, { token: c });
    expect(await call(c)).toBe(401);
    await post("/api/auth/sign-out-everywhere", {}, { token: a });
    expect(await call(a)).toBe(401);
    // Replayed to the open sign-out routes, to every admin write: still 401, nothing done.
    expect((await post("/api/auth/sign-out-everywhere", {}, { token: a })).status).toBe(401);
    // Raw: an empty body, which the types refuse, still meets the guard first.
    expect((await t.request("POST", "/api/admin/classes", { token: a, body: {} })).status).toBe(401);
  });
});
