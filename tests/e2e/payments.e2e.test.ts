// Issue 32 in Chromium against the real server, the tests' Stripe-protocol server (its hosted Checkout page and signed
// webhooks) and a real SMTP server: a place paid for and the notice back on the site, by-donation places at A$0 and
// A$15, a gift once and monthly and stopping it, the Money tab, and no axe violation on any of them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { type SmtpServer, startSmtpServer } from "../support/smtp.ts";
import { type StripeServer, startStripeServer } from "../support/stripe.ts";
import { adminApi, apiToken, expectToast, openDashboard } from "./admin-helpers.ts";
import { appStarted, axeViolations, launchBrowser, openPage, type Site, startSite } from "./support.ts";

let smtp: SmtpServer;
let stripe: StripeServer;
let site: Site;
let browser: Browser;
let token: string;
const PAID = "Silent Retreat";
const DANA = "Dana Evening";

beforeAll(async () => {
  [smtp, stripe] = await Promise.all([startSmtpServer(), startStripeServer()]);
  [site, browser] = await Promise.all([
    startSite({
      appData: null,
      env: { SMTP_URL: smtp.url, MAIL_FROM: "Vedanta & Yoga <hello@example.org>", MAIL_PER_MINUTE: "6000", ...stripe.env() },
    }),
    launchBrowser(),
  ]);
  stripe.setWebhookUrl(`${site.url}/api/payments/stripe`);
  token = await apiToken(site);
  const event = {
    type: "retreat",
    startDate: "2030-06-12",
    time: "9:00 am - 5:00 pm",
    location: "Warburton",
    description: "<p>A day of silence.</p>",
  };
  await adminApi(site, token, "POST", "/api/admin/events", { ...event, name: PAID, price: 4500, concessionPrice: 2500 });
  await adminApi(site, token, "POST", "/api/admin/events", { ...event, name: DANA, price: 2000, byDonation: true, startDate: "2030-06-13" });
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  stripe?.stop();
  await smtp?.close();
});

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(address));

async function register(page: Page, event: string, email: string, fill: (form: ReturnType<Page["getByRole"]>) => Promise<unknown>) {
  await page.goto(site.url);
  await appStarted(page);
  await page
    .getByTestId("event-card")
    .filter({ hasText: event })
    .getByRole("button", { name: `Register for ${event}` })
    .click();
  const form = page.getByRole("form", { name: "Event registration" });
  await form.getByLabel("Name *").fill("Asha Devi");
  await form.getByLabel("Email *").fill(email);
  await form.getByLabel("Phone *").fill("0400 000 000");
  await fill(form);
  await form.getByRole("button", { name: "Register" }).click();
}

/** On the Stripe-protocol server's hosted page: what it asks, then 'Pay'; back on the site. */
async function payAtCheckout(page: Page, expected: string, email?: string) {
  await page.waitForURL(`${stripe.url}/pay/**`);
  expect(await page.locator("main").innerText()).toContain(expected);
  if (email) await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Pay" }).click();
  await page.waitForURL(`${site.url}/**`);
}

describe("payments in the browser", () => {
  test("a visitor pays for a place and comes back to the notice; 'Back' from Checkout says the place is held, with a link to pay", async () => {
    const { context, page, errors } = await openPage(browser);
    try {
      await page.goto(site.url);
      expect(await page.getByTestId("event-card").filter({ hasText: PAID }).getByTestId("event-price").innerText()).toBe(
        "A$45.00 · concession A$25.00",
      );
      await register(page, PAID, "payer@example.org", (form) => form.getByLabel("Ticket *").selectOption("concession"));
      await payAtCheckout(page, "25.00 AUD");
      const notice = page.getByRole("region", { name: `Payment received: you're registered for ${PAID}` });
      await notice.waitFor();
      expect(await axeViolations(page, "payment received")).toEqual([]);
      await smtp.waitFor(1);
      expect(mailsTo("payer@example.org")[0]?.subject).toBe(`You're registered: ${PAID}`);

      await register(page, PAID, "later@example.org", async () => {});
      await page.waitForURL(`${stripe.url}/pay/**`);
      await page.getByRole("link", { name: "Back" }).click();
      const held = page.getByRole("region", { name: "Your place is held" });
      await held.waitFor();
      expect(await held.innerText()).toContain(`No payment was made. Your place for ${PAID} is held until`);
      expect(await axeViolations(page, "place held")).toEqual([]);
      await held.getByRole("link", { name: "Pay now" }).click();
      await payAtCheckout(page, "45.00 AUD");
      await page.getByRole("region", { name: `Payment received: you're registered for ${PAID}` }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  test("by donation: A$0 is a free place at once; A$15 goes through Checkout", async () => {
    const { context, page, errors } = await openPage(browser);
    try {
      // Issue 38 item 5: the field starts at the suggested amount; giving nothing is a choice ('I can't give now').
      await register(page, DANA, "free@example.org", async (form) => {
        expect(await form.getByLabel("Your contribution (A$)").inputValue()).not.toBe("");
        await form.getByRole("button", { name: "I can't give now" }).click();
      });
      await page
        .getByRole("status")
        .filter({ hasText: `You're registered for ${DANA}.` })
        .waitFor();
      await page.keyboard.press("Escape");
      await register(page, DANA, "fifteen@example.org", (form) => form.getByLabel("Your contribution (A$)").fill("15"));
      await payAtCheckout(page, "15.00 AUD");
      await page.getByRole("region", { name: `Payment received: you're registered for ${DANA}` }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  test("a gift once and a gift monthly through 'Support the association', and the monthly one stopped from its receipt", async () => {
    const { context, page, errors } = await openPage(browser);
    try {
      await page.goto(site.url);
      await appStarted(page);
      const form = page.getByRole("form", { name: "Support the association" });
      await form.scrollIntoViewIfNeeded();
      expect(await axeViolations(page, "support the association")).toEqual([]);
      await form.getByLabel("A$50").check();
      await form.getByRole("button", { name: "Give" }).click();
      await payAtCheckout(page, "50.00 AUD", "once@example.org");
      await page.getByRole("region", { name: "Thank you for your gift" }).waitFor();

      await page.goto(`${site.url}/#support`);
      await appStarted(page);
      await form.getByLabel("Another amount", { exact: true }).check();
      await form.getByLabel("Another amount (A$)").fill("12.50");
      await form.getByLabel("Monthly").check();
      await form.getByRole("button", { name: "Give" }).click();
      await payAtCheckout(page, "12.50 AUD a month", "monthly@example.org");
      await page.getByRole("region", { name: "Thank you for your gift" }).waitFor();

      const deadline = Date.now() + 10_000;
      while (!mailsTo("monthly@example.org").length && Date.now() < deadline) await Bun.sleep(100);
      const receipt = mailsTo("monthly@example.org")[0]!;
      expect(receipt.subject).toBe("Thank you for your monthly gift");
      const stop = new RegExp(`${site.url}/api/donations/stop\\?id=\\d+&token=[\\w-]+`).exec(receipt.text ?? "")![0];
      await page.goto(stop);
      const ask = page.getByRole("region", { name: "Stop your monthly gift?" });
      await ask.waitFor();
      expect(await axeViolations(page, "stop the monthly gift")).toEqual([]);
      expect(stripe.cancelledSubscriptions).toEqual([]);
      await ask.getByRole("button", { name: "Stop my monthly gift" }).click();
      await page.getByRole("region", { name: "Your monthly gift is stopped" }).waitFor();
      expect(stripe.cancelledSubscriptions).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  test("the Money tab lists every payment and gift with the totals, and refunds one after a confirmation", async () => {
    const { context, page, errors } = await openPage(browser);
    try {
      await openDashboard(page, site, token, "money");
      const table = page.getByRole("table").first();
      await table.getByRole("cell", { name: `${PAID} (concession)` }).waitFor();
      expect(await table.innerText()).toContain("Monthly gift");
      expect(await page.getByText("By event").count()).toBeGreaterThan(0);
      expect(await axeViolations(page, "money tab")).toEqual([]);
      const row = table.getByRole("row").filter({ hasText: `${PAID} (concession)` });
      await row.getByRole("button", { name: "Refund" }).click();
      await page.getByRole("alertdialog", { name: "Refund payment" }).getByRole("button", { name: "Refund" }).click();
      await expectToast(page, "Refunded, and they are mailed");
      await row.getByRole("cell", { name: "Refunded" }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
