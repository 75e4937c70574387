// Issue 38 in Chromium, at 390 and 1280 px, axe clean in every state, against the tests' Stripe-protocol server and a
// real SMTP server: the teacher cancels an event with her message (the site shows it off, its registrant is mailed), a
// student's registration becomes a lasting panel (and the same address again is told so), the cancel page names what it
// cancels, a part refund keeps a deposit and frees the place, the Money tab tells gifts apart and stops one, a
// by-donation place starts at the suggested amount, the Events tab and the door list say what she needs, a test
// newsletter goes to her own address under a toast that covers no button, an event without photos is calm, and on a
// phone every admin tab is reachable. WebKit and Firefox run items 1, 2, 6 and 10 through tests/e2e/engines.ts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { type SmtpServer, startSmtpServer } from "../support/smtp.ts";
import { type StripeServer, startStripeServer } from "../support/stripe.ts";
import { adminApi, alertDialog, apiToken, createEventViaApi, dialog, expectToast, openDashboard, openTab, typeRichText } from "./admin-helpers.ts";
import { appStarted, axeViolations, launchBrowser, openPage, type Site, startSite } from "./support.ts";

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 900 } };
const REASON = "Swamiji is unwell; a new date soon";
const TEACHER = "teacher@example.org";

let smtp: SmtpServer;
let stripe: StripeServer;
let site: Site;
let browser: Browser;
let token: string;

beforeAll(async () => {
  [smtp, stripe] = await Promise.all([startSmtpServer(), startStripeServer()]);
  const mail = { SMTP_URL: smtp.url, MAIL_FROM: "Vedanta & Yoga <hello@example.org>", MAIL_PER_MINUTE: "6000", ADMIN_EMAIL: TEACHER };
  [site, browser] = await Promise.all([
    startSite({ appData: null, env: { ...mail, NOTIFY_EMAIL: TEACHER, TRUST_PROXY: "1", ...stripe.env() } }),
    launchBrowser(),
  ]);
  stripe.setWebhookUrl(`${site.url}/api/payments/stripe`);
  token = await apiToken(site, undefined, smtp);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  stripe?.stop();
  await smtp?.close();
});

const newEvent = (name: string, changes: Record<string, unknown> = {}) => createEventViaApi(site, token, name, changes);
/** Each API call comes from an address of its own (TRUST_PROXY): the public forms take 10 an address in 15 minutes. */
let client = 0;
const from = () => ({ "Content-Type": "application/json", "X-Forwarded-For": `10.38.0.${++client}` });
const register = (eventId: number, name: string, email: string, choice: { ticket?: "full" | "concession" } = {}) =>
  fetch(`${site.url}/api/events/${eventId}/registrations`, {
    method: "POST",
    headers: from(),
    body: JSON.stringify({ name, email, phone: "0400 000 000", ...choice }),
  });
/** Pays on the Stripe-protocol server's hosted page, as the payer's browser would post its form. */
const pay = (checkoutUrl: string, email: string) => fetch(checkoutUrl, { method: "POST", body: new URLSearchParams({ email }), redirect: "manual" });
/** A place paid through Checkout. */
async function paidPlace(eventId: number, name: string, email: string, ticket: "full" | "concession" = "full") {
  const answer = (await (await register(eventId, name, email, { ticket })).json()) as { checkoutUrl: string };
  await pay(answer.checkoutUrl, email);
}
/** A gift's Checkout; paid by `email` unless left open. */
async function gift(amount: number, monthly: boolean, email?: string) {
  const response = await fetch(`${site.url}/api/donations`, {
    method: "POST",
    headers: from(),
    body: JSON.stringify({ amount, monthly }),
  });
  const { checkoutUrl } = (await response.json()) as { checkoutUrl: string };
  if (email) await pay(checkoutUrl, email);
  return checkoutUrl;
}
const stateOf = async (eventId: number, email: string) =>
  (await adminApi<{ email: string; state: string }[]>(site, token, "GET", `/api/admin/events/${eventId}/registrations`)).find(
    (row) => row.email === email,
  )?.state;
/** The words of the element's text that the layout split over two lines (an address may wrap after its `@`). */
const wordsBroken = (scope: ReturnType<Page["locator"]>) =>
  scope.evaluate((root) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (const word of text.matchAll(/[^\s@]+@?/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
    return broken;
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
/** Nothing when the page does not scroll sideways; else what reaches past the viewport's right edge, outermost first. */
const pastTheEdge = (page: Page) =>
  page.evaluate(() =>
    document.documentElement.scrollWidth <= innerWidth
      ? []
      : [...document.querySelectorAll("body *")]
          .filter((element) => element.getBoundingClientRect().right > innerWidth + 0.5 && element.textContent)
          .slice(0, 5)
          .map((element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 60)}"`),
  );

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
      expect(await pastTheEdge(page)).toEqual([]);
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
      expect(await pastTheEdge(page)).toEqual([]);
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

  test("a part refund keeps a deposit and cancels the place: the waiting list moves, the mail says both", async () => {
    const name = `Deposit Retreat (${size})`;
    const id = await newEvent(name, { price: 4500, capacity: 1 });
    const payer = `deposit.${size}@example.org`;
    const next = `next.${size}@example.org`;
    await paidPlace(id, "Mira Shah", payer);
    expect(await stateOf(id, payer)).toBe("confirmed");
    expect(((await (await register(id, "Ravi Iyer", next, { ticket: "full" })).json()) as { state: string }).state).toBe("waiting");
    const { context, page, errors } = await openPage(browser, viewport);
    try {
      await openDashboard(page, site, token, "money");
      const row = page.getByRole("row").filter({ hasText: name }).filter({ hasText: "Mira Shah" });
      await row.getByRole("button", { name: "Refund" }).click();
      const ask = alertDialog(page, "Refund payment");
      const amount = ask.getByLabel("Amount to refund (A$)");
      expect(await amount.inputValue()).toBe("45.00");
      expect(await ask.getByLabel("Also cancel the place (it goes to the waiting list)").isChecked()).toBe(true);
      await amount.fill("30");
      expect(await axeViolations(page, "the refund dialog")).toEqual([]);
      await ask.getByRole("button", { name: "Refund" }).click();
      await expectToast(page, "Refunded, and they are mailed");
      await row.getByRole("cell", { name: "Refunded A$30.00, kept A$15.00" }).waitFor();
      expect(stripe.refunds.at(-1)?.amount).toBe(3000);
      const mail = await mailTo(payer, `Refunded: ${name}`);
      expect(mail.text).toContain("the organiser has refunded your payment and cancelled your place.");
      expect(mail.text).toContain("A$30.00 AUD of your payment of A$45.00 AUD");
      expect(await stateOf(id, payer)).toBe("cancelled");
      expect(await stateOf(id, next)).toBe("pending");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  test("the Money tab: a monthly gift is 'Active' until she stops it, then 'Stopped' and the donor mailed; abandoned Checkouts only under the filter", async () => {
    const donor = `monthly.${size}@example.org`;
    await gift(2500, true, donor);
    const abandoned = stripe.sessionOf(await gift(1700, false));
    await stripe.expire(abandoned?.id ?? "");
    const { context, page, errors } = await openPage(browser, viewport);
    try {
      await openDashboard(page, site, token, "money");
      const row = page.getByRole("row").filter({ hasText: donor });
      await row.getByRole("cell", { name: "Active" }).waitFor();
      expect(await page.getByRole("row").filter({ hasText: "A$17.00" }).count()).toBe(0);
      await page.getByLabel("Show abandoned Checkouts").check();
      await page.getByRole("row").filter({ hasText: "A$17.00" }).first().waitFor();
      await page.getByLabel("Show abandoned Checkouts").uncheck();
      await row.getByRole("button", { name: "Stop" }).click();
      const ask = alertDialog(page, "Stop this monthly gift");
      expect(await ask.innerText()).toContain(`Stop ${donor}'s gift of A$25.00 a month?`);
      expect(await axeViolations(page, "stop this monthly gift")).toEqual([]);
      await ask.getByRole("button", { name: "Stop the gift" }).click();
      await expectToast(page, "The monthly gift is stopped, and the donor is mailed");
      await row.getByRole("cell", { name: "Stopped" }).waitFor();
      expect(await row.getByRole("button", { name: "Stop" }).count()).toBe(0);
      await mailTo(donor, "Your monthly gift is stopped");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  test("by donation, the field starts at the suggested amount; 'I can't give now' is a free place on purpose", async () => {
    const name = `Dana Evening (${size})`;
    const id = await newEvent(name, { price: 2000, byDonation: true });
    const { context, page, errors } = await openPage(browser, viewport);
    try {
      await page.goto(`${site.url}/?event=${id}`);
      await appStarted(page);
      const form = page.getByRole("form", { name: "Event registration" });
      expect(await form.getByLabel("Your contribution (A$)").inputValue()).toBe("20.00");
      await form.getByLabel("Name *").fill("Tara Menon");
      await form.getByLabel("Email *").fill(`dana.${size}@example.org`);
      await form.getByLabel("Phone *").fill("0400 000 000");
      expect(await axeViolations(page, "a by-donation form")).toEqual([]);
      await form.getByRole("button", { name: "I can't give now" }).click();
      expect(await form.getByLabel("Your contribution (A$)").inputValue()).toBe("0");
      await form.getByRole("button", { name: "Register" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `You're registered for ${name}.` })
        .waitFor();
      expect(await stateOf(id, `dana.${size}@example.org`)).toBe("confirmed");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  test("the Events tab: soonest first, each card's price and places with the held ones; the door list's tickets; no word broken", async () => {
    const later = `Winter Retreat (${size})`;
    const sooner = `Autumn Retreat (${size})`;
    const laterId = await newEvent(later, { startDate: "2030-07-05", price: 4500, concessionPrice: 2500, capacity: 10 });
    await newEvent(sooner, { startDate: "2030-04-05" });
    await paidPlace(laterId, "Ananya Krishnamurthy", `ananya.krishnamurthy.${size}@example.org`, "concession");
    await register(laterId, "Held Person", `held.${size}@example.org`, { ticket: "full" });
    const { context, page, errors } = await openPage(browser, viewport);
    try {
      await openDashboard(page, site, token, "events");
      await page.getByRole("heading", { name: sooner }).waitFor();
      const names = await page.getByRole("heading", { level: 3 }).allInnerTexts();
      expect(names.indexOf(sooner)).toBeGreaterThanOrEqual(0);
      expect(names.indexOf(sooner)).toBeLessThan(names.indexOf(later));
      const card = page.getByRole("listitem", { name: later, exact: true });
      expect(await card.innerText()).toContain("A$45.00 · concession A$25.00");
      expect(await card.innerText()).toContain("2 / 10 places taken (1 held for payment)");
      await card.getByRole("button", { name: /^Registrations for / }).click();
      const door = dialog(page, "Registrations");
      await door.getByRole("cell", { name: "Concession · Paid A$25.00" }).waitFor();
      await door.getByRole("cell", { name: "Full price · Waiting for payment A$45.00" }).waitFor();
      expect(await wordsBroken(door.getByRole("table"))).toEqual([]);
      expect(await axeViolations(page, "the door list")).toEqual([]);
      await page.keyboard.press("Escape");
      // The Year follows the start date until she types one herself.
      await page.getByRole("button", { name: "+ Create Event" }).click();
      const editor = dialog(page, "Create Event");
      await editor.getByLabel("Start Date").fill("2031-02-14");
      expect(await editor.getByLabel("Year").inputValue()).toBe("2031");
      await editor.getByLabel("Year").fill("2030");
      await editor.getByLabel("Start Date").fill("2032-02-14");
      expect(await editor.getByLabel("Year").inputValue()).toBe("2030");
      const notice = await mailTo(TEACHER, `New registration: ${later}`);
      expect(notice.text).toContain("Concession: A$25.00");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  test("'Send a test to me' names her address and goes there; its toast covers none of the dialog's buttons", async () => {
    const { context, page, errors } = await openPage(browser, viewport);
    try {
      await openDashboard(page, site, token, "subscribers");
      await page.getByRole("button", { name: "Send Newsletter" }).click();
      const editor = dialog(page, "Send Newsletter");
      await editor.getByLabel("Subject").fill(`Notes from the ashram (${size})`);
      await typeRichText(editor, page, "Newsletter", "Satsang resumes on Sunday.");
      const test = editor.getByRole("button", { name: `Send a test to me (${TEACHER})` });
      await test.click();
      await expectToast(page, "Test copy queued");
      const toast = await page.getByTestId("toast").boundingBox();
      const covered: string[] = [];
      for (const button of await editor.getByRole("button").all()) {
        const box = await button.boundingBox();
        if (!toast || !box) continue;
        const apart =
          box.x + box.width <= toast.x || toast.x + toast.width <= box.x || box.y + box.height <= toast.y || toast.y + toast.height <= box.y;
        if (!apart) covered.push((await button.getAttribute("aria-label")) ?? (await button.innerText()));
      }
      expect(covered).toEqual([]);
      expect(await axeViolations(page, "a toast over the newsletter dialog")).toEqual([]);
      await mailTo(TEACHER, `Notes from the ashram (${size})`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  test("an event without photos shows a calm placeholder naming its kind", async () => {
    const name = `Quiet Kirtan (${size})`;
    await newEvent(name, { type: "kirtan" });
    const { context, page, errors } = await openPage(browser, viewport);
    try {
      await allEvents(page);
      const card = page.getByTestId("event-card").filter({ hasText: name });
      const placeholder = card.getByTestId("event-placeholder");
      expect(await placeholder.innerText()).toMatch(/^kirtan$/i);
      expect(await placeholder.evaluate((element) => getComputedStyle(element).backgroundImage)).toBe("none");
      expect(await axeViolations(page, "an event without photos")).toEqual([]);
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
      await openTab(page, "Data Sync");
      expect(await last.getAttribute("aria-selected")).toBe("true");
      await page.getByText(/^Sending as /).waitFor();
      expect(await pastTheEdge(page)).toEqual([]);
      expect(await axeViolations(page, "the last tab")).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
