// Issue 39 in Chromium, at 390 and 1280 px (and 320 for the form), axe clean, against the real server with the suite's
// SMTP server and the Stripe-protocol server: a student books a class date from its card in two fields; the date full,
// the next joins its waiting list; the same address again is told it is booked; the first gives the place back by the
// mail's link and the waiting one has it; a drop-in is paid through Checkout and the notice names the class and date;
// the teacher cancels a date and everyone booked is mailed her message.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { todayIn } from "@server/lib/time.ts";
import { addDays } from "@server/shared/calendar.ts";
import type { Browser, Page } from "playwright-core";
import { type SmtpServer, startSmtpServer } from "../support/smtp.ts";
import { type StripeServer, startStripeServer } from "../support/stripe.ts";
import { adminApi, apiToken, createClassViaApi, dialog, expectToast, openDashboard } from "./admin-helpers.ts";
import { appStarted, axeViolations, launchBrowser, openPage, type Site, startSite } from "./support.ts";

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };
const REASON = "The hall is flooded; back next week";

let smtp: SmtpServer;
let stripe: StripeServer;
let site: Site;
let browser: Browser;
let token: string;

beforeAll(async () => {
  [smtp, stripe] = await Promise.all([startSmtpServer(), startStripeServer()]);
  const mail = { SMTP_URL: smtp.url, MAIL_FROM: "Vedanta & Yoga <hello@example.org>", MAIL_PER_MINUTE: "6000" };
  [site, browser] = await Promise.all([startSite({ appData: null, env: { ...mail, TRUST_PROXY: "1", ...stripe.env() } }), launchBrowser()]);
  stripe.setWebhookUrl(`${site.url}/api/payments/stripe`);
  token = await apiToken(site, undefined, smtp);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  stripe?.stop();
  await smtp?.close();
});

/** A day in the site's zone (Melbourne), YYYY-MM-DD, `days` from today. */
const day = (days: number) => addDays(todayIn("Australia/Melbourne"), days);

/** Every day at 8 PM from tomorrow: the card's four dates are all bookable. */
const newClass = (name: string, changes: Record<string, unknown> = {}) => createClassViaApi(site, token, name, { capacity: 1, ...changes });

async function mailTo(address: string, subject: string) {
  for (let tries = 0; tries < 100; tries++) {
    const found = smtp.received.find((mail) => mail.envelopeTo.includes(address) && mail.subject === subject);
    if (found) return found;
    await Bun.sleep(100);
  }
  throw new Error(`no mail "${subject}" to ${address}`);
}

/** The site with the class's card in view (every class shown). */
async function cardOf(page: Page, name: string) {
  await page.goto(site.url);
  await appStarted(page);
  const more = page.getByRole("button", { name: "View All Classes" });
  if (await more.count()) await more.click();
  return page.getByTestId("class-card").filter({ hasText: name });
}

async function bookFirstDate(page: Page, name: string, student: string, email: string, button: "Book" | "Waiting list" = "Book") {
  const card = await cardOf(page, name);
  await card
    .getByRole("button", { name: new RegExp(`^${button} ${name.replace(/[()]/g, "\\$&")}, `) })
    .first()
    .click();
  const form = page.getByRole("form", { name: new RegExp(`^Book ${name.replace(/[()]/g, "\\$&")}, `) });
  await form.getByLabel("Name *").fill(student);
  await form.getByLabel("Email *").fill(email);
  return form;
}

describe.each(Object.entries(SIZES))("a class date booked in the browser, at %s size", (size, viewport) => {
  test("two fields book a place; full, the next joins the waiting list; the same address is told; a place given back goes to the waiting one", async () => {
    const name = `Evening Hatha (${size})`;
    await newClass(name);
    const { context, page, errors } = await openPage(browser, viewport);
    try {
      const form = await bookFirstDate(page, name, "Asha Devi", `asha-${size}@example.org`);
      expect(await form.getByLabel("Phone *").count()).toBe(0);
      expect(await axeViolations(page, "a class date's booking form")).toEqual([]);
      await form.getByRole("button", { name: "Book", exact: true }).click();
      const booked = page.getByTestId("booked");
      await booked.getByText(new RegExp(`^You're booked for ${name.replace(/[()]/g, "\\$&")}, \\w{3}, \\w{3} \\d{1,2}, 8:00 PM\\.$`)).waitFor();
      expect(await booked.innerText()).toContain(`We've sent the details to asha-${size}@example.org.`);
      expect(await axeViolations(page, "a class date booked")).toEqual([]);
      const confirmation = await mailTo(`asha-${size}@example.org`, `You're registered: ${name}`);
      expect(confirmation.attachments[0]?.filename).toMatch(/\.ics$/);

      // The date is full now: the card says so, and the next joins the waiting list.
      const full = await bookFirstDate(page, name, "Bela Rao", `bela-${size}@example.org`, "Waiting list");
      expect(await full.innerText()).toContain("full, join the waiting list");
      await full.getByRole("button", { name: "Join the waiting list" }).click();
      await page.getByTestId("booked").getByText(`You are number 1.`, { exact: false }).waitFor();
      expect(await page.getByTestId("booked").innerText()).toContain(`You're on the waiting list for ${name}`);

      // The same address again is told it is booked already.
      const again = await bookFirstDate(page, name, "Asha Devi", `asha-${size}@example.org`, "Waiting list");
      await again.getByRole("button", { name: "Join the waiting list" }).click();
      await expectToast(page, "You're already booked for this class on ");

      // Asha gives her place back by her mail's link: Bela has it.
      const link = /https?:\/\/\S+\/api\/registrations\/cancel\?id=\d+&token=[\w-]+/.exec(confirmation.text ?? "")?.[0];
      expect(link).toBeDefined();
      await page.goto(link as string);
      const notice = page.getByRole("region", { name: new RegExp(`^Cancel Asha Devi's place at ${name.replace(/[()]/g, "\\$&")}, \\w+day, `) });
      await notice.getByText("Your place goes to the next person on the waiting list.").waitFor();
      expect(await axeViolations(page, "a class date's cancel page")).toEqual([]);
      await notice.getByRole("button", { name: "Cancel my place" }).click();
      await page.getByRole("region", { name: "Your registration is cancelled" }).waitFor();
      await mailTo(`bela-${size}@example.org`, `A place is yours: ${name}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
      // The one error is the browser's note of the 409 that told Asha she was booked.
      expect(errors).toEqual(["Failed to load resource: the server responded with a status of 409 (Conflict)"]);
    } finally {
      await context.close();
    }
  }, 90_000);
});

describe("a drop-in and a date called off", () => {
  test("a drop-in is paid through Checkout and the notice names the class and its date; at 320 px nothing scrolls sideways", async () => {
    const name = "Morning Pranayama";
    await newClass(name, { price: 2000, capacity: 10 });
    const { context, page, errors } = await openPage(browser, { width: 320, height: 700 });
    try {
      const form = await bookFirstDate(page, name, "Chen Li", "chen@example.org");
      expect(await form.getByLabel("Ticket *").innerText()).toContain("Drop-in: A$20.00");
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
      await form.getByRole("button", { name: "Book", exact: true }).click();
      await page.waitForURL(`${stripe.url}/pay/**`);
      expect(await page.locator("main").innerText()).toContain(`${name}, `);
      await page.getByRole("button", { name: "Pay" }).click();
      await page.waitForURL(`${site.url}/**`);
      await page.getByRole("heading", { name: new RegExp(`^Payment received: you're registered for ${name}, \\w+day, `) }).waitFor();
      expect(await axeViolations(page, "a drop-in paid")).toEqual([]);
      await mailTo("chen@example.org", `You're registered: ${name}`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  test("'Cancel this date': everyone booked is mailed her message, and the card shows it off", async () => {
    const name = "Sunday Satsang";
    const { id } = await newClass(name, { capacity: 5 });
    const date = day(1);
    for (const email of ["dev@example.org", "eka@example.org"]) {
      const response = await fetch(`${site.url}/api/classes/${id}/dates/${date}/bookings`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.39.0.${email.length}` },
        body: JSON.stringify({ name: "Student", email }),
      });
      expect(response.status).toBe(201);
    }
    expect(await adminApi(site, token, "POST", `/api/admin/classes/${id}/dates/${date}/cancel`, { reason: REASON })).toEqual({
      cancelled: 2,
      refunded: 0,
    });
    for (const email of ["dev@example.org", "eka@example.org"]) expect((await mailTo(email, `Cancelled: ${name}`)).text).toContain(REASON);
    const { context, page } = await openPage(browser, SIZES.phone);
    try {
      const card = await cardOf(page, name);
      await card.getByText(`Cancelled: ${REASON}`).waitFor();
    } finally {
      await context.close();
    }
  }, 90_000);
});

describe.each(Object.entries(SIZES))("the door of a class date, at %s size", (size, viewport) => {
  test("the Classes tab shows each date's places booked; its door list ticks who came and adds someone at the door", async () => {
    const name = `Door Yoga (${size})`;
    const { id } = await newClass(name, {
      capacity: 3,
      schedule: { weekdays: [1, 2, 3, 4, 5, 6, 7], start: "20:00", minutes: 60, from: day(-14), until: null, skip: [] },
    });
    const students: [string, string][] = [
      ["Asha Devi", `door-asha-${size}@example.org`],
      ["Bela Rao", `door-bela-${size}@example.org`],
    ];
    for (const [student, email] of students) {
      const booked = await fetch(`${site.url}/api/classes/${id}/dates/${day(1)}/bookings`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.40.${size.length}.${email.length}` },
        body: JSON.stringify({ name: student, email }),
      });
      expect(booked.status).toBe(201);
    }
    const { context, page, errors } = await openPage(browser, viewport);
    try {
      await openDashboard(page, site, token, "classes");
      const dates = page.getByRole("list", { name: `Next dates of ${name}` });
      await dates.getByText("2 / 3 booked").waitFor();
      await dates
        .getByRole("listitem")
        .filter({ hasText: "2 / 3 booked" })
        .getByRole("button", { name: new RegExp(`^Door list of ${name.replace(/[()]/g, "\\$&")} on `) })
        .click();
      const door = dialog(page, "Door list");
      await door.getByTestId("door-counts").getByText("2 / 3 booked · 0 waiting · 0 came").waitFor();
      expect(await door.getByRole("list", { name: "Booked" }).innerText()).toContain("Asha Devi");
      await door.getByRole("checkbox", { name: "Came: Asha Devi" }).check();
      await door.getByTestId("door-counts").getByText("1 came", { exact: false }).waitFor();
      const add = door.getByRole("form", { name: "Add at the door" });
      await add.getByLabel("Name").fill("Chen Li");
      await add.getByLabel("Email").fill(`door-chen-${size}@example.org`);
      await add.getByRole("button", { name: "Add at the door" }).click();
      await expectToast(page, "Chen Li is on the door list");
      await door.getByTestId("door-counts").getByText("3 / 3 booked · 0 waiting · 2 came").waitFor();
      expect(await door.getByRole("checkbox", { name: "Came: Chen Li" }).isChecked()).toBe(true);
      expect(await axeViolations(page, "a class date's door list")).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
      await door.getByRole("button", { name: "Close" }).first().click();
      await door.waitFor({ state: "detached" });

      // A past date's door list, to record who came after the class.
      const other = page.getByRole("form", { name: `Door list of another date of ${name}` });
      await other.getByLabel("Another date's door list").fill(day(-7));
      await other.getByRole("button", { name: "Open" }).click();
      const past = dialog(page, "Door list");
      await past.getByText("Nobody is booked yet").waitFor();
      const late = past.getByRole("form", { name: "Add at the door" });
      await late.getByLabel("Name").fill("Dev Patel");
      await late.getByLabel("Email").fill(`door-dev-${size}@example.org`);
      await late.getByRole("button", { name: "Add at the door" }).click();
      await past.getByTestId("door-counts").getByText("1 / 3 booked · 0 waiting · 1 came").waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
