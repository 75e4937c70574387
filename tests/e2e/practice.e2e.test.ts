// Issue 40 in Chromium at 390 and 320 px, axe clean in every state, against the real server with the suite's SMTP
// server and the Stripe-protocol server: a newcomer buys a pass on My practice, signs in with the mailed code, books a
// date with a credit, cancels in time (the credit comes back) and late (it stays used), starts a standing booking,
// signs out; the mailed link signs in by itself.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { todayIn } from "@server/lib/time.ts";
import { addDays } from "@server/shared/calendar.ts";
import type { Browser, Page } from "playwright-core";
import { type SmtpServer, startSmtpServer } from "../support/smtp.ts";
import { type StripeServer, startStripeServer } from "../support/stripe.ts";
import { adminApi, apiToken, createClassViaApi, expectToast } from "./admin-helpers.ts";
import { axeViolations, launchBrowser, openPage, type Site, startSite } from "./support.ts";

let smtp: SmtpServer;
let stripe: StripeServer;
let site: Site;
let browser: Browser;
let token: string;

beforeAll(async () => {
  [smtp, stripe] = await Promise.all([startSmtpServer(), startStripeServer()]);
  const mail = { SMTP_URL: smtp.url, MAIL_FROM: "Vedanta & Yoga <hello@example.org>", MAIL_PER_MINUTE: "6000" };
  // A cancel 48 hours ahead gives the credit back: tomorrow's class is too late, the one in four days is not.
  const env = { ...mail, TRUST_PROXY: "1", CLASS_CANCEL_HOURS: "48", ...stripe.env() };
  [site, browser] = await Promise.all([startSite({ appData: null, env }), launchBrowser()]);
  stripe.setWebhookUrl(`${site.url}/api/payments/stripe`);
  token = await apiToken(site, undefined, smtp);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  stripe?.stop();
  await smtp?.close();
});

const day = (days: number) => addDays(todayIn("Australia/Melbourne"), days);

const newClass = (name: string) => createClassViaApi(site, token, name, { capacity: 5, price: 2500 });

async function mailTo(address: string, subject: string, after = 0) {
  for (let tries = 0; tries < 100; tries++) {
    const found = smtp.received.slice(after).find((mail) => mail.envelopeTo.includes(address) && mail.subject === subject);
    if (found) return found;
    await Bun.sleep(100);
  }
  throw new Error(`no mail "${subject}" to ${address}`);
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);

/** Signs in on /practice with the code mailed to `email`. */
async function signIn(page: Page, email: string) {
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(email);
  const before = smtp.received.length;
  await form.getByRole("button", { name: "Mail me a code" }).click();
  const codeForm = page.getByRole("form", { name: "Type the code" });
  await codeForm.getByText(`If ${email} has a booking or a pass here, a 6-digit code is on its way to it.`).waitFor();
  expect(await axeViolations(page, "the code form")).toEqual([]);
  const mail = await mailTo(email, "Your code for My practice", before);
  const code = /\b(\d{6})\b/.exec(mail.text ?? "")![1]!;
  await codeForm.getByLabel("Code").fill(code);
  await codeForm.getByRole("button", { name: "Sign in" }).click();
  await page.getByText(`Signed in as ${email}`).waitFor();
}

describe("My practice in the browser", () => {
  test("at 390 px: a pass bought, the mailed code, a date booked with a credit, cancelled in time and late, a standing booking, signed out", async () => {
    const name = "Evening Hatha";
    const { id } = await newClass(name);
    await adminApi(site, token, "POST", "/api/admin/passes", {
      name: "Ten classes",
      credits: 10,
      price: 15000,
      concessionPrice: 12000,
      validDays: 180,
    });
    const { context, page, errors } = await openPage(browser, { width: 390, height: 844 });
    try {
      await page.goto(`${site.url}/practice`);
      await page.getByRole("heading", { name: "My practice", level: 1 }).waitFor();
      const passes = page.getByRole("region", { name: "Class passes" });
      await passes.getByText("10 classes, valid 180 days · Every class").waitFor();
      expect(await axeViolations(page, "My practice, signed out")).toEqual([]);

      // Bought through Checkout at the concession price.
      await passes.getByRole("button", { name: "Buy Ten classes" }).click();
      const buy = page.getByRole("form", { name: "Buy Ten classes" });
      await buy.getByLabel("Name *").fill("Asha Devi");
      await buy.getByLabel("Email *").fill("asha@example.org");
      await buy.getByLabel("Concession").check();
      expect(await axeViolations(page, "buying a pass")).toEqual([]);
      await buy.getByRole("button", { name: "Pay" }).click();
      await page.waitForURL(`${stripe.url}/pay/**`);
      await page.getByRole("button", { name: "Pay" }).click();
      await page.waitForURL(`${site.url}/practice?payment=success`);
      await page.getByText("Thank you: your pass is paid.").waitFor();
      const receipt = await mailTo("asha@example.org", "Your pass: Ten classes");
      expect(receipt.text).toContain("A$120.00");

      await signIn(page, "asha@example.org");
      const mine = page.getByRole("region", { name: "My passes" });
      await mine.getByText("10 classes left").waitFor();
      expect(await axeViolations(page, "My practice, signed in")).toEqual([]);

      // Tomorrow (too late to get the credit back) and in four days (in time).
      const book = page.getByRole("region", { name: "Book with a credit" });
      await book
        .getByRole("button", { name: /^Book: Evening Hatha, / })
        .first()
        .click();
      await expectToast(page, "9 left on your pass.");
      await book
        .getByRole("button", { name: /^Book: Evening Hatha, / })
        .nth(2)
        .click();
      await expectToast(page, "8 left on your pass.");
      await mine.getByText("8 classes left").waitFor();
      const classes = page.getByRole("region", { name: "My classes" });
      await classes.getByText("Too late for the credit to come back: it stays used.").waitFor();
      await classes.getByText("Cancel now and the credit comes back to your pass.").waitFor();
      expect(await axeViolations(page, "two classes booked")).toEqual([]);

      await classes
        .getByRole("button", { name: /^Cancel Evening Hatha, / })
        .last()
        .click();
      await expectToast(page, "The credit is back on your pass.");
      await mine.getByText("9 classes left").waitFor();
      await classes
        .getByRole("button", { name: /^Cancel Evening Hatha, / })
        .first()
        .click();
      await expectToast(page, "Your place is given back.");
      await classes.getByText("Nothing booked yet.").waitFor();
      await mine.getByText("9 classes left").waitFor();

      // A standing booking: every Monday booked as it opens.
      const standing = page.getByRole("region", { name: "Standing bookings" });
      await standing.getByRole("combobox", { name: "Class and day" }).click();
      await page.getByRole("option", { name: `${name}, every Monday` }).click();
      await standing.getByRole("button", { name: "Start" }).click();
      await expectToast(page, "Standing booking started");
      await standing
        .getByRole("listitem")
        .filter({ hasText: `${name}, every Monday` })
        .waitFor();
      expect(await classes.getByRole("button", { name: /^Cancel Evening Hatha, Mon, / }).count()).toBeGreaterThan(0);
      expect(await axeViolations(page, "a standing booking")).toEqual([]);
      expect(await noSidewaysScroll(page)).toBe(true);

      await page.getByRole("button", { name: "Sign out", exact: true }).click();
      await page.getByRole("form", { name: "Sign in" }).waitFor();
      // Signed out, the page's read of her data is a 401 (the browser notes it): on her first visit, back from Checkout,
      // and signed out.
      expect(errors).toEqual(Array(3).fill("Failed to load resource: the server responded with a status of 401 (Unauthorized)"));
      expect(id).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  }, 120_000);

  test("at 320 px: the mailed link signs in by itself; no credit for a class offers the drop-in or a pass", async () => {
    const { id } = await newClass("Morning Yin");
    const pass = await adminApi<{ id: number }>(site, token, "POST", "/api/admin/passes", {
      name: "Yin only",
      credits: 5,
      price: 6000,
      validDays: 90,
      classIds: [id],
    });
    await adminApi(site, token, "POST", "/api/admin/passes/issued", {
      email: "bela@example.org",
      name: "Bela Rao",
      credits: 1,
      expires: day(30),
      amount: 1500,
      passId: pass.id,
    });
    const before = smtp.received.length;
    await fetch(`${site.url}/api/practice/sign-in`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "10.77.0.1" },
      body: JSON.stringify({ email: "bela@example.org" }),
    });
    const mail = await mailTo("bela@example.org", "Your code for My practice", before);
    const link = /https?:\/\/\S+\/practice#email=[^\s)]+/.exec(mail.text ?? "")![0];
    const { context, page, errors } = await openPage(browser, { width: 320, height: 700 });
    try {
      await page.goto(link);
      await page.getByText("Signed in as bela@example.org").waitFor();
      expect(page.url()).toBe(`${site.url}/practice`);
      const book = page.getByRole("region", { name: "Book with a credit" });
      await book
        .getByRole("button", { name: /^Book: Morning Yin, / })
        .first()
        .click();
      await expectToast(page, "0 left on your pass.");
      await book
        .getByRole("button", { name: /^Book: Morning Yin, / })
        .first()
        .click();
      await book.getByRole("alert").getByText("You have no credit for this class.").waitFor();
      await book.getByRole("link", { name: "Book a drop-in" }).waitFor();
      expect(await axeViolations(page, "no credit left")).toEqual([]);
      expect(await noSidewaysScroll(page)).toBe(true);
      expect(errors).toEqual(["Failed to load resource: the server responded with a status of 409 (Conflict)"]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
