// Issue 23 in Chromium against the real server and a real SMTP server: a visitor joins the waiting list of a full
// event, the cancel link's page works without JavaScript (and the waiting one moves up), and the door list at 360 px.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { type SmtpServer, startSmtpServer } from "../support/smtp.ts";
import { adminApi, apiToken, dialog, openDashboard } from "./admin-helpers.ts";
import { axeViolations, launchBrowser, openPage, type Site, startSite, VIEWPORTS } from "./support.ts";

let smtp: SmtpServer;
let site: Site;
let browser: Browser;
let token: string;
let eventId: number;
const EVENT = "Full Moon Retreat";
const FIRST = "first.guest@example.org";
const VISITOR = "waiting.visitor@example.org";

beforeAll(async () => {
  smtp = await startSmtpServer();
  [site, browser] = await Promise.all([
    startSite({ appData: null, env: { SMTP_URL: smtp.url, MAIL_FROM: "Vedanta & Yoga <hello@example.org>", MAIL_PER_MINUTE: "6000" } }),
    launchBrowser(),
  ]);
  token = await apiToken(site);
  const event = await adminApi<{ id: number }>(site, token, "POST", "/api/admin/events", {
    name: EVENT,
    type: "retreat",
    startDate: "2030-06-12",
    time: "9:00 am - 5:00 pm",
    location: "Warburton Retreat Centre",
    description: "<p>A day of silence in the hills.</p>",
    capacity: 1,
  });
  eventId = event.id;
  const first = await fetch(`${site.url}/api/events/${eventId}/registrations`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Asha First", email: FIRST, phone: "0400 000 001" }),
  });
  expect(await first.json()).toEqual({ state: "confirmed" });
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await smtp?.close();
});

const mailsTo = (address: string) => smtp.received.filter((mail) => mail.envelopeTo.includes(address));
const cancelLinkIn = (text: string | undefined) => new RegExp(`${site.url}/api/registrations/cancel\\?id=\\d+&token=[\\w-]+`).exec(text ?? "")?.[0];

describe("registrations in the browser", () => {
  test("a name with digits, a link or over 80 characters shows the field's message, and nothing is sent (issue 30)", async () => {
    const { context, page, errors } = await openPage(browser);
    try {
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && request.url().includes("/registrations")) posts.push(request.url());
      });
      await page.goto(site.url);
      const card = page.getByTestId("event-card").filter({ hasText: EVENT });
      await card.getByRole("button", { name: `Join the waiting list for ${EVENT}` }).click();
      const form = page.getByRole("form", { name: "Event registration" });
      const name = form.getByLabel("Name *");
      await form.getByLabel("Email *").fill("spam.target@example.org");
      await form.getByLabel("Phone *").fill("0400 000 009");
      for (const [typed, message] of [
        ["Win 1000 dollars", "Name can only contain letters, spaces and . ' -"],
        ["Visit prizes.example", "Name can only contain letters, spaces and . ' -"],
        ["A".repeat(81), "Name must be at most 80 characters"],
      ]) {
        await name.fill(typed!);
        await form.getByRole("button", { name: "Join the waiting list" }).click();
        const error = form.getByRole("alert").filter({ hasText: message! });
        await error.waitFor();
        expect(await name.getAttribute("aria-invalid")).toBe("true");
        expect(await name.getAttribute("aria-describedby")).toBe(await error.getAttribute("id"));
      }
      expect(await axeViolations(page, "a name refused")).toEqual([]);
      // A real name clears the message as it is typed.
      await name.fill("Zoë O'Neil-Brown");
      await form.getByRole("alert").filter({ hasText: "Name" }).waitFor({ state: "detached" });
      expect(posts).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  test("a visitor joins the waiting list of a full event", async () => {
    const { context, page, errors } = await openPage(browser);
    try {
      await page.goto(site.url);
      const card = page.getByTestId("event-card").filter({ hasText: EVENT });
      await card.getByText("Fully booked").waitFor();
      await card.getByRole("button", { name: `Join the waiting list for ${EVENT}` }).click();
      const form = page.getByRole("form", { name: "Event registration" });
      await form.getByLabel("Name *").fill("Bela Waiting");
      await form.getByLabel("Email *").fill(VISITOR);
      await form.getByLabel("Phone *").fill("0400 000 002");
      await form.getByRole("button", { name: "Join the waiting list" }).click();
      // Issue 38 item 2: the form becomes a lasting panel.
      const panel = page.getByRole("status").filter({ hasText: `You're on the waiting list for ${EVENT}.` });
      await panel.waitFor();
      expect(await panel.innerText()).toContain(`You are number 1. We've sent the details to ${VISITOR}.`);
      expect(await form.count()).toBe(0);
      expect(await axeViolations(page, "waiting list joined")).toEqual([]);
      const [mail] = await waitForMail(VISITOR, `On the waiting list: ${EVENT}`);
      expect(mail!.text).toContain("You are number 1 on the waiting list");
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  test("the cancel link's page works without JavaScript; the waiting visitor moves up and is mailed", async () => {
    const [confirmation] = await waitForMail(FIRST, `You're registered: ${EVENT}`);
    const link = cancelLinkIn(confirmation!.text)!;
    expect(link).toBeDefined();
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.phone });
    try {
      const page = await context.newPage();
      await page.goto(link);
      const notice = page.getByRole("region", { name: "Cancel your registration?" });
      await notice.waitFor();
      // The page names nobody, and the GET changed nothing.
      const text = await page.locator("body").innerText();
      for (const secret of [FIRST, "Asha First", VISITOR]) expect(text).not.toContain(secret);
      expect((await registrations()).map((row) => row.state)).toEqual(["confirmed", "waiting"]);
      expect(await notice.getByRole("link", { name: "Keep my place" }).getAttribute("href")).toBe("/");
      await notice.getByRole("button", { name: "Cancel my place" }).click();
      await page.getByRole("region", { name: "Your registration is cancelled" }).waitFor();
      expect(new URL(page.url()).search).toBe("?registration=cancelled");
    } finally {
      await context.close();
    }
    expect((await registrations()).map((row) => row.state)).toEqual(["cancelled", "confirmed"]);
    // The same pages with scripts (axe runs in the page): no WCAG 2.2 AA violation.
    const { context: withScripts, page } = await openPage(browser, VIEWPORTS.phone);
    try {
      for (const path of [new URL(link).pathname + new URL(link).search, "/?registration=cancelled"]) {
        await page.goto(`${site.url}${path}`);
        await page.getByRole("region").first().waitFor();
        expect(await axeViolations(page, path)).toEqual([]);
      }
    } finally {
      await withScripts.close();
    }
    const [movedUp] = await waitForMail(VISITOR, `A place is yours: ${EVENT}`);
    expect(movedUp!.attachments.some((file) => file.contentType === "text/calendar")).toBe(true);
  }, 60_000);

  test("the door list at 360 px: search by name, 'Check in', the arrived count; no axe violation", async () => {
    const { context, page, errors } = await openPage(browser, VIEWPORTS.phone);
    try {
      await openDashboard(page, site, token, "events");
      await page.getByRole("button", { name: new RegExp(`^Registrations for ${EVENT}`) }).click();
      const registrationsDialog = dialog(page, "Registrations");
      await registrationsDialog.getByTestId("registration-counts").filter({ hasText: "1 / 1 places taken · 0 waiting · 1 cancelled" }).waitFor();
      await registrationsDialog.getByRole("tab", { name: "Door list" }).click();
      await registrationsDialog.getByText("0 of 1 arrived").waitFor();
      await registrationsDialog.getByLabel("Search by name").fill("bela");
      const checkIn = registrationsDialog.getByRole("button", { name: "Check in Bela Waiting" });
      await checkIn.click();
      await registrationsDialog.getByText("1 of 1 arrived").waitFor();
      expect(await checkIn.getAttribute("aria-pressed")).toBe("true");
      const box = (await registrationsDialog.getByRole("list", { name: "Door list" }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
      const button = (await checkIn.boundingBox())!;
      expect(button.height).toBeGreaterThanOrEqual(44);
      expect(await axeViolations(page, "check-in on a phone")).toEqual([]);
      expect((await registrations()).find((row) => row.email === VISITOR)!.checkedIn).toBe(true);
      await registrationsDialog.getByLabel("Search by name").fill("nobody");
      await registrationsDialog.getByText("Nobody by that name").waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});

type Row = { email: string; state: string; checkedIn: boolean };
const registrations = () => adminApi<Row[]>(site, token, "GET", `/api/admin/events/${eventId}/registrations`);

async function waitForMail(address: string, subject: string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const found = mailsTo(address).filter((mail) => mail.subject === subject);
    if (found.length) return found;
    await Bun.sleep(50);
  }
  throw new Error(`no mail "${subject}" to ${address}`);
}
