import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { messages, outbox, profile } from "@db/schema.ts";
import { loadConfig, SettingError } from "@server/config.ts";
import { answerOf, createTestApp, type TestApp } from "@tests/support/app.ts";
import { type SmtpServer, startSmtpServer } from "@tests/support/smtp.ts";
import { count, eq } from "drizzle-orm";

const MAIL_ENV = { MAIL_FROM: "Vedanta & Yoga <hello@example.org>", NOTIFY_EMAIL: "teacher@example.org", SITE_URL: "https://yoga.example.org" };
const contact = { name: "Priya", email: "priya@example.org", subject: "Classes", message: "Are <b>beginners</b> welcome on Mondays?" };

/** A clock the tests move forward, shared by the app and its worker. */
function testClock() {
  let offsetMs = 0;
  return { now: () => new Date(Date.now() + offsetMs), advance: (ms: number) => (offsetMs += ms) };
}

async function mailApp(smtpUrl: string, env: Record<string, string> = {}) {
  const clock = testClock();
  const t = await createTestApp({ env: { SMTP_URL: smtpUrl, ...MAIL_ENV, ...env }, now: clock.now });
  const worker = t.mailWorker();
  return { t, worker, clock, rows: () => t.db.select().from(outbox).all() };
}

describe("mail settings", () => {
  test("SMTP_URL without MAIL_FROM stops the start with a clear message", () => {
    expect(() => loadConfig({ SMTP_URL: "smtp://mail.example.org:587" })).toThrow(
      new SettingError('MAIL_FROM is required with SMTP_URL, e.g. MAIL_FROM="Vedanta & Yoga <hello@example.org>"'),
    );
  });
  test("an SMTP_URL that is not smtp:// or smtps:// is refused", () => {
    expect(() => loadConfig({ SMTP_URL: "mail.example.org", MAIL_FROM: "a@example.org" })).toThrow(SettingError);
  });
  test("SMTP_URL's one option, ?tls=off, is for smtp:// (issue 30); Nodemailer's own options are refused", () => {
    const mail = (url: string) => loadConfig({ SMTP_URL: url, MAIL_FROM: "a@example.org" }).mail;
    expect(mail("smtp://u:p@relay.example.org:587")).toMatchObject({ smtpUrl: "smtp://u:p@relay.example.org:587", tls: true });
    expect(mail("smtp://u:p@127.0.0.1:25?tls=off")).toMatchObject({ smtpUrl: "smtp://u:p@127.0.0.1:25/", tls: false });
    for (const url of ["smtp://h:587?requireTLS=false", "smtp://h:587?ignoreTLS=true", "smtp://h:25?tls=no", "smtps://h:465?tls=off"])
      expect(() => mail(url)).toThrow(
        new SettingError(`SMTP_URL's only option is ?tls=off, for smtp:// to a local relay without TLS; got "${url.slice(url.indexOf("?"))}"`),
      );
  });
  test("defaults: mail off without SMTP_URL; 60 mails a minute; notices to the profile's e-mail", () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(loadConfig({ SMTP_URL: "smtps://u:p@mail.example.org:465", MAIL_FROM: "a@example.org" }).mail).toEqual({
      smtpUrl: "smtps://u:p@mail.example.org:465",
      tls: true,
      from: "a@example.org",
      notifyEmail: undefined,
      perMinute: 60,
    });
    expect(() => loadConfig({ SMTP_URL: "smtp://h:25", MAIL_FROM: "a@example.org", MAIL_PER_MINUTE: "0" })).toThrow(SettingError);
  });
});

describe("mail off (no SMTP_URL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.cleanup());

  test("a contact message and a registration are stored as today, and nothing is queued", async () => {
    expect((await t.api().contact.post(contact)).status).toBe(201);
    expect(t.db.select().from(outbox).all()).toEqual([]);
  });
  test("the Mail card says off, and a test mail is refused", async () => {
    const token = await t.login();
    const state = (await t.api({ token }).admin.mail.get()).data;
    expect(state).toMatchObject({ enabled: false, from: null, lastError: null, recent: [] });
    const test = await t.api({ token }).admin.mail.test.post();
    expect(test.status).toBe(400);
    expect(answerOf(test)).toEqual({ error: "Mail is off: set SMTP_URL and MAIL_FROM to send mail." });
  });
});

describe("notices and confirmations", () => {
  let smtp: SmtpServer;
  let app: Awaited<ReturnType<typeof mailApp>>;
  let token: string;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await mailApp(smtp.url);
    token = await app.t.login();
  });
  afterAll(async () => {
    await app.worker.stop();
    app.t.cleanup();
    await smtp.close();
  });

  test("a contact message notifies the teacher: Reply-To the visitor, their subject, their HTML as text", async () => {
    expect((await app.t.api({ ip: "10.0.0.1" }).contact.post(contact)).status).toBe(201);
    expect(app.rows()).toMatchObject([{ kind: "contact-notice", recipient: "teacher@example.org", state: "waiting" }]);
    await app.worker.drain();
    const [mail] = smtp.received;
    expect(mail!.envelopeTo).toEqual(["teacher@example.org"]);
    expect(mail!.from!.text).toBe('"Vedanta & Yoga" <hello@example.org>');
    expect(mail!.replyTo!.value).toEqual([{ name: "Priya", address: "priya@example.org" }]);
    expect(mail!.subject).toBe("Contact form: Classes");
    expect(mail!.html).toContain("Are &lt;b&gt;beginners&lt;/b&gt; welcome on Mondays?");
    expect(mail!.html).not.toContain("<b>beginners");
    expect(mail!.text).toContain("Are <b>beginners</b> welcome on Mondays?");
    expect(app.rows()[0]).toMatchObject({ state: "sent", attempts: 1 });
  });

  test("CR/LF in any field never adds a header or a recipient", async () => {
    smtp.received.length = 0;
    const hostile = {
      name: "Eve\r\nBcc: victim@example.net",
      email: "eve@example.org",
      subject: "Hi\r\nBcc: victim@example.net\r\nX-Injected: yes",
      message: "Hello there\r\n\r\nBcc: victim@example.net",
    };
    expect((await app.t.api({ ip: "10.0.0.2" }).contact.post(hostile)).status).toBe(201);
    await app.worker.drain();
    const [mail] = smtp.received;
    expect(mail!.envelopeTo).toEqual(["teacher@example.org"]);
    expect(mail!.bcc).toBeUndefined();
    expect(mail!.headers.has("x-injected")).toBe(false);
    expect(mail!.subject).toBe("Contact form: Hi Bcc: victim@example.net X-Injected: yes");
    expect(mail!.replyTo!.value).toEqual([{ name: "Eve Bcc: victim@example.net", address: "eve@example.org" }]);
    const header = mail!.raw.slice(0, mail!.raw.indexOf("\r\n\r\n"));
    expect(header).not.toMatch(/^Bcc:/im);
    expect(header).not.toMatch(/^X-Injected:/im);
  });

  test("a registration notifies the teacher and confirms to the registrant with the event and an .ics", async () => {
    smtp.received.length = 0;
    const created = await app.t.api({ token }).admin.events.post({
      name: "Satsang Evening",
      type: "Satsang",
      startDate: "2099-03-05",
      time: "7:00 PM - 8:30 PM",
      location: "12 Temple Road, Melbourne",
      description: "<p>Chanting and <strong>silence</strong>.</p>",
    });
    const event = created.data!;
    const registration = { name: "Ravi", email: "ravi@example.org", phone: "0400 111 222", additionalInfo: "Vegetarian meal please" };
    expect((await app.t.api({ ip: "10.0.0.3" }).events({ id: event.id }).registrations.post(registration)).status).toBe(201);
    await app.worker.drain();
    const notice = smtp.received.find((mail) => mail.envelopeTo[0] === "teacher@example.org")!;
    expect(notice.subject).toBe("New registration: Satsang Evening");
    expect(notice.replyTo!.value).toEqual([{ name: "Ravi", address: "ravi@example.org" }]);
    for (const part of ["Ravi", "ravi@example.org", "0400 111 222", "Vegetarian meal please", "Satsang Evening", "March 5, 2099"]) {
      expect(notice.text).toContain(part);
      expect(notice.html).toContain(part);
    }

    const confirmation = smtp.received.find((mail) => mail.envelopeTo[0] === "ravi@example.org")!;
    expect(confirmation.subject).toBe("You're registered: Satsang Evening");
    for (const part of ["Satsang Evening", "March 5, 2099", "7:00 PM - 8:30 PM", "12 Temple Road, Melbourne", "Chanting and"]) {
      expect(confirmation.text).toContain(part);
    }
    expect(confirmation.html).toContain("<strong>silence</strong>");
    expect(confirmation.html).toContain(`href="https://yoga.example.org/?event=${event.id}"`);
    expect(confirmation.text).toContain(`https://yoga.example.org/?event=${event.id}`);
    const [ics] = confirmation.attachments;
    expect(ics!.filename).toBe("satsang-evening.ics");
    expect(ics!.contentType).toBe("text/calendar");
    const calendar = ics!.content.toString("utf8");
    expect(calendar).toContain("SUMMARY:Satsang Evening");
    expect(calendar).toContain(`UID:event-${event.id}@yoga.example.org`);
    expect(calendar).toContain("DTSTART;TZID=Australia/Melbourne:20990305T190000");
  });

  test("the Mail card shows the state and the recent rows; 'Send a test mail' reaches the teacher", async () => {
    smtp.received.length = 0;
    const sent = await app.t.api({ token }).admin.mail.test.post();
    expect(sent.status).toBe(201);
    expect(sent.data).toEqual({ success: true, message: "A test mail to teacher@example.org is on its way." });
    await app.worker.drain();
    expect(smtp.received[0]!.subject).toBe("Test mail from the site");
    const state = (await app.t.api({ token }).admin.mail.get()).data!;
    expect(state).toMatchObject({ enabled: true, from: "Vedanta & Yoga <hello@example.org>", notifyEmail: "teacher@example.org", lastError: null });
    expect(state.recent[0]).toMatchObject({ recipient: "teacher@example.org", subject: "Test mail from the site", state: "sent", attempts: 1 });
    expect(state.recent[0]?.lastAnswer).toMatch(/^250 /);
    expect((await app.t.api().admin.mail.get()).status).toBe(401);
  });
});

describe("failures and retries", () => {
  let smtp: SmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(() => smtp.close());

  const withApp = async (smtpUrl: string, run: (app: Awaited<ReturnType<typeof mailApp>>) => Promise<void>) => {
    const app = await mailApp(smtpUrl);
    try {
      await run(app);
    } finally {
      await app.worker.stop();
      app.t.cleanup();
    }
  };

  test("a temporary failure (451) is retried within 30 s, then sent", () =>
    withApp(smtp.url, async ({ t, worker, clock, rows }) => {
      smtp.received.length = 0;
      smtp.reject(451, "Try again later");
      await t.api().contact.post(contact);
      await worker.drain();
      const [row] = rows();
      expect(row).toMatchObject({ state: "waiting", attempts: 1 });
      expect(row!.lastAnswer).toContain("451 Try again later");
      expect(Date.parse(row!.nextAttemptAt) - clock.now().getTime()).toBeLessThanOrEqual(30_000);
      const token = await t.login();
      const state = (await t.api({ token }).admin.mail.get()).data!;
      expect(state.lastError?.answer).toContain("451 Try again later");
      await worker.drain();
      expect(smtp.received).toHaveLength(0);
      clock.advance(30_000);
      await worker.drain();
      expect(rows()[0]).toMatchObject({ state: "sent", attempts: 2 });
      expect(smtp.received).toHaveLength(1);
    }));

  test("a permanent failure (550) is marked failed with the server's answer, never retried", () =>
    withApp(smtp.url, async ({ t, worker, clock, rows }) => {
      smtp.reject(550, "Mailbox unavailable");
      await t.api().contact.post(contact);
      await worker.drain();
      expect(rows()[0]).toMatchObject({ state: "failed", attempts: 1 });
      expect(rows()[0]!.lastAnswer).toContain("550 Mailbox unavailable");
      clock.advance(3_600_000);
      await worker.drain();
      expect(rows()[0]!.attempts).toBe(1);
    }));

  test("a refused connection is retried with a growing backoff and given up after about a day", async () => {
    const closed = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
    const port = closed.port;
    closed.stop(true);
    await withApp(`smtp://127.0.0.1:${port}`, async ({ t, worker, clock, rows }) => {
      await t.api().contact.post(contact);
      const waits: number[] = [];
      for (let i = 0; i < 40 && rows()[0]!.state === "waiting"; i++) {
        await worker.drain();
        const row = rows()[0]!;
        if (row.state !== "waiting") break;
        const wait = Date.parse(row.nextAttemptAt) - clock.now().getTime();
        waits.push(wait);
        clock.advance(wait);
      }
      const row = rows()[0]!;
      expect(row.state).toBe("failed");
      expect(row.lastAnswer).toMatch(/^Gave up after 24 hours: .*ECONNREFUSED/);
      expect(waits[0]).toBeLessThanOrEqual(30_000);
      expect(waits[1]).toBeGreaterThan(waits[0]!);
      const total = waits.reduce((sum, wait) => sum + wait, 0);
      expect(total).toBeGreaterThan(20 * 3_600_000);
      expect(total).toBeLessThanOrEqual(24 * 3_600_000);
    });
  });

  test("a contact message and its notice are stored together or not at all", () =>
    withApp(smtp.url, async ({ t }) => {
      t.db.$client.exec("DROP TABLE outbox");
      expect((await t.api().contact.post(contact)).status).toBe(500);
      expect(t.db.select({ n: count() }).from(messages).get()!.n).toBe(0);
    }));

  test("without NOTIFY_EMAIL the notice goes to the profile's e-mail", async () => {
    const app = await mailApp(smtp.url, { NOTIFY_EMAIL: "" });
    try {
      app.t.db
        .insert(profile)
        .values({ name: "Swami", title: "Teacher", biography: "", quote: "", profileImage: "", email: "swami@example.org" })
        .run();
      await app.t.api().contact.post(contact);
      expect(app.t.db.select().from(outbox).where(eq(outbox.kind, "contact-notice")).get()!.recipient).toBe("swami@example.org");
    } finally {
      app.t.cleanup();
    }
  });
});
