// Issue 30 item 6: account mail (codes, reset links, security notices) goes before every newsletter or notice queued
// earlier. A newsletter to 600 readers at the default MAIL_PER_MINUTE (60) is 10 minutes of mail; a code asked for in
// the middle of it is the next mail sent. The real worker loop, real HTTP, the real SMTP server.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { outbox, subscribers } from "@db/schema.ts";
import { createTestApp, type MailWorker, TEST_PASSWORD, type TestApp } from "@tests/support/app.ts";
import { type SmtpServer, startSmtpServer } from "@tests/support/smtp.ts";
import { and, eq } from "drizzle-orm";

const READERS = 600;
let smtp: SmtpServer;
let t: TestApp;
let worker: MailWorker;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Vedanta & Yoga <hello@example.org>",
      NOTIFY_EMAIL: "teacher@example.org",
      ADMIN_EMAIL: "teacher@example.org",
    },
  });
  worker = t.mailWorker();
  t.db
    .insert(subscribers)
    .values(Array.from({ length: READERS }, (_, i) => ({ email: `reader${i}@example.org`, state: "confirmed" as const })))
    .run();
});
afterAll(async () => {
  await worker.stop();
  t.cleanup();
  await smtp.close();
});

const newslettersWaiting = () =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, "newsletter"), eq(outbox.state, "waiting")))
    .all().length;

describe("the outbox's order", () => {
  test("a sign-in code and a reset link asked for behind 600 newsletter mails are the next mails sent", async () => {
    const token = await t.login();
    const sent = await t.api({ token }).admin.newsletters.post({ subject: "Spring letter", body: "<p>Spring.</p>" });
    expect(sent.data).toMatchObject({ message: `The newsletter is on its way to ${READERS} subscribers.` });
    worker.start();
    await smtp.waitFor(1);

    const before = smtp.received.length;
    const first = await t.api().admin.login.post({ username: "admin", password: TEST_PASSWORD });
    expect(first.data).toEqual({ codeRequired: true, ticket: expect.any(String) });
    expect((await t.api().auth["forgot-password"].post({ login: "admin" })).status).toBe(200);
    // At 60 a minute they are due within seconds (a newsletter mail already on its way may go first); behind the
    // newsletter they would be 10 minutes away.
    const subjects = async () => {
      const deadline = Date.now() + 6_000;
      while (Date.now() < deadline) {
        const after = smtp.received.slice(before).map((mail) => mail.subject);
        if (after.includes("Your sign-in code") && after.includes("Set a new password")) return after;
        await Bun.sleep(50);
      }
      return smtp.received.slice(before).map((mail) => mail.subject);
    };
    const after = await subjects();
    expect(after.indexOf("Your sign-in code")).toBeWithin(0, 2);
    expect(after.indexOf("Set a new password")).toBeWithin(0, 3);
    expect(newslettersWaiting()).toBeGreaterThan(READERS - 6);
  }, 30_000);
});
