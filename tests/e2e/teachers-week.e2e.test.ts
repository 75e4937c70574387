// Issue 38 in Chromium, at 390 and 1280 px, axe clean in every state: the teacher cancels an event with her message
// (the site shows it off, its registrant is mailed), a student's registration becomes a lasting panel (and the same
// address again is told so), the cancel page names what it cancels, a refund keeps a deposit, and on a phone every
// admin tab is reachable. WebKit and Firefox run items 1, 2, 6 and 10 through tests/e2e/engines.ts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { type SmtpServer, startSmtpServer } from "../support/smtp.ts";
import { apiToken, createEventViaApi, openDashboard } from "./admin-helpers.ts";
import { appStarted, axeViolations, launchBrowser, openPage, type Site, startSite } from "./support.ts";

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };
const REASON = "Swamiji is unwell; a new date soon";

let smtp: SmtpServer;
let site: Site;
let browser: Browser;
let token: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [site, browser] = await Promise.all([
    startSite({ appData: null, env: { SMTP_URL: smtp.url, MAIL_FROM: "Vedanta & Yoga <hello@example.org>", MAIL_PER_MINUTE: "6000" } }),
    launchBrowser(),
  ]);
  token = await apiToken(site);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await smtp?.close();
});

const newEvent = (name: string, changes: Record<string, unknown> = {}) => createEventViaApi(site, token, name, changes);
const register = (eventId: number, name: string, email: string) =>
  fetch(`${site.url}/api/events/${eventId}/registrations`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name, email, phone: "0400 000 000" }),
  });
async function mailTo(address: string, subject: string) {
  for (let i = 0; i < 300; i++) {
    const found = smtp.received.find((mail) => mail.envelopeTo.includes(address) && mail.subject === subject);
    if (found) return found;
    await Bun.sleep(50);
  }
  throw new Error(`no mail "${subject}" to ${address}`);
}
/** The home page with every upcoming event shown ('View All Events': the tests of both sizes add theirs). */
async function allEvents(page: Page) {
  await page.goto(site.url);
  await appStarted(page);
  const more = page.getByRole("button", { name: "View All Events" });
  if (await more.count()) await more.click();
}
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth);

describe.each(Object.entries(SIZES))("a teacher's week at %s size", (size, viewport) => {
  test("'Cancel this event' with her message: the site shows it off, the registrant is mailed it", async () => {
    const name = `Called-off Kirtan (${size})`;
    const id = await newEvent(name);
    const student = `kirtan.${size}@example.org`;
    await register(id, "Asha Devi", student);
    const { context, page, errors } = await openPage(browser, viewport);
    try {
      await openDashboard(page, site, token, "events");
      await page.getByRole("button", { name: new RegExp(`^Registrations for ${name.replace(/[()]/g, "\\$&")}`) }).click();
      await page.getByRole("button", { name: "Cancel this event" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Cancel this event" });
      await confirm.getByLabel("Your message to everyone").fill(REASON);
      expect(await axeViolations(page, "cancel this event")).toEqual([]);
      await confirm.getByRole("button", { name: "Cancel this event" }).click();
      await confirm.waitFor({ state: "detached" });
      await page.getByRole("button", { name: "Cancelled" }).waitFor();
      await page.keyboard.press("Escape");
      await page.getByText("Cancelled", { exact: true }).first().waitFor();

      await allEvents(page);
      const card = page.getByTestId("event-card").filter({ hasText: name });
      expect(await card.getByTestId("event-cancelled").innerText()).toBe(`Cancelled: ${REASON}`);
      expect(await card.getByRole("button", { name: /^Register/ }).count()).toBe(0);
      expect(await axeViolations(page, "a cancelled event's card")).toEqual([]);
      expect(await noSidewaysScroll(page)).toBe(true);
      const mail = await mailTo(student, `Cancelled: ${name}`);
      expect(mail.text).toContain(REASON);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  test("a registration becomes a lasting panel; the same address again is told it is registered already", async () => {
    const name = `Sunday Satsang (${size})`;
    const id = await newEvent(name);
    const { context, page, errors } = await openPage(browser, viewport);
    try {
      for (const said of [`You're registered for ${name}.`, `You're already registered for ${name}.`]) {
        // The event's own link opens its dialog with the form.
        await page.goto(`${site.url}/?event=${id}`);
        await appStarted(page);
        const form = page.getByRole("form", { name: "Event registration" });
        await form.getByLabel("Name *").fill("Bela Rao");
        await form.getByLabel("Email *").fill(`satsang.${size}@example.org`);
        await form.getByLabel("Phone *").fill("0400 000 000");
        await form.getByRole("button", { name: "Register" }).click();
        const panel = page.getByRole("status").filter({ hasText: said });
        await panel.waitFor();
        await Bun.sleep(1_000);
        expect(await panel.isVisible()).toBe(true);
        expect(await axeViolations(page, said)).toEqual([]);
      }
      const confirmations = smtp.received.filter((mail) => mail.envelopeTo.includes(`satsang.${size}@example.org`));
      expect(confirmations.map((mail) => mail.subject)).toEqual([`You're registered: ${name}`]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  test("the cancel page names whose place, which event, which day; 'Keep my place'; once cancelled it says when", async () => {
    const name = `Gita Evening (${size})`;
    const id = await newEvent(name, { capacity: 1 });
    await register(id, "Chandra Iyer", `gita.${size}@example.org`);
    const mail = await mailTo(`gita.${size}@example.org`, `You're registered: ${name}`);
    const link = new RegExp(`${site.url}/api/registrations/cancel\\?id=\\d+&token=[\\w-]+`).exec(mail.text ?? "")![0];
    const { context, page, errors } = await openPage(browser, viewport);
    try {
      await page.goto(link);
      const notice = page.getByRole("region", { name: `Cancel Chandra Iyer's place at ${name}, October 4, 2030?` });
      await notice.waitFor();
      // Nobody waits: the page says nothing of a waiting list; a free place: nothing of a refund.
      expect(await notice.innerText()).not.toContain("waiting list");
      await register(id, "Dev Waiting", `gita.waiting.${size}@example.org`);
      await page.reload();
      await page
        .getByRole("region", { name: /^Cancel Chandra Iyer's place/ })
        .getByText("Your place goes to the next person on the waiting list.")
        .waitFor();
      expect(await axeViolations(page, "the cancel page")).toEqual([]);
      expect(await notice.getByRole("link", { name: "Keep my place" }).getAttribute("href")).toBe("/");
      await notice.getByRole("button", { name: "Cancel my place" }).click();
      await page.getByRole("region", { name: "Your registration is cancelled" }).waitFor();
      await page.goto(link);
      const already = page.getByRole("region", { name: /^This place was cancelled on / });
      await already.waitFor();
      expect(await already.getByRole("button").count()).toBe(0);
      expect(await axeViolations(page, "a place cancelled already")).toEqual([]);
      expect(await noSidewaysScroll(page)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  test("a dialog with changes asks 'Discard changes?' before Escape closes it; 'Keep editing' keeps her work", async () => {
    const { context, page, errors } = await openPage(browser, viewport);
    try {
      await openDashboard(page, site, token, "events");
      await page.getByRole("button", { name: "+ Create Event" }).click();
      const editor = page.getByRole("dialog", { name: "Create Event" });
      await editor.getByLabel("Name").fill("Half-typed Retreat");
      await page.keyboard.press("Escape");
      const ask = page.getByRole("alertdialog", { name: "Discard changes?" });
      await ask.waitFor();
      expect(await axeViolations(page, "discard changes?")).toEqual([]);
      await ask.getByRole("button", { name: "Keep editing" }).click();
      await ask.waitFor({ state: "detached" });
      expect(await editor.getByLabel("Name").inputValue()).toBe("Half-typed Retreat");
      await editor.getByRole("button", { name: "Cancel" }).click();
      await ask.getByRole("button", { name: "Discard" }).click();
      await editor.waitFor({ state: "detached" });
      // An untouched form closes at once.
      await page.getByRole("button", { name: "+ Create Event" }).click();
      await page.keyboard.press("Escape");
      await page.getByRole("dialog", { name: "Create Event" }).waitFor({ state: "detached" });
      expect(await ask.count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  test("every admin tab is reachable; the tab row never pushes the page sideways", async () => {
    const { context, page, errors } = await openPage(browser, viewport);
    try {
      await openDashboard(page, site, token);
      const last = page.getByRole("tab", { name: "Data Sync" });
      await last.click();
      expect(await last.getAttribute("aria-selected")).toBe("true");
      expect(await noSidewaysScroll(page)).toBe(true);
      expect(await axeViolations(page, "the last tab")).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
