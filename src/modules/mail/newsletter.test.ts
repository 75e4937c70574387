// Newsletters (issue 15, items 5 and 6): one message per confirmed subscriber, with one-click unsubscribe headers.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { newsletters, type OutboxRow, outbox, subscribers } from "@db/schema.ts";
import { answerOf, createTestApp, type MailWorker, type TestApp } from "@tests/support/app.ts";
import { type SmtpServer, startSmtpServer } from "@tests/support/smtp.ts";
import { eq, sql } from "drizzle-orm";
import { render } from "react-email";
import { createComposer } from "./compose.tsx";
import { Newsletter } from "./templates/newsletter.tsx";

let smtp: SmtpServer;
let t: TestApp;
let worker: MailWorker;
let token: string;
const SITE_URL = "http://localhost";
const CONFIRMED = ["ann@example.org", "bo@example.org", "cy@example.org"];

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Vedanta & Yoga <hello@example.org>",
      NOTIFY_EMAIL: "teacher@example.org",
      ADMIN_EMAIL: "owner@example.org",
      SITE_URL,
    },
  });
  worker = t.mailWorker();
  token = await t.login();
  t.db
    .insert(subscribers)
    .values([
      ...CONFIRMED.map((email) => ({ email, state: "confirmed" as const })),
      { email: "pending@example.org", state: "pending" },
      { email: "gone@example.org", state: "unsubscribed" },
    ])
    .run();
});
afterAll(async () => {
  await worker.stop();
  t.cleanup();
  await smtp.close();
});

const newsletter = { subject: "Spring retreat", body: '<p>Join us in <strong>April</strong>.</p><script>alert("x")</script>' };
const listed = async () => (await t.api({ token }).admin.newsletters.get()).data ?? [];
/** The message's header lines, unfolded. */
const headersOf = (raw: string) => raw.split("\r\n\r\n")[0]!.replace(/\r\n[ \t]+/g, " ");

describe("newsletter", () => {
  test("a test copy goes to the account's own e-mail only (issue 38), without unsubscribe headers", async () => {
    const seen = smtp.received.length;
    const answer = await t.api({ token }).admin.newsletters.test.post(newsletter);
    expect(answer.status).toBe(201);
    expect(answer.data).toEqual({ success: true, message: "A test copy to owner@example.org is on its way." });
    await worker.drain();
    const copy = (await smtp.waitFor(seen + 1)).slice(seen).find((mail) => mail.subject === "Spring retreat");
    expect(copy!.envelopeTo).toEqual(["owner@example.org"]);
    expect(copy!.subject).toBe("Spring retreat");
    expect(headersOf(copy!.raw)).not.toContain("List-Unsubscribe");
    expect(await listed()).toEqual([]);
  });

  test("3 confirmed, 1 pending and 1 unsubscribed subscribers: 3 messages, each to one address, with one-click unsubscribe", async () => {
    const answer = await t.api({ token }).admin.newsletters.post(newsletter);
    expect(answer.status).toBe(201);
    expect(answer.data).toMatchObject({ success: true, message: "The newsletter is on its way to 3 subscribers." });
    expect((await listed())[0]).toMatchObject({ subject: "Spring retreat", recipients: 3, sent: 0, failed: 0, waiting: 3 });

    await worker.drain();
    const mails = (await smtp.waitFor(4)).slice(1);
    expect(mails.map((mail) => mail.envelopeTo).sort()).toEqual(CONFIRMED.map((email) => [email]));
    for (const mail of mails) {
      const [address] = mail.envelopeTo;
      expect(mail.to).toMatchObject({ value: [{ address }] });
      expect(mail.html).toContain("<strong>April</strong>");
      expect(mail.html).not.toContain("<script");
      const id = t.db.select().from(subscribers).where(eq(subscribers.email, address!)).get()!.id;
      const link = new RegExp(`${SITE_URL}/api/newsletter/unsubscribe\\?id=${id}&token=[\\w-]+`).exec(mail.text ?? "")?.[0];
      expect(link).toBeDefined();
      const headers = headersOf(mail.raw);
      expect(headers).toContain(`List-Unsubscribe: <${link}>, <mailto:hello@example.org?subject=unsubscribe>`);
      expect(headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    }
    expect((await listed())[0]).toMatchObject({ recipients: 3, sent: 3, failed: 0, waiting: 0 });

    const first = mails.find((mail) => mail.envelopeTo[0] === "ann@example.org")!;
    const link = /<(http[^>]+)>/.exec(headersOf(first.raw).match(/List-Unsubscribe: [^\r\n]+/)![0])![1]!;
    // Raw: the one-click POST is form-encoded, as a mail client sends it.
    const oneClick = await t.request("POST", link.slice(SITE_URL.length), {
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain("You are unsubscribed");
    expect(t.db.select().from(subscribers).where(eq(subscribers.email, "ann@example.org")).get()!.state).toBe("unsubscribed");
  });

  test("an address that unsubscribes while the newsletter waits gets nothing; the list counts it as failed", async () => {
    const answer = await t.api({ token }).admin.newsletters.post({ subject: "Summer", body: "<p>Summer classes</p>" });
    expect(answer.data).toMatchObject({ message: "The newsletter is on its way to 2 subscribers." });
    t.db.update(subscribers).set({ state: "unsubscribed" }).where(eq(subscribers.email, "bo@example.org")).run();
    await worker.drain();
    const mails = (await smtp.waitFor(5)).slice(4);
    expect(mails.map((mail) => mail.envelopeTo)).toEqual([["cy@example.org"]]);
    const skipped = t.db.select().from(outbox).where(eq(outbox.recipient, "bo@example.org")).all().at(-1)!;
    expect(skipped).toMatchObject({ state: "failed", lastAnswer: "Not sent: the address unsubscribed" });
    const [summer, spring] = await listed();
    expect(summer).toMatchObject({ subject: "Summer", recipients: 2, sent: 1, failed: 1, waiting: 0 });
    expect(spring).toMatchObject({ subject: "Spring retreat", sent: 3 });
  });

  test("each reader's copy is the newsletter rendered with that reader's own unsubscribe link", async () => {
    const options = { mail: t.config.mail!, siteUrl: SITE_URL, timezone: t.config.timezone, now: new Date() };
    const site = { siteName: "Vedanta & Yoga", siteUrl: SITE_URL };
    const composeMail = createComposer((id) => (id === 7 ? newsletter.body : undefined));
    for (const [id, email, token] of [
      [1, "ann@example.org", "a-b_1"],
      [2, "o'hara@example.org", `c'd"<e>`],
    ] as const) {
      const reader = { id, email, unsubscribeUrl: `${SITE_URL}/api/newsletter/unsubscribe?id=${id}&token=${token}` };
      const createdAt = new Date().toISOString();
      const row: OutboxRow = {
        id,
        kind: "newsletter",
        recipient: email,
        subject: "Spring retreat",
        data: { newsletterId: 7, subscriber: reader },
        sealed: null,
        priority: 0,
        newsletterId: 7,
        state: "sending",
        attempts: 1,
        lastAnswer: null,
        nextAttemptAt: createdAt,
        createdAt,
        sentAt: null,
      };
      const copy = await composeMail(row, options);
      const own = Newsletter({ site, subject: "Spring retreat", body: newsletter.body, reader });
      expect(copy.html).toBe(await render(own));
      expect(copy.text).toBe(await render(own, { plainText: true }));
    }
  });

  test("a newsletter's outbox rows hold only each reader's part; every reader receives the whole 50 KB body", async () => {
    const readers = Array.from({ length: 20 }, (_, i) => `reader${i}@example.org`);
    t.db
      .insert(subscribers)
      .values(readers.map((email) => ({ email, state: "confirmed" as const })))
      .run();
    const confirmed = t.db.select().from(subscribers).where(eq(subscribers.state, "confirmed")).all().length;
    const paragraphs = Array.from({ length: 800 }, (_, i) => `<p>Paragraph ${i} of the long letter: breath, stillness and study.</p>`);
    const answer = await t.api({ token }).admin.newsletters.post({ subject: "A long letter", body: paragraphs.join("") });
    expect(answer.data).toMatchObject({ message: `The newsletter is on its way to ${confirmed} subscribers.` });
    const { id, body } = t.db.select().from(newsletters).where(eq(newsletters.subject, "A long letter")).get()!;
    expect(body.length).toBeGreaterThan(50_000);

    const rows = t.db
      .select({ bytes: sql<number>`length(cast(${outbox.data} as blob))`, data: outbox.data })
      .from(outbox)
      .where(eq(outbox.newsletterId, id))
      .all();
    expect(rows).toHaveLength(confirmed);
    for (const row of rows) {
      expect(row.bytes).toBeLessThan(1024);
      expect(Object.keys(row.data).sort()).toEqual(["newsletterId", "subscriber"]);
    }

    const before = smtp.received.length;
    await worker.drain();
    const mails = (await smtp.waitFor(before + confirmed)).slice(before);
    expect(mails.map((mail) => mail.envelopeTo[0]).sort()).toEqual(rows.map((row) => (row.data.subscriber as { email: string }).email).sort());
    for (const mail of mails) {
      expect(mail.subject).toBe("A long letter");
      expect(mail.html).toContain(body);
      expect(mail.text).toContain("Paragraph 799 of the long letter");
    }
  });

  test("a row queued by an older version, with the body in its data, still sends that body", async () => {
    const { id: newsletterId } = t.db.select().from(newsletters).where(eq(newsletters.subject, "A long letter")).get()!;
    const reader = t.db.select().from(subscribers).where(eq(subscribers.email, "cy@example.org")).get()!;
    const unsubscribeUrl = `${SITE_URL}/api/newsletter/unsubscribe?id=${reader.id}&token=queued-before`;
    t.db
      .insert(outbox)
      .values({
        kind: "newsletter",
        recipient: reader.email,
        subject: "Queued before the upgrade",
        data: { newsletterId, body: "<p>Sent from the row itself.</p>", subscriber: { id: reader.id, email: reader.email, unsubscribeUrl } },
        newsletterId,
      })
      .run();
    const before = smtp.received.length;
    await worker.drain();
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(mail!.envelopeTo).toEqual(["cy@example.org"]);
    expect(mail!.subject).toBe("Queued before the upgrade");
    expect(mail!.html).toContain("<p>Sent from the row itself.</p>");
    expect(mail!.html).not.toContain("long letter");
    expect(headersOf(mail!.raw)).toContain(`List-Unsubscribe: <${unsubscribeUrl}>`);
    expect(t.db.select().from(outbox).where(eq(outbox.subject, "Queued before the upgrade")).get()).toMatchObject({ state: "sent" });
  });

  test("a newsletter needs a subject and a body", async () => {
    const answer = await t.api({ token }).admin.newsletters.post({ subject: "", body: "<p></p>" });
    expect(answer.status).toBe(400);
    expect(answerOf(answer)).toMatchObject({ error: "Subject is required" });
  });

  test("with mail off, sending is refused", async () => {
    const off = await createTestApp();
    try {
      const offToken = await off.login();
      for (const path of ["/api/admin/newsletters", "/api/admin/newsletters/test"]) {
        const answer = await off.request("POST", path, { token: offToken, body: newsletter });
        expect(answer.status).toBe(400);
        expect(await answer.json()).toMatchObject({ error: "Mail is off: set SMTP_URL and MAIL_FROM to send a newsletter." });
      }
    } finally {
      off.cleanup();
    }
  });
});
