// Issue 39 in Chromium, at 390 and 1280 px, axe clean: the teacher gives a class its weekly dates through the class
// form (weekdays, start, length, first date, places, a drop-in price, hybrid with its join link) and cancels one date
// with her message; the public card shows its next dates with the places left and the date called off, the feed marks
// it cancelled, and the join link is on no public page, answer or feed.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { alertDialog, apiToken, choose, dialog, expectToast, openDashboard } from "./admin-helpers.ts";
import { appStarted, axeViolations, launchBrowser, openPage, type Site, startSite } from "./support.ts";

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };
const JOIN = "https://meet.example.org/private-room-42";
const REASON = "Swamiji is unwell; back next week";

let site: Site;
let browser: Browser;
let token: string;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ appData: null }), launchBrowser()]);
  token = await apiToken(site);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** Today in the site's zone (Melbourne), YYYY-MM-DD. */
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Australia/Melbourne" }).format(new Date());

describe.each(Object.entries(SIZES))("a class booked by the date, at %s size", (size, viewport) => {
  test("the class form gives it weekly dates, one is cancelled; its card shows the next four with their places and the one off, never its join link", async () => {
    const name = `Evening Pranayama (${size})`;
    const { context, page, errors } = await openPage(browser, viewport);
    try {
      await openDashboard(page, site, token, "classes");
      await page.getByRole("button", { name: "+ Create Class" }).click();
      const form = dialog(page, "Create Class");
      await form.getByLabel("Name").fill(name);
      await form.getByLabel("Days").fill("Tuesday, Thursday");
      await form.getByLabel("Time").fill("6:30 pm – 7:45 pm");
      await form.getByLabel("Location").fill("Association Hall, Fitzroy");
      const description = form.getByRole("textbox", { name: "Description", exact: true });
      await description.click();
      await page.keyboard.type("Slow breathing and a long rest.");
      await form.getByLabel("Booked by the date (a weekly schedule)").check();
      const weekdays = form.getByRole("group", { name: "Weekdays" });
      for (const day of ["Tuesday", "Thursday"]) await weekdays.getByLabel(day).check();
      await form.getByLabel("Starts at").fill("18:30");
      await form.getByLabel("Minutes").fill("75");
      await form.getByLabel("First date").fill(today());
      await form.getByLabel("Places per date").fill("20");
      await form.getByLabel("Drop-in price (A$)").fill("20");
      await choose(form, page, "Where", "In person and online");
      await form.getByLabel(/^Join link/).fill(JOIN);
      expect(await axeViolations(page, "the class form with a schedule")).toEqual([]);
      await form.getByRole("button", { name: "Create Class" }).click();
      await expectToast(page, "Class created successfully");

      // 'Cancel this date' from the class's card, with her message.
      const adminDates = page.getByRole("list", { name: `Next dates of ${name}` });
      await adminDates
        .getByRole("button", { name: new RegExp(`^Cancel ${name.replace(/[()]/g, "\\$&")} on `) })
        .first()
        .click();
      const ask = alertDialog(page, "Cancel this date");
      await ask.getByLabel("Your message to everyone").fill(REASON);
      expect(await axeViolations(page, "cancel this date")).toEqual([]);
      await ask.getByRole("button", { name: "Cancel this date" }).click();
      await expectToast(page, "The date is cancelled");
      await adminDates.getByText("Cancelled", { exact: true }).waitFor();

      await page.goto(site.url);
      await appStarted(page);
      // The first three show at once; the tests of both sizes add theirs.
      const more = page.getByRole("button", { name: "View All Classes" });
      if (await more.count()) await more.click();
      const card = page.getByTestId("class-card").filter({ hasText: name });
      const dates = card.getByTestId("class-dates").getByRole("listitem");
      expect(await dates.count()).toBe(4);
      const texts = await dates.allInnerTexts();
      for (const text of texts)
        expect(text).toMatch(/^(Tue|Thu), \w{3} \d{1,2}, 6:30 PM\s+(20 of 20 places left\s+Book\s.*|Bookings closed|Cancelled: .*)$/s);
      expect(texts.filter((text) => text.endsWith(`Cancelled: ${REASON}`))).toHaveLength(1);
      expect(await axeViolations(page, "a class card with its dates")).toEqual([]);
      // Its own link: the dialog with its dates for the next eight weeks (Tuesdays and Thursdays: 16 or 17).
      await card.getByRole("link", { name: `All dates of ${name}` }).click();
      const classDialog = page.getByTestId("class-dialog");
      await classDialog.getByRole("heading", { name: "Dates in the next 8 weeks" }).waitFor();
      expect(page.url()).toMatch(/\/\?class=\d+$/);
      const windowDates = await classDialog.getByTestId("class-dates").getByRole("listitem").count();
      expect(windowDates).toBeGreaterThanOrEqual(15);
      expect(windowDates).toBeLessThanOrEqual(17);
      expect(await classDialog.innerText()).toContain(`Cancelled: ${REASON}`);
      expect(await axeViolations(page, "a class's own dialog")).toEqual([]);
      await page.keyboard.press("Escape");
      await classDialog.waitFor({ state: "detached" });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
      expect(await page.content()).not.toContain(JOIN);
      expect(await (await fetch(`${site.url}/api/classes`)).text()).not.toContain(JOIN);
      expect(await (await fetch(site.url)).text()).not.toContain(JOIN);
      const feed = await (await fetch(`${site.url}/calendar/classes.ics`)).text();
      expect(feed).toContain("STATUS:CANCELLED");
      expect(feed).not.toContain(JOIN);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
