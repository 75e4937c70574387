// Issue 33 item 3, every screen from 320 px: at 320, 360, 390, 768 and 1280 px no public or admin screen scrolls
// sideways, no element reaches past the viewport (outside a scroll container meant to scroll: the admin's tab row), no
// other scroll container scrolls, the admin's tab row has no vertical scrollbar, the contact e-mail breaks only after
// its `@`, and the admin's tables become one card per row on a phone, with no axe-core violation in those states.

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { type SmtpServer, startSmtpServer } from "../support/smtp.ts";
import { type StripeServer, startStripeServer } from "../support/stripe.ts";
import { adminApi, apiToken, dialog, openDashboard, openTab } from "./admin-helpers.ts";
import { axeViolations, launchBrowser, openPage, type Site, startSite } from "./support.ts";

const WIDTHS = [320, 360, 390, 768, 1280];
const LONG_EMAILS = [
  "kalyani.subramaniam-whitfield@mountainview-yoga-collective.example.org",
  "a.very.long.address.of.a.devoted.reader@vedanta-and-yoga-readers.example.com",
  "bhaktivedanta.ramakrishnananda@example.org",
] as const;
const LONG_TITLE = "An Extraordinarily Long Residential Retreat Title for Contemplative Practice in the Dandenong Ranges";
const TAB_READY: Record<string, string> = {
  Profile: "Save Profile",
  Events: "+ Create Event",
  Classes: "+ Create Class",
  Messages: "View",
  Subscribers: "Export CSV",
  Notifications: "Add New Notification",
  "Data Sync": "Sync to app_data",
  Money: "Refund",
};

let site: Site;
let smtp: SmtpServer;
let stripe: StripeServer;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let token: string;

const post = (path: string, body: unknown) =>
  fetch(`${site.url}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }).then(
    async (response) => expect(response.status, `${path}: ${await response.text()}`).toBeLessThan(300),
  );

beforeAll(async () => {
  [smtp, stripe] = await Promise.all([startSmtpServer(), startStripeServer()]);
  [site, browser] = await Promise.all([
    startSite({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Vedanta & Yoga <hello@example.org>", MAIL_PER_MINUTE: "6000", ...stripe.env() } }),
    launchBrowser(),
  ]);
  stripe.setWebhookUrl(`${site.url}/api/payments/stripe`);
  token = await apiToken(site, undefined, smtp);
  for (const email of LONG_EMAILS) await post("/api/newsletter", { email });
  await post("/api/contact", { name: "Kalyani", email: LONG_EMAILS[0], subject: LONG_TITLE, message: `${LONG_TITLE}\n${"Om shanti. ".repeat(30)}` });
  const event = await adminApi<{ id: number }>(site, token, "POST", "/api/admin/events", {
    name: LONG_TITLE,
    type: "retreat",
    startDate: "2030-06-12",
    time: "9:00 am - 5:00 pm",
    location: "Warburton Retreat Centre, 1 Very Long Mountain Road, Warburton East, Victoria",
    description: "<p>A day of silence in the hills.</p>",
    capacity: 20,
  });
  await post(`/api/events/${event.id}/registrations`, {
    name: "Kalyani Subramaniam",
    email: LONG_EMAILS[0],
    phone: "0400 000 001",
    additionalInfo: "Vegetarian meals please, and a quiet room away from the main hall if one is still free.",
  });
  // A paid place, for a row of the Money tab.
  const paid = await adminApi<{ id: number }>(site, token, "POST", "/api/admin/events", {
    name: `${LONG_TITLE}, the paid weekend`,
    type: "retreat",
    startDate: "2030-07-12",
    time: "9:00 am",
    location: "Warburton",
    description: "<p>Two days of silence.</p>",
    capacity: 20,
    price: 25000,
  });
  const registered = await fetch(`${site.url}/api/events/${paid.id}/registrations`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Kalyani Subramaniam", email: LONG_EMAILS[1], phone: "0400 000 002" }),
  });
  const { checkoutUrl } = (await registered.json()) as { checkoutUrl: string };
  await stripe.complete(stripe.sessionOf(checkoutUrl)!.id);
  await adminApi(site, token, "POST", "/api/admin/notifications", {
    message: `<p>${LONG_TITLE}: registrations open at https://vedantayoga.example.org/retreats/dandenong-ranges-2030</p>`,
    startDate: "2020-01-01",
    type: "info",
  });
  await adminApi(site, token, "POST", "/api/admin/newsletters", { subject: LONG_TITLE, body: "<p>Namaste.</p>" });
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await smtp?.close();
  stripe?.stop();
});

/**
 * What reaches past the viewport: the document's own sideways scroll, each visible element whose box ends outside it
 * (unless a scroll container meant to scroll holds it), and each other scroll container that scrolls.
 */
async function overflows(page: Page, state: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    // Only the outermost of the elements reaching past the viewport is named.
    const outside = new Set<Element>();
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${element.getAttribute("data-testid") ? `[${element.getAttribute("data-testid")}]` : ""} "${(element.textContent ?? "").trim().slice(0, 40)}"`;
    const scrolls = (element: Element) => ["auto", "scroll"].includes(getComputedStyle(element).overflowX);
    const clips = (element: Element) => getComputedStyle(element).overflowX !== "visible";
    const intended = (element: Element) => element.matches("[role=tablist]");
    if (document.documentElement.scrollWidth > width) problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const element of document.querySelectorAll("body *")) {
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (scrolls(element) && !intended(element) && element.scrollWidth > element.clientWidth + 1)
        problems.push(`${name(element)} scrolls sideways: ${element.scrollWidth} > ${element.clientWidth}`);
      if (element.matches("[role=tablist]") && element.scrollHeight > element.clientHeight)
        problems.push(`${name(element)} scrolls up and down: ${element.scrollHeight} > ${element.clientHeight}`);
      const box = element.getBoundingClientRect();
      // Wholly left of the page is kept there on purpose (the skip link, the forms' honeypot) and scrolls nothing.
      if (box.width === 0 || box.right <= 0.5 || (box.right <= width + 0.5 && box.left >= -0.5)) continue;
      if ([...outside].some((wider) => wider.contains(element))) continue;
      let held = false;
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (clips(parent)) {
          held = true;
          break;
        }
      }
      if (held) continue;
      outside.add(element);
      problems.push(`${name(element)} reaches past the viewport: ${Math.round(box.left)}..${Math.round(box.right)} of ${width}`);
    }
    return problems;
  });
  return found.map((problem) => `${state}: ${problem}`);
}

/** Where the link's text breaks into lines: the characters that begin a new line. */
async function lineStarts(page: Page, selector: string): Promise<string[]> {
  return await page.locator(selector).evaluate((link) => {
    const starts: string[] = [];
    const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
    let top: number | undefined;
    let before = "";
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let index = 0; index < text.length; index++) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = range.getBoundingClientRect();
        if (rect.width === 0) continue;
        if (top !== undefined && rect.top > top + 2) starts.push(`${before}|${text.slice(index)}`);
        top = rect.top;
        before = text.slice(0, index + 1);
      }
    }
    return starts;
  });
}

/** Each state a test looks at, checked for what reaches past the viewport and, at 320 px, by axe-core. */
function stateChecks(page: Page, width: number) {
  const problems: string[] = [];
  const violations: string[] = [];
  const check = async (state: string) => {
    problems.push(...(await overflows(page, state)));
    if (width === 320) violations.push(...(await axeViolations(page, state)));
  };
  return { check, problems, violations };
}

describe("every screen from 320 px", () => {
  for (const width of WIDTHS) {
    const phone = width < 768;
    test(`the public page at ${width} px: the page, an event, an archive event${phone ? ", the menu" : ""}`, async () => {
      const { page, context, errors } = await openPage(browser, { width, height: 800 });
      const { check, problems, violations } = stateChecks(page, width);
      await page.goto(site.url);
      await page.getByTestId("event-card").first().waitFor();
      await page.getByTestId("archive-card").first().waitFor();
      await check("the page");
      // The address either fits on one line or breaks after its @, never inside a name.
      const breaks = await lineStarts(page, '#contact a[href^="mailto:"]');
      expect(
        breaks.every((start) => start.startsWith("namaste@|vedantayoga.org.au")),
        breaks.join(", "),
      ).toBe(true);

      await page
        .getByRole("button", { name: /^View More: / })
        .first()
        .click();
      const event = page.getByRole("dialog");
      await event.waitFor();
      await check("an event's dialog");
      await page.keyboard.press("Escape");
      await event.waitFor({ state: "detached" });

      await page
        .getByTestId("archive-card")
        .first()
        .getByRole("button", { name: /View Details & Photos/ })
        .click();
      const archive = page.getByRole("dialog");
      await archive.waitFor();
      await check("an archive event's dialog");
      await page.keyboard.press("Escape");
      await archive.waitFor({ state: "detached" });

      if (phone) {
        await page.getByRole("button", { name: "Open menu" }).click();
        await page.getByTestId("mobile-menu").waitFor({ state: "visible" });
        await check("the menu open");
      }
      expect(problems).toEqual([]);
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });

    test(`the admin at ${width} px: every tab and an event's registrations`, async () => {
      const { page, context, errors } = await openPage(browser, { width, height: 800 });
      const { check, problems, violations } = stateChecks(page, width);
      await openDashboard(page, site, token);
      for (const [tab, ready] of Object.entries(TAB_READY)) {
        await openTab(page, tab);
        await page.getByRole("tabpanel").getByRole("button", { name: ready }).first().waitFor();
        if (tab === "Data Sync") await page.getByText(/^Sending as /).waitFor();
        await check(`the ${tab} tab`);
        if (tab === "Subscribers") {
          // Its name is the address alone: the cards' labels are seen, not read (the table's headers are).
          const cell = page.getByRole("cell", { name: LONG_EMAILS[0], exact: true });
          const box = (await cell.boundingBox())!;
          // One card per row on a phone: the address has the card's width, not a squeezed column's.
          if (phone) expect(box.width).toBeGreaterThan(width * 0.6);
        }
        if (tab === "Events") {
          await page.getByRole("button", { name: `Registrations for ${LONG_TITLE}, 1 registration` }).click();
          const registrations = dialog(page, "Registrations");
          await registrations.getByText(LONG_EMAILS[0]).waitFor();
          await check("an event's registrations");
          await page.keyboard.press("Escape");
          await registrations.waitFor({ state: "detached" });
          // Issue 33 item 2: the archive entries' search, filters and count.
          await page.getByRole("button", { name: "Show archive entries" }).click();
          await page.getByLabel("Search archive entries").waitFor();
          await page.getByRole("region", { name: "Archive Entries" }).getByTestId("list-count").waitFor();
          await check("the archive entries");
        }
      }
      expect(problems).toEqual([]);
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
