// The worker inside the real server process: started by `serve`, stopped on SIGTERM, resuming after kill -9.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { type Server, startServer } from "@tests/server.ts";
import { type SmtpServer, startSmtpServer } from "@tests/support/smtp.ts";

const ADMIN_PASSWORD = "worker-test-password";
let smtp: SmtpServer;
let server: Server | undefined;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await server?.stop();
  server?.remove();
  await smtp.close();
});

const env = () => ({
  SMTP_URL: smtp.url,
  MAIL_FROM: "Vedanta & Yoga <hello@example.org>",
  NOTIFY_EMAIL: "teacher@example.org",
  MAIL_PER_MINUTE: "600",
  ADMIN_PASSWORD,
});

/**
 * Signs in as a new device does while mail is on (issue 22): the password, then the mailed code. The code and the
 * notice of the new device are taken off the received list, which the tests count.
 */
async function login(url: string) {
  const post = async (body: unknown) =>
    (await (
      await fetch(`${url}/api/admin/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
    ).json()) as { token?: string; ticket?: string };
  const seen = smtp.received.length;
  const first = await post({ username: "admin", password: ADMIN_PASSWORD });
  if (first.token) return first.token;
  const code = /\b(\d{6})\b/.exec((await smtp.waitFor(seen + 1)).at(-1)!.text!)![1];
  const { token } = await post({ ticket: first.ticket, code });
  await smtp.waitFor(seen + 2);
  smtp.received.length = seen;
  return token!;
}

describe("the mail worker in the server", () => {
  test("a contact message reaches the teacher through the running server", async () => {
    server = await startServer({ env: env() });
    const response = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Priya", email: "priya@example.org", subject: "Classes", message: "Are beginners welcome?" }),
    });
    expect(response.status).toBe(201);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe("Contact form: Classes");
    expect(mail!.overTls).toBe(true);
    expect(mail!.envelopeTo).toEqual(["teacher@example.org"]);
  });

  test("after kill -9 the worker resumes: every queued mail arrives, only the one in flight at the kill twice", async () => {
    smtp.received.length = 0;
    const token = await login(server!.url);
    const queued = 30;
    // The 8th mail arrives in full but is never answered: the kill finds it in flight however fast the queue drains.
    smtp.leaveUnanswered(8);
    for (let i = 0; i < queued; i++) {
      const response = await fetch(`${server!.url}/api/admin/mail/test`, { method: "POST", headers: { Authorization: `Bearer ${token}` } });
      expect(response.status).toBe(201);
    }
    await smtp.waitFor(8);
    await server!.kill9();
    expect(smtp.received).toHaveLength(8);
    const inFlight = smtp.received[7]!.messageId;
    server = await startServer({ dir: server!.dir, env: env() });
    const received = await smtp.waitFor(queued + 1, 30_000);
    expect(new Set(received.map((mail) => mail.messageId)).size).toBe(queued);
    expect(received.filter((mail) => mail.messageId === inFlight)).toHaveLength(2);
  }, 60_000);

  test("SIGTERM stops the worker with the server", async () => {
    const startedAt = Date.now();
    await server!.stop();
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(server!.alive()).toBe(false);
    expect(server!.logs()).toContain("SIGTERM received");
  });
});

describe("SMTP never sends the password or a mail in clear (issue 30)", () => {
  const SMTP_PASSWORD = "smtp-Pass-in-clear-1729";
  let plain: SmtpServer;
  let relay: Server | undefined;
  beforeAll(async () => {
    plain = await startSmtpServer({ tls: false });
  });
  afterAll(async () => {
    await relay?.stop();
    relay?.remove();
    await plain.close();
  });
  const contact = (url: string) =>
    fetch(`${url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Priya", email: "priya@example.org", subject: "Classes", message: "Are beginners welcome?" }),
    });

  test("smtp:// to a server without STARTTLS: it gets neither the password nor the mail, which fails saying why", async () => {
    relay = await startServer({ env: { ...env(), SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:${plain.port}` } });
    expect((await contact(relay.url)).status).toBe(201);
    for (let i = 0; i < 200 && !relay.logs().includes("Mail not sent"); i++) await Bun.sleep(25);
    expect(plain.auths).toEqual([]);
    expect(plain.received).toEqual([]);
    const line = relay
      .logs()
      .split("\n")
      .find((entry) => entry.includes("Mail not sent"));
    expect(line).toContain('answer="Error upgrading connection with STARTTLS: 500 Error: command not recognized" permanent=true');
    expect(relay.logs()).not.toContain(SMTP_PASSWORD);
    await relay.stop();
    relay.remove();
  });

  test("?tls=off (a local relay) sends in clear, and says so at start", async () => {
    relay = await startServer({ env: { ...env(), SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:${plain.port}?tls=off` } });
    for (let i = 0; i < 200 && !relay.logs().includes("SMTP_URL has"); i++) await Bun.sleep(25);
    expect(relay.logs()).toMatch(/WARN {2}SMTP_URL has \?tls=off: the SMTP password and every mail go in clear host=127\.0\.0\.1:\d+/);
    expect((await contact(relay.url)).status).toBe(201);
    const [mail] = await plain.waitFor(1);
    expect(mail!.subject).toBe("Contact form: Classes");
    expect(mail!.overTls).toBe(false);
    expect(plain.auths).toEqual([{ username: "mailer", password: SMTP_PASSWORD }]);
  });
});
