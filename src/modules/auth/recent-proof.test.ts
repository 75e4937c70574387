// Issue 30 item 2: a stolen session cannot become a backdoor. The account e-mail, passkeys and the password change only
// with a proof (the password or a passkey) within 10 minutes; a new e-mail takes effect when its link is opened, the old
// address told; account mail goes to the account's confirmed address only; 'Also remove all passkeys'.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, setDefaultTimeout, test } from "bun:test";
import { passkeys, profile } from "@db/schema.ts";
import { answerOf, createTestApp, type MailWorker, TEST_PASSWORD, type TestApp } from "@tests/support/app.ts";
import { type SmtpServer, startSmtpServer } from "@tests/support/smtp.ts";
import { LINK_INVALID } from "./mail-steps.ts";
import { PROOF_REQUIRED } from "./service.ts";

const MAIL_ENV = {
  MAIL_FROM: "Vedanta & Yoga <hello@example.org>",
  NOTIFY_EMAIL: "teacher@example.org",
  SITE_URL: "https://yoga.example.org",
  ADMIN_EMAIL: "owner@example.org",
};
const ELEVEN_MINUTES = 11 * 60_000;

setDefaultTimeout(30_000);

let smtp: SmtpServer;
let t: TestApp;
let worker: MailWorker;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());
const start = async (env: Record<string, string>) => {
  offsetMs = 0;
  smtp.received.length = 0;
  t = await createTestApp({ env: { SMTP_URL: smtp.url, ...env }, now });
  worker = t.mailWorker();
};
afterEach(async () => {
  await worker.stop();
  t.cleanup();
});

const delivered = async () => {
  await worker.drain();
  return smtp.received.map((mail) => ({ to: mail.envelopeTo[0], subject: mail.subject, text: mail.text ?? "" }));
};
const addPasskeyRow = () =>
  t.db.insert(passkeys).values({ id: "key-1", userId: 1, name: "Laptop", publicKey: "AA", createdAt: now().toISOString() }).run();

/** Every sensitive call a stolen token could try, each with a body that passes validation. */
const sensitiveCalls = (token: string) => [
  () => t.api({ token }).admin.passkeys.options.post({}),
  () => t.api({ token }).admin.passkeys.post({ name: "Thief", response: { id: "forged" } }),
  () => t.api({ token }).admin.passkeys({ id: "key-1" }).delete(),
  () => t.api({ token }).admin.account.patch({ email: "thief@example.org" }),
  () => t.api({ token }).admin["reset-password"].post({ username: "admin", currentPassword: TEST_PASSWORD, newPassword: "thief-password" }),
  () => t.api({ token }).auth["sign-out-everywhere"].post({ removePasskeys: true }),
];

describe("a recent proof", () => {
  beforeEach(() => start(MAIL_ENV));

  test("a stolen token without a proof in the last 10 minutes changes nothing sensitive; the password again lets it", async () => {
    addPasskeyRow();
    const token = await t.login();
    offsetMs = ELEVEN_MINUTES;
    smtp.received.length = 0;
    for (const call of sensitiveCalls(token)) {
      const answer = await call();
      expect(answer.status).toBe(403);
      expect(answerOf(answer)).toEqual({ error: PROOF_REQUIRED, proofRequired: true });
    }
    // Nothing changed: the passkey, the address, the password, the session.
    expect(t.db.select().from(passkeys).all()).toHaveLength(1);
    expect((await t.api({ token }).admin.account.get()).data).toMatchObject({ email: "owner@example.org", pendingEmail: null });
    expect((await t.api().admin.login.post({ username: "admin", password: "thief-password" })).status).toBe(401);
    expect(await delivered()).toEqual([]);

    const wrong = await t.api({ token }).admin.confirm.post({ password: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect(answerOf(wrong)).toEqual({ error: "That password is not right." });
    expect((await t.api({ token }).admin.passkeys.options.post({})).status).toBe(403);

    expect((await t.api({ token }).admin.confirm.post({ password: TEST_PASSWORD })).data).toEqual({ success: true });
    expect((await t.api({ token }).admin.passkeys.options.post({})).status).toBe(200);
    // Past the proof, the forged answer is judged for what it is.
    const forged = await t.api({ token }).admin.passkeys.post({ name: "Thief", response: { id: "forged" } });
    expect(answerOf(forged)).toEqual({ error: "That passkey was not accepted." });
    expect((await t.api({ token }).admin.passkeys({ id: "key-1" }).delete()).status).toBe(204);
    expect((await t.api({ token }).admin.account.patch({ email: "new@example.org" })).data).toMatchObject({
      email: "owner@example.org",
      pendingEmail: "new@example.org",
    });
    const changed = await t
      .api({ token })
      .admin["reset-password"].post({ username: "admin", currentPassword: TEST_PASSWORD, newPassword: "owner-new-password" });
    expect(changed.data).toMatchObject({ success: true, message: "Password updated successfully" });

    // The password change proved it again; that proof too lasts 10 minutes.
    offsetMs += ELEVEN_MINUTES;
    expect((await t.api({ token: changed.data?.token }).admin.passkeys.options.post({})).status).toBe(403);
  });

  test("a sign-in is a proof", async () => {
    const token = await t.login();
    expect((await t.api({ token }).admin.passkeys.options.post({})).status).toBe(200);
    offsetMs = 9 * 60_000;
    expect((await t.api({ token }).admin.account.patch({ email: "new@example.org" })).data).toMatchObject({
      pendingEmail: "new@example.org",
    });
  });
});

describe("a new account e-mail", () => {
  beforeEach(() => start(MAIL_ENV));

  test("takes effect only when its mailed link is opened; the old address is told", async () => {
    const token = await t.login();
    smtp.received.length = 0;
    expect((await t.api({ token }).admin.account.patch({ email: "new@example.org" })).data).toEqual({
      username: "admin",
      email: "owner@example.org",
      pendingEmail: "new@example.org",
      mail: true,
    });
    const mails = await delivered();
    expect(mails.map(({ to, subject }) => [to, subject])).toEqual([
      ["new@example.org", "Confirm your new account e-mail"],
      ["owner@example.org", "A change of the account e-mail to new@example.org was asked for"],
    ]);
    const link = /https:\/\/yoga\.example\.org\/admin\/confirm-email#([\w-]+)/.exec(mails[0]!.text)![1]!;
    expect(JSON.stringify(t.db.$client.query("SELECT * FROM email_changes").all())).not.toContain(link);

    // Until the link is opened, account mail goes to the old address.
    smtp.received.length = 0;
    await t.api().auth["forgot-password"].post({ login: "admin" });
    expect((await delivered()).map(({ to }) => to)).toEqual(["owner@example.org"]);

    const altered = await t.api().auth["confirm-email"].post({ token: `${link.slice(0, -3)}AAA` });
    expect(altered.status).toBe(400);
    expect(answerOf(altered)).toEqual({ error: LINK_INVALID });
    expect((await t.api().auth["confirm-email"].post({ token: link })).data).toEqual({ email: "new@example.org" });
    expect((await t.api({ token }).admin.account.get()).data).toMatchObject({ email: "new@example.org", pendingEmail: null });
    expect((await t.api().auth["confirm-email"].post({ token: link })).status).toBe(400);

    smtp.received.length = 0;
    await t.api().auth["forgot-password"].post({ login: "admin" });
    expect((await delivered()).map(({ to }) => to)).toEqual(["new@example.org"]);
  });

  test("asking again replaces the waiting link; the current address again cancels it", async () => {
    const token = await t.login();
    await t.api({ token }).admin.account.patch({ email: "first@example.org" });
    const first = /confirm-email#([\w-]+)/.exec((await delivered())[0]!.text)![1]!;
    smtp.received.length = 0;
    await t.api({ token }).admin.account.patch({ email: "second@example.org" });
    const second = /confirm-email#([\w-]+)/.exec((await delivered())[0]!.text)![1]!;
    expect((await t.api().auth["confirm-email"].post({ token: first })).status).toBe(400);
    expect((await t.api({ token }).admin.account.patch({ email: "owner@example.org" })).data).toMatchObject({
      email: "owner@example.org",
      pendingEmail: null,
    });
    expect((await t.api().auth["confirm-email"].post({ token: second })).status).toBe(400);
  });

  test("a link expires after 24 hours", async () => {
    const token = await t.login();
    await t.api({ token }).admin.account.patch({ email: "new@example.org" });
    const link = /confirm-email#([\w-]+)/.exec((await delivered())[0]!.text)![1]!;
    offsetMs = 25 * 60 * 60_000;
    expect((await t.api().auth["confirm-email"].post({ token: link })).status).toBe(400);
  });
});

describe("account mail goes only to the account's confirmed address", () => {
  test("never to NOTIFY_EMAIL or the profile's e-mail, which a restore or an import can replace", async () => {
    await start({ ...MAIL_ENV, ADMIN_EMAIL: "" });
    t.db.update(profile).set({ email: "profile@example.org" }).run();
    for (const login of ["admin", "teacher@example.org", "profile@example.org"]) await t.api().auth["forgot-password"].post({ login });
    // A new device: no address to mail a code to, so none is asked; no notice either.
    const first = (await t.api().admin.login.post({ username: "admin", password: TEST_PASSWORD })).data;
    const token = first && "token" in first ? first.token : undefined;
    expect(typeof token).toBe("string");
    expect(await delivered()).toEqual([]);
    expect((await t.api({ token }).admin.account.get()).data).toMatchObject({ email: null });
  });

  test("ADMIN_EMAIL sets it at first start: codes, resets and notices go there", async () => {
    await start(MAIL_ENV);
    t.db.update(profile).set({ email: "profile@example.org" }).run();
    const first = (await t.api().admin.login.post({ username: "admin", password: TEST_PASSWORD })).data;
    expect(first).toMatchObject({ codeRequired: true });
    await t.api().auth["forgot-password"].post({ login: "admin" });
    expect((await delivered()).map(({ to, subject }) => [to, subject])).toEqual([
      ["owner@example.org", "Your sign-in code"],
      ["owner@example.org", "Set a new password"],
    ]);
  });
});

describe("'Also remove all passkeys'", () => {
  beforeEach(() => start(MAIL_ENV));

  test("on a reset by mail", async () => {
    addPasskeyRow();
    await t.api().auth["forgot-password"].post({ login: "admin" });
    const link = /reset-password#([\w-]+)/.exec((await delivered()).at(-1)!.text)![1]!;
    const reset = await t.api().auth["reset-password"].post({ token: link, newPassword: "mailed-new-password", removePasskeys: true });
    expect(reset.status).toBe(200);
    expect(t.db.select().from(passkeys).all()).toEqual([]);
  });

  test("a reset by mail without it keeps them", async () => {
    addPasskeyRow();
    await t.api().auth["forgot-password"].post({ login: "admin" });
    const link = /reset-password#([\w-]+)/.exec((await delivered()).at(-1)!.text)![1]!;
    expect((await t.api().auth["reset-password"].post({ token: link, newPassword: "mailed-new-password" })).status).toBe(200);
    expect(t.db.select().from(passkeys).all()).toHaveLength(1);
  });

  test("on 'Sign out everywhere', from the account area (with a proof) and by a notice's link", async () => {
    addPasskeyRow();
    const token = await t.login();
    expect((await t.api({ token }).auth["sign-out-everywhere"].post({ removePasskeys: true })).status).toBe(200);
    expect(t.db.select().from(passkeys).all()).toEqual([]);
    expect((await t.api({ token }).admin.account.get()).status).toBe(401);

    addPasskeyRow();
    const again = await t.login();
    await t
      .api({ token: again })
      .admin["reset-password"].post({ username: "admin", currentPassword: TEST_PASSWORD, newPassword: "another-password" });
    const link = /sign-out-everywhere#([\w.-]+)/.exec((await delivered()).at(-1)!.text)![1]!;
    expect((await t.api().auth["sign-out-everywhere"].post({ link, removePasskeys: true })).status).toBe(200);
    expect(t.db.select().from(passkeys).all()).toEqual([]);
  });
});
