// Mail flows of issue 15 in Chromium against the real server and a real SMTP server: double opt-in from the footer,
// the admin's 'Send Newsletter', and the unsubscribe link of the newsletter's body. The links land on the site, whose
// page shows the outcome, with JavaScript and without.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { type SmtpServer, startSmtpServer } from "../support/smtp.ts";
import { adminApi, alertDialog, apiToken, dialog, expectToast, openDashboard, typeRichText } from "./admin-helpers.ts";
import { launchBrowser, openPage, type Site, startSite } from "./support.ts";

let smtp: SmtpServer;
let site: Site;
let browser: Browser;
let token: string;
const ADDRESS = "new.reader@example.org";
const SUBJECT = "Autumn retreat";

beforeAll(async () => {
  smtp = await startSmtpServer();
  [site, browser] = await Promise.all([
    startSite({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Vedanta & Yoga <hello@example.org>", MAIL_PER_MINUTE: "6000" } }),
    launchBrowser(),
  ]);
  token = await apiToken(site, undefined, smtp);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await smtp?.close();
});

type Subscriber = { email: string; state: "pending" | "confirmed" | "unsubscribed" };
const confirmedAddresses = async () =>
  (await adminApi<Subscriber[]>(site, token, "GET", "/api/admin/subscribers")).filter((item) => item.state === "confirmed").map((item) => item.email);
const mailsTo = (address: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(address));
/** The message's header lines, unfolded. */
const headersOf = (raw: string) => raw.split("\r\n\r\n")[0]!.replace(/\r\n[ \t]+/g, " ");
const linkIn = (text: string | undefined, path: string) => new RegExp(`${site.url}${path}\\?id=\\d+&token=[\\w-]+`).exec(text ?? "")?.[0];

/** The notice a newsletter link lands on: its heading and text at the top of the page. */
async function expectNotice(page: Page, title: string, text?: string) {
  const notice = page.getByRole("region", { name: title });
  await notice.getByRole("heading", { name: title }).waitFor();
  expect(await notice.isVisible()).toBe(true);
  if (text) expect(await notice.innerText()).toContain(text);
}

/** axe-core finds no WCAG 2.2 AA violation once the animations have ended. */
async function expectAccessible(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
  const audit = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  expect(audit.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function expectState(page: Page, address: string, state: string) {
  await openDashboard(page, site, token, "subscribers");
  await page.getByRole("row").filter({ hasText: address }).filter({ hasText: state }).waitFor();
}

describe("mail flows", () => {
  test("a visitor subscribes in the footer, follows the confirmation mail's link, and the admin sees Confirmed", async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(site.url);
    const form = page.getByRole("form", { name: "Newsletter signup" });
    await form.getByLabel("Email address").fill(ADDRESS);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expectToast(page, "Success!");
    expect(await page.getByTestId("toast").first().innerText()).toContain("You've been subscribed to our newsletter.");

    const deadline = Date.now() + 10_000;
    while (mailsTo(ADDRESS).length === 0 && Date.now() < deadline) await Bun.sleep(50);
    const [confirmation] = mailsTo(ADDRESS);
    const link = linkIn(confirmation?.text, "/api/newsletter/confirm");
    expect(link).toBeDefined();
    await page.goto(link!);
    expect(page.url()).toBe(`${site.url}/?newsletter=confirmed`);
    await expectNotice(page, "Subscription confirmed", "Thank you! You will receive our newsletter at this address.");
    // Top of the page, below the fixed header, in view on arrival.
    expect(await page.getByRole("region", { name: "Subscription confirmed" }).evaluate((element) => element.getBoundingClientRect().top)).toBe(0);
    await expectAccessible(page);
    expect(errors).toEqual([]);

    // Without JavaScript: the link answers 303 to that page, whose server-rendered HTML carries the notice.
    const followed = await fetch(link!, { redirect: "manual" });
    expect(followed.status).toBe(303);
    expect(followed.headers.get("location")).toBe("/?newsletter=confirmed");
    const html = await (await fetch(new URL(followed.headers.get("location")!, site.url))).text();
    expect(html).toContain("Subscription confirmed</h2>");
    expect(html).toContain("Thank you! You will receive our newsletter at this address.");
    expect(html).toContain('<meta name="robots" content="noindex">');

    await expectState(page, ADDRESS, "Confirmed");
    await context.close();
  });

  test("'Send Newsletter': each confirmed subscriber receives one message with List-Unsubscribe; the table counts them sent", async () => {
    const readers = await confirmedAddresses();
    expect(readers).toContain(ADDRESS);
    smtp.received.length = 0;
    const { page, context } = await openPage(browser);
    await openDashboard(page, site, token, "subscribers");
    await page.getByRole("button", { name: "Send Newsletter" }).click();
    const writing = dialog(page, "Send Newsletter");
    await writing.getByLabel("Subject").fill(SUBJECT);
    await typeRichText(writing, page, "Newsletter", "Join us in October.");
    await writing.getByRole("button", { name: `Send to ${readers.length} confirmed subscribers` }).click();
    const confirming = alertDialog(page, "Send Newsletter");
    expect(await confirming.innerText()).toContain(`Send "${SUBJECT}" to ${readers.length} confirmed subscribers? This cannot be undone.`);
    await confirming.getByRole("button", { name: "Send", exact: true }).click();
    await expectToast(page, "Newsletter queued");

    const mails = await smtp.waitFor(readers.length);
    await Bun.sleep(500);
    expect(smtp.received.flatMap((mail) => mail.envelopeTo).sort()).toEqual([...readers].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe(SUBJECT);
      expect(mail.text).toContain("Join us in October.");
      const headers = headersOf(mail.raw);
      expect(headers).toContain(
        `List-Unsubscribe: <${linkIn(mail.text, "/api/newsletter/unsubscribe")}>, <mailto:hello@example.org?subject=unsubscribe>`,
      );
      expect(headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    }

    const past = page.getByRole("region", { name: "Past newsletters" });
    const row = past.getByRole("row").filter({ hasText: SUBJECT });
    // The table asks again every 3 s while messages wait.
    const sentCell = () => row.getByRole("cell").nth(3).innerText();
    const deadline = Date.now() + 10_000;
    while ((await sentCell()) !== String(readers.length) && Date.now() < deadline) await Bun.sleep(200);
    expect(await row.getByRole("cell").allInnerTexts()).toEqual([
      SUBJECT,
      expect.any(String),
      String(readers.length),
      String(readers.length),
      "0",
      "0",
    ]);
    await context.close();
  });

  test("the newsletter's unsubscribe link and its button unsubscribe the address; the admin sees Unsubscribed", async () => {
    const [newsletter] = mailsTo(ADDRESS);
    const link = linkIn(newsletter?.text, "/api/newsletter/unsubscribe");
    expect(link).toBeDefined();
    // The server's page carries the form with this link, for the button to work without JavaScript.
    const landing = `/?newsletter=unsubscribe&${link!.split("?")[1]}`;
    const followed = await fetch(link!, { redirect: "manual" });
    expect(followed.headers.get("location")).toBe(landing);
    const html = await (await fetch(new URL(landing, site.url))).text();
    expect(/<form[^>]*>/.exec(html)?.[0]).toBe(`<form action="${link!.slice(site.url.length).replace("&", "&amp;")}" method="post">`);
    expect(await confirmedAddresses()).toContain(ADDRESS);

    const { page, context, errors } = await openPage(browser);
    await page.goto(link!);
    expect(page.url()).toBe(`${site.url}${landing}`);
    await expectNotice(page, "Unsubscribe from the newsletter");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.waitForURL(`${site.url}/?newsletter=unsubscribed`);
    await expectNotice(page, "You are unsubscribed", "You will not receive our newsletter any more.");
    expect(await confirmedAddresses()).not.toContain(ADDRESS);
    expect(errors).toEqual([]);

    await expectState(page, ADDRESS, "Unsubscribed");
    await context.close();
  });
});
