// Issue 12, accessibility: axe-core finds no WCAG 2.2 AA violation in any state a visitor or the admin reaches:
// the public page and each of its dialogs (one opened by its link too), the gallery, the mobile menu, each form with its
// errors shown, toasts, the 404 page, the admin login with its error, each admin tab, each create/edit dialog with its
// errors, and the confirms.

import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { type FakeYouTube, startFakeYouTube } from "../support/fake-youtube.ts";
import { alertDialog, apiToken, dialog, expectToast, openDashboard, openTab } from "./admin-helpers.ts";
import { axeViolations, launchBrowser, openPage, type Site, startSite, VIEWPORTS } from "./support.ts";

let site: Site;
let browser: Browser;
let youtube: FakeYouTube;

beforeAll(async () => {
  youtube = await startFakeYouTube();
  [site, browser] = await Promise.all([startSite({ env: youtube.env }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await youtube?.stop();
});

// YouTube's thumbnail host stands in as a 1x1 JPEG (the browser has no Internet here).
const PIXEL = Buffer.from(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AN//Z",
  "base64",
);

/**
 * Audits a page state by state: `check(state)` runs axe-core once the opening and closing animations have ended (a
 * half-faded dialog would fail the contrast rule) and keeps each violation as "state: rule (nodes): targets".
 */
function auditor(page: Page) {
  const violations: string[] = [];
  return {
    violations,
    async check(state: string) {
      violations.push(...(await axeViolations(page, state)));
    },
  };
}

async function openHome(viewport = VIEWPORTS.desktop) {
  const opened = await openPage(browser, viewport);
  await opened.page.route("https://i.ytimg.com/**", (route) => route.fulfill({ body: PIXEL, contentType: "image/jpeg" }));
  await opened.page.goto(site.url);
  await opened.page.getByTestId("event-card").first().waitFor();
  await opened.page.getByTestId("video-card").first().waitFor();
  return { ...opened, audit: auditor(opened.page) };
}

test("the public page: top, legal dialogs, event and archive details, galleries, the empty archive search", async () => {
  const { page, context, audit } = await openHome();
  await audit.check("top of the page");

  for (const name of ["Privacy Policy", "Terms of Use"]) {
    await page.getByRole("button", { name }).click();
    const legal = page.getByRole("dialog", { name });
    await legal.waitFor();
    await audit.check(`${name} dialog`);
    await page.keyboard.press("Escape");
    await legal.waitFor({ state: "detached" });
  }

  await page.getByRole("button", { name: "View More: Summer Silence Retreat" }).click();
  const details = page.getByRole("dialog", { name: "Summer Silence Retreat" });
  await details.waitFor();
  await audit.check("event details dialog");
  await details.getByRole("button", { name: "Open photo 2 of 3" }).click();
  await page.getByTestId("lightbox").waitFor();
  await audit.check("event photo lightbox");
  await page.keyboard.press("Escape");
  await page.getByTestId("lightbox").waitFor({ state: "detached" });
  await page.keyboard.press("Escape");
  await details.waitFor({ state: "detached" });

  const archive = page.locator("#archives");
  await archive.getByRole("searchbox").fill("karma");
  // The server answers the search (issue 33); the grid is busy until it has.
  await page.waitForFunction(() => !document.querySelector("#archives [aria-busy=true]"));
  await page
    .getByTestId("archive-card")
    .first()
    .getByRole("button", { name: /View Details & Photos/ })
    .click();
  const archiveDetails = page.getByRole("dialog", { name: "Symposium on Karma Yoga" });
  await archiveDetails.waitFor();
  await audit.check("archive details dialog");
  await archiveDetails.getByRole("button", { name: "Open photo 2 of 2" }).click();
  await page.getByTestId("lightbox").waitFor();
  await audit.check("archive photo gallery");
  await page.getByRole("button", { name: "Close photos" }).click();
  await page.getByTestId("lightbox").waitFor({ state: "detached" });
  await archiveDetails.getByRole("button", { name: "Close", exact: true }).click();
  await archiveDetails.waitFor({ state: "detached" });

  await archive.getByRole("searchbox").fill("no such thing");
  await page.getByText("No events match your filter criteria.").waitFor();
  await audit.check("archive search without results");
  expect(audit.violations).toEqual([]);
  await context.close();
});

test("an event's link (/?event=1): the page with its dialog open", async () => {
  const { page, context } = await openPage(browser);
  await page.goto(`${site.url}/?event=1`);
  await page.getByRole("dialog", { name: "Summer Silence Retreat" }).waitFor();
  const audit = auditor(page);
  await audit.check("event link with its dialog open");
  expect(audit.violations).toEqual([]);
  await context.close();
});

test("the public forms with their errors shown, and their toasts", async () => {
  const { page, context, audit } = await openHome();

  await page.getByRole("button", { name: "Register for Summer Silence Retreat" }).click();
  const registration = page.getByRole("dialog", { name: "Summer Silence Retreat" }).getByRole("form", { name: "Event registration" });
  await registration.getByRole("button", { name: "Register" }).click();
  await registration.getByText("Phone number is required").waitFor();
  await audit.check("registration form with its errors");
  await registration.getByLabel("Name *").fill("Asha Patel");
  await registration.getByLabel("Email *").fill("asha@example.com");
  await registration.getByLabel("Phone *").fill("0400 123 456");
  await page.route("**/api/events/*/registrations", (route) => route.abort());
  await registration.getByRole("button", { name: "Register" }).click();
  await expectToast(page, "There was a problem with your registration. Please try again.");
  await audit.check("registration failure toast over the dialog");
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").waitFor({ state: "detached" });

  const contact = page.getByRole("form", { name: "Contact form" });
  await contact.getByRole("button", { name: "Send Message" }).click();
  await contact.getByText("Message must be at least 10 characters").waitFor();
  await audit.check("contact form with its errors");
  await contact.getByLabel("Name *").fill("Ravi");
  await contact.getByLabel("Email *").fill("ravi@example.com");
  await contact.getByLabel("Subject *").fill("Classes");
  await contact.getByLabel("Message *").fill("Is the Tuesday circle open to newcomers?");
  await contact.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Thank you for your message! We will respond as soon as possible.");
  await audit.check("contact success toast");

  const newsletter = page.getByRole("form", { name: "Newsletter signup" });
  await newsletter.getByLabel("Email address").fill("not-an-address");
  await newsletter.getByRole("button", { name: "Subscribe" }).click();
  await expectToast(page, "Please enter a valid email address");
  await audit.check("newsletter error toast");
  expect(audit.violations).toEqual([]);
  await context.close();
});

test("the phone layout with the menu open, the videos while they load, and the 404 page", async () => {
  const { page, context, audit } = await openHome(VIEWPORTS.phone);
  await audit.check("phone: top of the page");
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByTestId("mobile-menu").waitFor({ state: "visible" });
  await audit.check("phone: menu open");
  await context.close();

  const loading = await openPage(browser);
  const held = auditor(loading.page);
  await loading.page.route("**/api/youtube/videos*", () => {}); // never answered: the skeletons stay
  await loading.page.goto(site.url);
  await loading.page.getByTestId("video-skeleton").first().waitFor();
  await held.check("videos loading");
  await loading.page.goto(`${site.url}/no/such/page`);
  await loading.page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
  await held.check("404 page");
  expect([...audit.violations, ...held.violations]).toEqual([]);
  await loading.context.close();
});

test("the admin login with its error", async () => {
  const { page, context } = await openPage(browser);
  const audit = auditor(page);
  await page.goto(`${site.url}/admin`);
  await page.getByRole("heading", { name: "Admin Login" }).waitFor();
  await audit.check("login");
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("alert").filter({ hasText: "Invalid credentials" }).waitFor();
  await expectToast(page, "Login failed");
  await audit.check("login failed, with its alert and toast");
  expect(audit.violations).toEqual([]);
  await context.close();
});

test("each admin tab, the archive entries, a message and the registrations", async () => {
  const token = await apiToken(site);
  const { page, context } = await openPage(browser);
  const audit = auditor(page);
  await openDashboard(page, site, token);
  await page.getByRole("textbox", { name: "Biography", exact: true }).waitFor();
  await audit.check("Profile tab");

  await openTab(page, "Events");
  await page.getByRole("list", { name: "Events" }).getByRole("listitem").first().waitFor();
  await page
    .getByRole("button", { name: /^Registrations for / })
    .first()
    .getByText(/\d+ registrations?/)
    .waitFor();
  await audit.check("Events tab");
  await page.getByRole("button", { name: "Show archive entries" }).click();
  await page.getByRole("list", { name: "Archive entries" }).getByRole("listitem").first().waitFor();
  await audit.check("Events tab with the archive entries");
  await page
    .getByRole("button", { name: /^Registrations for / })
    .first()
    .click();
  const registrations = dialog(page, "Registrations");
  await registrations.waitFor();
  await audit.check("registrations dialog");
  await page.keyboard.press("Escape");
  await registrations.waitFor({ state: "hidden" });

  for (const [tab, ready] of [
    ["Classes", () => page.getByRole("list", { name: "Classes" }).getByRole("listitem").first()],
    ["Messages", () => page.getByText(/\d+ Unread/)],
    ["Subscribers", () => page.getByRole("button", { name: "Export CSV" })],
    ["Notifications", () => page.getByRole("heading", { name: "Manage Notifications" })],
    ["Data Sync", () => page.getByRole("heading", { name: "Data Sync & Persistence" })],
  ] as const) {
    await openTab(page, tab);
    await ready().waitFor();
    await audit.check(`${tab} tab`);
  }

  await openTab(page, "Messages");
  await page.getByRole("button", { name: "View" }).first().click();
  await page.getByRole("dialog").waitFor();
  await audit.check("message dialog");
  expect(audit.violations).toEqual([]);
  await context.close();
});

test("the event, archive entry and class dialogs with their errors shown, a select open, and a delete confirmation", async () => {
  const token = await apiToken(site);
  const { page, context } = await openPage(browser);
  const audit = auditor(page);
  await openDashboard(page, site, token, "events");

  await page.getByRole("button", { name: "+ Create Event" }).click();
  const createEvent = dialog(page, "Create Event");
  await createEvent.getByRole("button", { name: "Create Event" }).click();
  await createEvent.getByText("Description must be at least 10 characters").waitFor();
  await audit.check("Create Event with its errors");
  await createEvent.getByRole("button", { name: "Cancel" }).click();
  await createEvent.waitFor({ state: "hidden" });
  const firstEvent = page.getByRole("list", { name: "Events" }).getByRole("listitem").first();
  await firstEvent.getByRole("button", { name: /^Edit / }).click();
  const editEvent = dialog(page, "Edit Event");
  await editEvent.getByLabel("Name").fill("ab");
  await editEvent.getByRole("button", { name: "Update Event" }).click();
  await editEvent.getByText("Name must be at least 3 characters").waitFor();
  await audit.check("Edit Event with its error");
  // Issue 38: what she typed is not dropped without asking.
  await editEvent.getByRole("button", { name: "Cancel" }).click();
  await alertDialog(page, "Discard changes?").waitFor();
  await audit.check("Discard changes?");
  await alertDialog(page, "Discard changes?").getByRole("button", { name: "Discard" }).click();
  await editEvent.waitFor({ state: "hidden" });
  await firstEvent.getByRole("button", { name: /^Delete / }).click();
  await alertDialog(page, "Delete Event").waitFor();
  await audit.check("Delete Event confirmation");
  await alertDialog(page, "Delete Event").getByRole("button", { name: "Cancel" }).click();
  await alertDialog(page, "Delete Event").waitFor({ state: "hidden" });

  await page.getByRole("button", { name: "Show archive entries" }).click();
  await page.getByRole("button", { name: "+ Add Archive Entry" }).click();
  const addEntry = dialog(page, "Add Archive Entry");
  await addEntry.getByRole("button", { name: "Add Entry" }).click();
  await addEntry.getByRole("alert").first().waitFor();
  await audit.check("Add Archive Entry with its errors");
  await addEntry.getByRole("button", { name: "Cancel" }).click();
  await addEntry.waitFor({ state: "hidden" });

  await openTab(page, "Classes");
  await page.getByRole("button", { name: "+ Create Class" }).click();
  const createClass = dialog(page, "Create Class");
  await createClass.getByRole("button", { name: "Create Class" }).click();
  await createClass.getByText("Days must be at least 2 characters").waitFor();
  await audit.check("Create Class with its errors");
  await createClass.getByRole("combobox", { name: "Level" }).click();
  await page.getByRole("option").first().waitFor();
  await audit.check("Create Class with the Level select open");
  await page.keyboard.press("Escape");
  await page.getByRole("option").first().waitFor({ state: "hidden" });
  await createClass.getByRole("button", { name: "Cancel" }).click();
  await createClass.waitFor({ state: "hidden" });
  await page
    .getByRole("list", { name: "Classes" })
    .getByRole("listitem")
    .first()
    .getByRole("button", { name: /^Edit / })
    .click();
  await dialog(page, "Edit Class").waitFor();
  await audit.check("Edit Class");
  await dialog(page, "Edit Class").getByRole("button", { name: "Cancel" }).click();
  expect(audit.violations).toEqual([]);
  await context.close();
});

test("the notification, password, YouTube key and profile forms with their errors shown, and the other confirmations", async () => {
  const token = await apiToken(site);
  const { page, context } = await openPage(browser);
  const audit = auditor(page);
  await openDashboard(page, site, token, "notifications");

  await page.getByRole("button", { name: "Add New Notification" }).click();
  const createNotification = dialog(page, "Create New Notification");
  await createNotification.getByRole("button", { name: "Create Notification" }).click();
  await createNotification.getByText("Message must be at least 5 characters").waitFor();
  await audit.check("Create New Notification with its error");
  await createNotification.getByRole("button", { name: "Cancel" }).click();
  await createNotification.waitFor({ state: "hidden" });
  await page.getByRole("button", { name: "Edit notification" }).first().click();
  await dialog(page, "Edit Notification").waitFor();
  await audit.check("Edit Notification");
  await dialog(page, "Edit Notification").getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: "Delete notification" }).first().click();
  await alertDialog(page, "Are you sure?").waitFor();
  await audit.check("Delete notification confirmation");
  await alertDialog(page, "Are you sure?").getByRole("button", { name: "Cancel" }).click();

  await openTab(page, "Subscribers");
  await page
    .getByRole("button", { name: /^Delete .+@/ })
    .first()
    .click();
  await alertDialog(page, "Delete Subscriber").waitFor();
  await audit.check("Delete Subscriber confirmation");
  await alertDialog(page, "Delete Subscriber").getByRole("button", { name: "Cancel" }).click();

  await openTab(page, "Data Sync");
  await page.getByRole("button", { name: "Restore from app_data" }).click();
  await alertDialog(page, "Restore Data from app_data?").waitFor();
  await audit.check("Restore confirmation");
  await alertDialog(page, "Restore Data from app_data?").getByRole("button", { name: "Cancel" }).click();

  await openTab(page, "Profile");
  await page.getByRole("button", { name: "Reset Password" }).click();
  const reset = dialog(page, "Reset Password");
  await reset.getByLabel("New Password", { exact: true }).fill("abc");
  await reset.getByRole("button", { name: "Reset Password" }).click();
  await reset.getByText("New password must be at least 6 characters long").waitFor();
  await audit.check("Reset Password with its errors");
  await page.keyboard.press("Escape");
  await reset.waitFor({ state: "hidden" });
  await page.getByRole("button", { name: "Update YouTube API Key" }).click();
  await dialog(page, "Update YouTube API Key").waitFor();
  await audit.check("Update YouTube API Key dialog");
  await page.keyboard.press("Escape");
  await dialog(page, "Update YouTube API Key").waitFor({ state: "hidden" });

  await page.getByLabel("Name", { exact: true }).fill("S");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await page.getByText("Name must be at least 2 characters", { exact: true }).waitFor();
  await audit.check("Profile form with its error");
  expect(audit.violations).toEqual([]);
  await context.close();
});
