// Double opt-in and unsubscribe while mail is on (issue 15, items 4 and 6), through a real SMTP server. The links land
// on the site (`/?newsletter=<state>`), whose page shows the outcome (web/features/newsletter: the notice itself).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { subscribers } from "@db/schema.ts";
import { createSigner } from "@server/lib/signer.ts";
import { createTestApp, type MailWorker, SITE_SHELL, type TestApp } from "@tests/support/app.ts";
import { type SmtpServer, startSmtpServer } from "@tests/support/smtp.ts";
import { eq } from "drizzle-orm";
import { subscriberLinks } from "./service.ts";

let smtp: SmtpServer;
let t: TestApp;
let worker: MailWorker;
let token: string;
const SITE_URL = "http://localhost";
const links = subscriberLinks(createSigner("test-secret-test-secret-test-secret"), SITE_URL);

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    shell: SITE_SHELL,
    env: { SMTP_URL: smtp.url, MAIL_FROM: "Vedanta & Yoga <hello@example.org>", NOTIFY_EMAIL: "teacher@example.org", SITE_URL },
  });
  worker = t.mailWorker();
  token = await t.login();
});
afterAll(async () => {
  await worker.stop();
  t.cleanup();
  await smtp.close();
});

const subscribe = (email: string, ip = "10.1.0.1") => t.api({ ip }).newsletter.post({ email });
const row = (email: string) => t.db.select().from(subscribers).where(eq(subscribers.email, email)).get();
const pathOf = (url: string) => url.slice(SITE_URL.length);
// The links' GETs (redirects to the site), the one-click and button POSTs (form-encoded) and the pages stay raw requests.
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const oneClick = (path: string) => t.request("POST", path, { body: "List-Unsubscribe=One-Click", headers: FORM });
/** The page's button: the same POST, with the field that says it comes from the site's page. */
const siteButton = (path: string) => t.request("POST", path, { body: "from=site", headers: FORM });

async function expectLanding(answer: Response, location: string) {
  expect(answer.status).toBe(303);
  expect(answer.headers.get("location")).toBe(location);
  expect(await answer.text()).toBe("");
}

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
    expect(answer.data).toEqual({ success: true, message: "Subscribed" });
    expect(row("seeker@example.org")!.state).toBe("pending");

    const link = await confirmationLink("seeker@example.org");
    await expectLanding(await t.request("GET", `${pathOf(link).slice(0, -3)}xyz`), "/?newsletter=invalid");
    await expectLanding(await t.request("GET", pathOf(link).replace(/id=\d+/, "id=999")), "/?newsletter=invalid");
    await expectLanding(await t.request("GET", "/api/newsletter/confirm"), "/?newsletter=invalid");
    expect(row("seeker@example.org")!.state).toBe("pending");

    await expectLanding(await t.request("GET", pathOf(link)), "/?newsletter=confirmed");
    expect(row("seeker@example.org")!.state).toBe("confirmed");
    await expectLanding(await t.request("GET", pathOf(link)), "/?newsletter=confirmed");
    expect(row("seeker@example.org")!.state).toBe("confirmed");
  });

  test("the admin's list carries each address's state", async () => {
    const list = (await t.api({ token }).admin.subscribers.get()).data ?? [];
    expect(list.find((item) => item.email === "seeker@example.org")!.state).toBe("confirmed");
  });

  test("an address already subscribed is answered as a new one, in the same time, and mailed nothing (issue 30)", async () => {
    await worker.drain();
    const before = smtp.received.length;
    const times = { known: [] as number[], fresh: [] as number[] };
    const answers = new Set<string>();
    for (let i = 0; i < 40; i++) {
      for (const [kind, email] of [
        ["known", "seeker@example.org"],
        ["fresh", `new-reader-${i}@example.org`],
      ] as const) {
        const started = performance.now();
        // Raw: the answers' headers and bytes are compared.
        const answer = await t.request("POST", "/api/newsletter", { body: { email }, ip: `10.6.${i}.${kind.length}` });
        times[kind].push(performance.now() - started);
        const headers = [...answer.headers].filter(([name]) => name !== "date" && name !== "x-request-id");
        answers.add(JSON.stringify([answer.status, headers, await answer.text()]));
      }
    }
    expect([...answers]).toHaveLength(1);
    expect(JSON.parse([...answers][0]!)[2]).toBe(JSON.stringify({ success: true, message: "Subscribed" }));
    expect(row("seeker@example.org")!.state).toBe("confirmed");
    await worker.drain();
    const mailed = smtp.received.slice(before).map((mail) => mail.envelopeTo[0]);
    expect(mailed).toHaveLength(40);
    expect(mailed).not.toContain("seeker@example.org");
    const median = (values: number[]) => values.toSorted((a, b) => a - b)[values.length >> 1]!;
    expect(Math.abs(median(times.known) - median(times.fresh))).toBeLessThan(20);
  });

  test("confirmation mails are limited per address (3 an hour, whoever asks; answered as usual) and requests per IP", async () => {
    await worker.drain();
    const before = smtp.received.length;
    for (let i = 0; i < 5; i++) {
      const answer = await subscribe("stranger@example.org", `10.2.0.${i}`);
      expect(answer.status).toBe(201);
      expect(answer.data).toEqual({ success: true, message: "Subscribed" });
    }
    await worker.drain();
    expect(smtp.received.slice(before).filter((mail) => mail.envelopeTo[0] === "stranger@example.org")).toHaveLength(3);
    for (let i = 0; i < 10; i++) expect((await subscribe(`reader${i}@example.org`, "10.3.0.1")).status).toBe(201);
    expect((await subscribe("reader10@example.org", "10.3.0.1")).status).toBe(429);
  });
});

describe("unsubscribe", () => {
  test("the body's link lands on the site's page with the link's id and token; a GET never unsubscribes", async () => {
    const subscriber = row("seeker@example.org")!;
    const link = links.url("unsubscribe", subscriber);
    await expectLanding(await t.request("GET", pathOf(link)), `/?newsletter=unsubscribe&${link.split("?")[1]}`);
    await expectLanding(await t.request("GET", `${pathOf(link).slice(0, -3)}xyz`), "/?newsletter=invalid");
    await expectLanding(await t.request("GET", pathOf(links.url("confirm", subscriber))), "/?newsletter=confirmed");
    await expectLanding(await t.request("GET", pathOf(links.url("confirm", subscriber)).replace("confirm", "unsubscribe")), "/?newsletter=invalid");
    expect(row("seeker@example.org")!.state).toBe("confirmed");
  });

  test("RFC 8058 one-click POST unsubscribes at once and answers 200 itself, idempotent; a forged link is refused", async () => {
    const subscriber = row("seeker@example.org")!;
    const path = pathOf(links.url("unsubscribe", subscriber));
    const first = await oneClick(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("location")).toBeNull();
    expect(await first.json()).toEqual({ success: true, message: "You are unsubscribed" });
    expect(row("seeker@example.org")!.state).toBe("unsubscribed");
    expect((await oneClick(path)).status).toBe(200);
    expect(row("seeker@example.org")!.state).toBe("unsubscribed");

    const forged = await oneClick(pathOf(links.url("unsubscribe", { id: subscriber.id, email: "other@example.org" })));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: "This link is not valid" });
  });

  test("a link mailed before the one key derivation (issue 31) still unsubscribes", async () => {
    await subscribe("before-spine@example.org", "10.1.0.31");
    const subscriber = row("before-spine@example.org")!;
    const signed = `newsletter:unsubscribe:${subscriber.id}:${subscriber.email}`;
    const token = createHmac("sha256", "test-secret-test-secret-test-secret").update(signed).digest("base64url");
    expect((await oneClick(`/api/newsletter/unsubscribe?id=${subscriber.id}&token=${token}`)).status).toBe(200);
    expect(row("before-spine@example.org")!.state).toBe("unsubscribed");
  });

  test("the site's button unsubscribes and lands on the site: 'unsubscribed', or 'invalid' for a bad link", async () => {
    expect((await subscribe("button@example.org", "10.5.0.1")).status).toBe(201);
    await t.request("GET", pathOf(await confirmationLink("button@example.org")));
    const subscriber = row("button@example.org")!;
    expect(subscriber.state).toBe("confirmed");
    const path = pathOf(links.url("unsubscribe", subscriber));

    await expectLanding(await siteButton(`${path.slice(0, -3)}xyz`), "/?newsletter=invalid");
    expect(row("button@example.org")!.state).toBe("confirmed");
    await expectLanding(await siteButton(path), "/?newsletter=unsubscribed");
    expect(row("button@example.org")!.state).toBe("unsubscribed");
    await expectLanding(await siteButton(path), "/?newsletter=unsubscribed");
  });

  test("subscribing again after unsubscribing starts a new opt-in; the old links no longer work", async () => {
    const old = row("seeker@example.org")!;
    expect((await subscribe("seeker@example.org", "10.4.0.1")).status).toBe(201);
    const renewed = row("seeker@example.org")!;
    expect(renewed.state).toBe("pending");
    expect(renewed.id).not.toBe(old.id);
    await confirmationLink("seeker@example.org");
    expect((await oneClick(pathOf(links.url("unsubscribe", old)))).status).toBe(400);
    await expectLanding(await t.request("GET", pathOf(links.url("unsubscribe", old))), "/?newsletter=invalid");
  });
});

describe("the site's landing pages", () => {
  const head = async (path: string) => /<head>(.*)<\/head>/.exec(await (await t.request("GET", path)).text())![1]!;

  test("each state is `/` with its notice, not indexed, its canonical `/`; kept with an ETag", async () => {
    for (const state of ["confirmed", "invalid", "unsubscribed"]) {
      const page = await head(`/?newsletter=${state}`);
      expect(page).toContain('<meta name="robots" content="noindex">');
      expect(page).toContain(`<link rel="canonical" href="${SITE_URL}/">`);
    }
    const first = await t.request("GET", "/?newsletter=confirmed");
    const etag = first.headers.get("etag")!;
    expect((await t.request("GET", "/?newsletter=confirmed", { headers: { "if-none-match": etag } })).status).toBe(304);
  });

  test("an unknown state is the plain page; an unsubscribe page without its link's id and token the invalid one", async () => {
    expect(await head("/?newsletter=subscribed")).toBe(await head("/"));
    expect(await head("/")).not.toContain("noindex");
    expect(await head("/?newsletter=unsubscribe&id=1")).toBe(await head("/?newsletter=invalid"));
  });
});
