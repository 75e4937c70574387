// Double opt-in and unsubscribe while mail is on (issue 15, items 4 and 6), through a real SMTP server.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { subscribers } from "../../../db/schema.ts";
import { createTestApp, type TestApp } from "../../../tests/support/app.ts";
import { type SmtpServer, startSmtpServer } from "../../../tests/support/smtp.ts";
import { createMailWorker } from "../mail/worker.ts";
import { subscriberLinks } from "./service.ts";

let smtp: SmtpServer;
let t: TestApp;
let worker: ReturnType<typeof createMailWorker>;
let token: string;
const SITE_URL = "http://localhost";
const links = subscriberLinks("test-secret-test-secret-test-secret", SITE_URL);

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, MAIL_FROM: "Vedanta & Yoga <hello@example.org>", NOTIFY_EMAIL: "teacher@example.org", SITE_URL },
  });
  worker = createMailWorker({ db: t.db, config: { ...t.config, mail: t.config.mail! } });
  token = await t.login();
});
afterAll(async () => {
  await worker.stop();
  t.cleanup();
  await smtp.close();
});

const subscribe = (email: string, ip = "10.1.0.1") => t.request("POST", "/api/newsletter", { body: { email }, ip });
const row = (email: string) => t.db.select().from(subscribers).where(eq(subscribers.email, email)).get();
const pathOf = (url: string) => url.slice(SITE_URL.length);

async function confirmationLink(email: string) {
  await worker.drain();
  const mail = smtp.received.findLast((received) => received.envelopeTo[0] === email)!;
  expect(mail.subject).toBe("Please confirm your newsletter subscription");
  const link = /http:\/\/localhost\/api\/newsletter\/confirm\?id=\d+&token=[\w-]+/.exec(mail.text ?? "")?.[0];
  expect(mail.html).toContain(`href="${link!.replace("&", "&amp;")}"`);
  return link!;
}

describe("newsletter double opt-in", () => {
  test("a new address is pending, gets a signed link, and is confirmed by following it", async () => {
    const answer = await subscribe("seeker@example.org");
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ success: true, message: "Subscribed" });
    expect(row("seeker@example.org")!.state).toBe("pending");

    const link = await confirmationLink("seeker@example.org");
    const tampered = await t.request("GET", `${pathOf(link).slice(0, -3)}xyz`);
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain("This link is not valid");
    expect(row("seeker@example.org")!.state).toBe("pending");

    const confirmed = await t.request("GET", pathOf(link));
    expect(confirmed.status).toBe(200);
    expect(confirmed.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await confirmed.text()).toContain("Subscription confirmed");
    expect(row("seeker@example.org")!.state).toBe("confirmed");
    expect((await t.request("GET", pathOf(link))).status).toBe(200);

    const again = await subscribe("seeker@example.org");
    expect(again.status).toBe(409);
  });

  test("the admin's list carries each address's state", async () => {
    const list = (await (await t.request("GET", "/api/admin/subscribers", { token })).json()) as { email: string; state: string }[];
    expect(list.find((item) => item.email === "seeker@example.org")!.state).toBe("confirmed");
  });

  test("confirmation mails are limited per address and requests per IP", async () => {
    for (let i = 0; i < 3; i++) expect((await subscribe("stranger@example.org", `10.2.0.${i}`)).status).toBe(201);
    const fourth = await subscribe("stranger@example.org", "10.2.0.9");
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toMatchObject({ error: "Too many submissions. Please try again in a few minutes." });
    for (let i = 0; i < 10; i++) expect((await subscribe(`reader${i}@example.org`, "10.3.0.1")).status).toBe(201);
    expect((await subscribe("reader10@example.org", "10.3.0.1")).status).toBe(429);
  });
});

describe("unsubscribe", () => {
  test("the body's link opens a page with one button; RFC 8058 one-click POST unsubscribes at once, idempotent", async () => {
    const subscriber = row("seeker@example.org")!;
    const path = pathOf(links.url("unsubscribe", subscriber));
    const page = await t.request("GET", path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
    expect(html).toContain('<button type="submit">Unsubscribe</button>');
    expect(row("seeker@example.org")!.state).toBe("confirmed");

    const oneClick = () =>
      t.request("POST", path, { body: "List-Unsubscribe=One-Click", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    const first = await oneClick();
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("You are unsubscribed");
    expect(row("seeker@example.org")!.state).toBe("unsubscribed");
    expect((await oneClick()).status).toBe(200);
    expect(row("seeker@example.org")!.state).toBe("unsubscribed");

    const forged = await t.request("POST", pathOf(links.url("unsubscribe", { id: subscriber.id, email: "other@example.org" })), {
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(forged.status).toBe(400);
  });

  test("subscribing again after unsubscribing starts a new opt-in; the old links no longer work", async () => {
    const old = row("seeker@example.org")!;
    expect((await subscribe("seeker@example.org", "10.4.0.1")).status).toBe(201);
    const renewed = row("seeker@example.org")!;
    expect(renewed.state).toBe("pending");
    expect(renewed.id).not.toBe(old.id);
    await confirmationLink("seeker@example.org");
    const stale = await t.request("POST", pathOf(links.url("unsubscribe", old)), {
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(stale.status).toBe(400);
  });
});
