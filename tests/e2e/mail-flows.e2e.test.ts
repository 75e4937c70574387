// Mail flows of issue 15 in Chromium against the real server and a real SMTP server: double opt-in from the footer,
// the admin's 'Send Newsletter', and the unsubscribe link of the newsletter's body.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
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
  token = await apiToken(site);
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

async function expectState(page: Page, address: string, state: string) {
  await openDashboard(page, site, token, "subscribers");
  await page.getByRole("row").filter({ hasText: address }).filter({ hasText: state }).waitFor();
}

describe("mail flows", () => {
  test("a visitor subscribes in the footer, follows the confirmation mail's link, and the admin sees Confirmed", async () => {
    const { page, context } = await openPage(browser);
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
    expect(await page.getByRole("heading", { name: "Subscription confirmed" }).isVisible()).toBe(true);

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
    const { page, context } = await openPage(browser);
    await page.goto(link!);
    expect(await page.getByRole("heading", { name: "Unsubscribe from the newsletter" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("heading", { name: "You are unsubscribed" }).waitFor();
    expect(await confirmedAddresses()).not.toContain(ADDRESS);

    await expectState(page, ADDRESS, "Unsubscribed");
    await context.close();
  });
});
