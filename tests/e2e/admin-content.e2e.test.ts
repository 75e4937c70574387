// Events (with the rich-text editor, images, PDF attachment, registrations), archive entries, classes and
// notifications in Chromium against the real server: create / edit / delete with the spec's texts, the §5 messages,
// forced server failures that keep the dialog open, and the public page refreshed without a reload.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import {
  adminApi,
  alertDialog,
  apiToken,
  choose,
  dialog,
  downloadText,
  expectToast,
  openDashboard,
  TINY_PDF,
  TINY_PNG,
  typeRichText,
} from "./admin-helpers.ts";
import { launchBrowser, openPage, type Site, startSite } from "./support.ts";

let site: Site;
let browser: Browser;
let token: string;

type Row = Record<string, unknown> & { id: number };

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
  token = await apiToken(site);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const isoDay = (offsetDays: number) => {
  const date = new Date(Date.now() + offsetDays * 86_400_000);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
};

/** Loads the public page first (so its answers are cached), then moves to the admin tab without a reload. */
async function openFromPublicPage(page: Page, tab: string) {
  await page.goto(site.url);
  await page.evaluate((value) => localStorage.setItem("adminToken", value), token);
  await page.waitForLoadState("networkidle");
  await page.evaluate((path) => {
    history.pushState({}, "", path);
    dispatchEvent(new PopStateEvent("popstate"));
  }, `/admin?tab=${tab}`);
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
}

test("events: §5 messages, rich text with a safe link, images, PDF attachment, create, edit, registrations, delete, and a failed update keeps the dialog open", async () => {
  const { page, context } = await openPage(browser);
  await openFromPublicPage(page, "events");
  await page.getByRole("button", { name: "+ Create Event" }).click();
  const form = dialog(page, "Create Event");
  await form.waitFor();
  expect(await form.getByLabel("Year").inputValue()).toBe(String(new Date().getFullYear()));

  await form.getByLabel("Registration Link (optional)").fill("not a url");
  await form.getByRole("button", { name: "Create Event" }).click();
  for (const message of [
    "Name must be at least 3 characters",
    "Type must be at least 2 characters",
    "Start date is required",
    "Time is required",
    "Location must be at least 2 characters",
    "Description must be at least 10 characters",
    "Please enter a valid URL",
  ]) {
    await form.getByText(message, { exact: true }).waitFor();
  }

  await form.getByLabel("Name").fill("E2E Kirtan Evening");
  await form.getByLabel("Type").fill("celebration");
  await form.getByLabel("Start Date").fill(isoDay(2));
  await form.getByLabel("Time").fill("7:00 PM - 9:00 PM");
  await form.getByLabel("Location").fill("Fitzroy Hall");
  await form.getByLabel("Registration Link (optional)").fill("https://example.com/register");
  await form.getByLabel("Year").fill(""); // left empty: the start date's year is used

  // The editor: toolbar, bold, and a link that accepts only the allowed schemes.
  for (const tool of ["Bold", "Italic", "Heading 1", "Heading 2", "Bullet list", "Ordered list", "Paragraph", "Link", "Undo", "Redo"]) {
    expect(await form.getByRole("button", { name: tool, exact: true }).count()).toBe(1);
  }
  await typeRichText(form, page, "Description", "An evening of devotional chanting. ");
  await form.getByRole("button", { name: "Bold", exact: true }).click();
  await page.keyboard.type("All welcome");
  await form.getByRole("button", { name: "Bold", exact: true }).click();
  await page.keyboard.type(" ");
  await form.getByRole("button", { name: "Link", exact: true }).click();
  await form.getByLabel("Link URL").fill("javascript:alert(1)");
  await form.getByRole("button", { name: "Add", exact: true }).click();
  await form.getByText(/^Only http, https, ftp/).waitFor();
  await form.getByLabel("Link URL").fill("https://example.com/kirtan");
  await form.getByRole("button", { name: "Add", exact: true }).click();
  const link = form.getByRole("textbox", { name: "Description", exact: true }).locator("a");
  expect(await link.getAttribute("href")).toBe("https://example.com/kirtan");
  expect(await link.getAttribute("target")).toBe("_blank");
  expect(await link.getAttribute("rel")).toBe("noopener noreferrer nofollow");
  const box = await form.getByRole("textbox", { name: "Description", exact: true }).boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(200);

  await form.getByText("Highlighted", { exact: true }).click();

  // Image URLs: a blank one is not added, an invalid one is refused, others are listed and removable.
  const imageInput = form.getByLabel("Images", { exact: true }).first();
  await imageInput.fill("   ");
  await form.getByRole("button", { name: "Add image" }).click();
  expect(await form.getByRole("button", { name: /^Remove image/ }).count()).toBe(0);
  await imageInput.fill("not-a-url");
  await form.getByRole("button", { name: "Add image" }).click();
  await form.getByText("Please enter a valid URL").first().waitFor();
  await imageInput.fill("https://example.com/first.jpg");
  await imageInput.press("Enter");
  await imageInput.fill("https://example.com/second.jpg");
  await form.getByRole("button", { name: "Add image" }).click();
  await form.getByRole("button", { name: "Remove image 1" }).click();
  expect(await form.getByRole("button", { name: /^Remove image/ }).count()).toBe(1);

  // PDF attachment: a wrong type is refused, a PDF uploads ('temp'), Remove clears it.
  const attachment = form.getByLabel("Upload attachment");
  await attachment.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expectToast(page, "Invalid file type");
  await expectToast(page, "Please upload a PDF file");
  await attachment.setInputFiles({ name: "programme.pdf", mimeType: "application/pdf", buffer: TINY_PDF });
  await expectToast(page, "File uploaded");
  await form.getByRole("link", { name: "programme.pdf" }).waitFor();
  await form.getByRole("button", { name: "Remove", exact: true }).click();
  await expectToast(page, "Attachment removed");
  await form.getByLabel("Upload attachment").setInputFiles({ name: "programme.pdf", mimeType: "application/pdf", buffer: TINY_PDF });
  await form.getByRole("link", { name: "programme.pdf" }).waitFor();

  await form.getByRole("button", { name: "Create Event" }).click();
  await expectToast(page, "Event created successfully");
  await form.waitFor({ state: "hidden" });
  const card = page.getByRole("listitem", { name: "E2E Kirtan Evening" });
  await card.getByText("Highlighted").waitFor();

  const created = (await adminApi<Row[]>(site, token, "GET", "/api/admin/events")).find((event) => event.name === "E2E Kirtan Evening")!;
  expect(created.year).toBe(isoDay(2).slice(0, 4));
  expect(created.images).toEqual(["https://example.com/second.jpg"]);
  expect(created.attachmentName).toBe("programme.pdf");
  expect(String(created.attachmentFile)).toMatch(/^\/uploads\/.+\.pdf$/);
  expect(String(created.description)).toContain("<strong>All welcome</strong>");
  expect(String(created.description)).toContain('rel="noopener noreferrer nofollow"');
  expect(created.isHighlighted).toBe(true);

  // A registration shows in the count and the dialog, with a CSV export.
  const registration = await fetch(`${site.url}/api/events/${created.id}/registrations`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Asha Devi", email: "asha@example.com", phone: "0400 000 000", eventId: created.id }),
  });
  expect(registration.status).toBe(201);
  await page.getByRole("tab", { name: "Classes" }).click();
  await page.getByRole("tab", { name: "Events" }).click();
  await card.getByRole("button", { name: "Registrations for E2E Kirtan Evening" }).getByText("1 registration").waitFor();
  await card.getByRole("button", { name: "Registrations for E2E Kirtan Evening" }).click();
  const registrations = dialog(page, "Registrations");
  await registrations.getByRole("cell", { name: "Asha Devi" }).waitFor();
  const [csv] = await Promise.all([page.waitForEvent("download"), registrations.getByRole("button", { name: "Export CSV" }).click()]);
  expect(csv.suggestedFilename()).toMatch(/^registrations_e2e-kirtan-evening_\d{4}-\d{2}-\d{2}\.csv$/);
  expect(await downloadText(csv)).toContain("Asha Devi,asha@example.com");
  await registrations.getByRole("button", { name: "Close", exact: true }).first().click();

  // Edit: rename, then the public page shows the new name without a reload.
  await card.getByRole("button", { name: "Edit E2E Kirtan Evening" }).click();
  const edit = dialog(page, "Edit Event");
  await edit.getByLabel("Name").fill("E2E Kirtan Night");
  await edit.getByRole("button", { name: "Update Event" }).click();
  await expectToast(page, "Event updated successfully");
  await edit.waitFor({ state: "hidden" });
  await page.getByRole("listitem", { name: "E2E Kirtan Night" }).waitFor();
  await page.getByRole("link", { name: "View site" }).click();
  await page.getByText("E2E Kirtan Night").first().waitFor();
  await page.goBack();
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();

  // A forced failure: the event is deleted meanwhile, so the update answers 404; the dialog stays open.
  await page.getByRole("listitem", { name: "E2E Kirtan Night" }).getByRole("button", { name: "Edit E2E Kirtan Night" }).click();
  const failing = dialog(page, "Edit Event");
  await failing.getByLabel("Location").fill("Somewhere else");
  await adminApi(site, token, "DELETE", `/api/admin/events/${created.id}`);
  await failing.getByRole("button", { name: "Update Event" }).click();
  await expectToast(page, "Failed to update event");
  expect(await failing.isVisible()).toBe(true);
  await failing.getByRole("button", { name: "Cancel" }).click();

  // Delete with its confirm texts.
  const doomed = await adminApi<Row>(site, token, "POST", "/api/admin/events", {
    name: "E2E Doomed Event",
    type: "workshop",
    startDate: isoDay(30),
    time: "10:00 AM",
    location: "Hall",
    description: "<p>To be deleted soon.</p>",
  });
  await page.reload();
  await page.getByRole("button", { name: "Delete E2E Doomed Event" }).click();
  const confirm = alertDialog(page, "Delete Event");
  await confirm.getByText("Are you sure you want to delete this event? This action cannot be undone.").waitFor();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expectToast(page, "Event deleted successfully");
  await page.getByRole("listitem", { name: "E2E Doomed Event" }).waitFor({ state: "detached" });
  expect((await adminApi<Row[]>(site, token, "GET", "/api/admin/events")).some((event) => event.id === doomed.id)).toBe(false);

  // Past events stay listed, marked past.
  await page.getByText("Past", { exact: true }).first().waitFor();
  await context.close();
});

test("archive entries are editable inside the Events tab", async () => {
  const { page, context } = await openPage(browser);
  await openDashboard(page, site, token, "events");
  await page.getByRole("button", { name: "Show archive entries" }).click();
  const list = page.getByRole("list", { name: "Archive entries" });
  await list.getByRole("listitem").first().waitFor();
  const first = list.getByRole("listitem").first();
  const title = (await first.getAttribute("aria-label"))!;
  await first.getByRole("button", { name: `Edit ${title}` }).click();
  const form = dialog(page, "Edit Archive Entry");
  await form.getByLabel("Title").fill(`${title} (fixed)`);
  // A photo added after the event: uploaded, then listed with the others.
  const photos = await form.getByRole("button", { name: /^Remove image/ }).count();
  await form.getByLabel("Upload more photos").setInputFiles({ name: "after.png", mimeType: "image/png", buffer: TINY_PNG });
  await expectToast(page, "Photo uploaded");
  expect(await form.getByRole("button", { name: /^Remove image/ }).count()).toBe(photos + 1);
  await form.getByRole("button", { name: "Update Entry" }).click();
  await expectToast(page, "Archive entry updated successfully");
  await form.waitFor({ state: "hidden" });
  const archive = (await (await fetch(`${site.url}/api/archive-events`)).json()) as { title: string; images: string[] }[];
  const fixed = archive.find((item) => item.title === `${title} (fixed)`);
  expect(fixed?.images.some((url) => /^\/uploads\/.+\.png$/.test(url))).toBe(true);
  await context.close();
});

test("classes: §5 messages, level and icon selects, create, edit (badge hidden for None), delete, and a failed delete keeps the confirm open", async () => {
  const { page, context } = await openPage(browser);
  await openDashboard(page, site, token, "classes");
  await page.getByRole("button", { name: "+ Create Class" }).click();
  const form = dialog(page, "Create Class");
  expect(await form.getByRole("combobox", { name: "Icon" }).innerText()).toContain("Book");
  await form.getByRole("button", { name: "Create Class" }).click();
  for (const message of [
    "Name must be at least 3 characters",
    "Days must be at least 2 characters",
    "Time is required",
    "Location must be at least 2 characters",
    "Description must be at least 10 characters",
  ]) {
    await form.getByText(message, { exact: true }).waitFor();
  }
  await form.getByLabel("Name").fill("E2E Pranayama");
  await choose(form, page, "Level", "Advanced");
  await form.getByLabel("Days").fill("Fridays");
  await form.getByLabel("Time").fill("6:00 PM");
  await form.getByLabel("Location").fill("Studio 2");
  await choose(form, page, "Icon", "Breath");
  await typeRichText(form, page, "Description", "Breathing practices for steady minds.");
  await form.getByRole("button", { name: "Create Class" }).click();
  await expectToast(page, "Class created successfully");
  await form.waitFor({ state: "hidden" });
  const card = page.getByRole("listitem", { name: "E2E Pranayama" });
  await card.getByText("Advanced").waitFor();
  const created = ((await (await fetch(`${site.url}/api/classes`)).json()) as Row[]).find((item) => item.name === "E2E Pranayama")!;
  expect(created.icon).toBe("breath");
  expect(created.level).toBe("Advanced");

  await card.getByRole("button", { name: "Edit E2E Pranayama" }).click();
  const edit = dialog(page, "Edit Class");
  await choose(edit, page, "Level", "None");
  await edit.getByRole("button", { name: "Update Class" }).click();
  await expectToast(page, "Class updated successfully");
  await edit.waitFor({ state: "hidden" });
  await card.getByText("Fridays").waitFor();
  expect(await card.getByText("Advanced").count()).toBe(0);
  expect(await card.getByText("None", { exact: true }).count()).toBe(0);

  // Deleted meanwhile: the delete fails, the confirm stays open and the list is unchanged.
  await card.getByRole("button", { name: "Delete E2E Pranayama" }).click();
  const confirm = alertDialog(page, "Delete Class");
  await adminApi(site, token, "DELETE", `/api/admin/classes/${created.id}`);
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expectToast(page, "Failed to delete class");
  expect(await confirm.isVisible()).toBe(true);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await confirm.waitFor({ state: "hidden" });
  expect(await card.isVisible()).toBe(true);

  const other = await adminApi<Row>(site, token, "POST", "/api/admin/classes", {
    name: "E2E Chanting",
    level: "Beginner",
    days: "Sundays",
    time: "9:00 AM",
    location: "Hall",
    description: "<p>Chanting together.</p>",
    icon: "chant",
  });
  await page.reload();
  await page.getByRole("button", { name: "Delete E2E Chanting" }).click();
  await alertDialog(page, "Delete Class").getByRole("button", { name: "Delete", exact: true }).click();
  await expectToast(page, "Class deleted successfully");
  await page.getByRole("listitem", { name: "E2E Chanting" }).waitFor({ state: "detached" });
  expect(((await (await fetch(`${site.url}/api/classes`)).json()) as Row[]).some((item) => item.id === other.id)).toBe(false);
  await context.close();
});

test("notifications: create (start date today by default), status, edit, a failed update keeps the dialog open, delete; the public banner follows", async () => {
  const { page, context } = await openPage(browser);
  await openFromPublicPage(page, "notifications");
  await page.getByRole("heading", { name: "Manage Notifications" }).waitFor();
  await page.getByRole("button", { name: "Add New Notification" }).click();
  const form = dialog(page, "Create New Notification");
  expect(await form.getByLabel("Start Date").inputValue()).toBe(isoDay(0));
  await form.getByRole("button", { name: "Create Notification" }).click();
  await form.getByText("Message must be at least 5 characters").waitFor();
  await form.getByLabel("Start Date").fill("");
  await form.getByRole("button", { name: "Create Notification" }).click();
  await form.getByText("Start date is required").waitFor();
  await form.getByLabel("Start Date").fill(isoDay(0));
  await typeRichText(form, page, "Message", "E2E banner: the hall is open late tonight.");
  await choose(form, page, "Type", "High");
  await form.getByLabel("Link (optional)").fill("https://example.com/news");
  await form.getByRole("button", { name: "Create Notification" }).click();
  await expectToast(page, "Notification created successfully");
  await form.waitFor({ state: "hidden" });
  const row = page.getByRole("row").filter({ hasText: "E2E banner" });
  await row.getByText("Active", { exact: true }).waitFor();
  await row.getByRole("cell", { name: "None" }).waitFor();
  expect(await row.getByRole("link", { name: "Open link in a new tab" }).getAttribute("target")).toBe("_blank");

  // The public banner shows it without a reload.
  await page.getByRole("link", { name: "View site" }).click();
  await page
    .getByText("E2E banner: the hall is open late tonight.")
    .waitFor()
    .catch(async (error) => {
      await page.screenshot({ path: "/tmp/adm/banner-fail.png" });
      throw error;
    });
  await page.goBack();
  await page.getByRole("heading", { name: "Manage Notifications" }).waitFor();

  await row.getByRole("button", { name: "Edit notification" }).click();
  const edit = dialog(page, "Edit Notification");
  await edit.getByText("Active", { exact: true }).click();
  await edit.getByRole("button", { name: "Update Notification" }).click();
  await expectToast(page, "Notification updated successfully");
  await edit.waitFor({ state: "hidden" });
  await row.getByText("Inactive", { exact: true }).waitFor();

  const list = await adminApi<Row[]>(site, token, "GET", "/api/admin/notifications");
  const created = list.find((item) => String(item.message).includes("E2E banner"))!;
  expect(created.type).toBe("priority-1");
  await row.getByRole("button", { name: "Edit notification" }).click();
  const failing = dialog(page, "Edit Notification");
  await adminApi(site, token, "DELETE", `/api/admin/notifications/${created.id}`);
  await failing.getByLabel("Link (optional)").fill("https://example.com/other");
  await failing.getByRole("button", { name: "Update Notification" }).click();
  await expectToast(page, "Failed to update notification:");
  expect(await failing.isVisible()).toBe(true);
  await failing.getByRole("button", { name: "Cancel" }).click();

  await adminApi(site, token, "POST", "/api/admin/notifications", { message: "<p>E2E to delete</p>", startDate: isoDay(0), type: "warning" });
  await page.reload();
  const doomed = page.getByRole("row").filter({ hasText: "E2E to delete" });
  await doomed.getByRole("button", { name: "Delete notification" }).click();
  const confirm = alertDialog(page, "Are you sure?");
  await confirm.getByText("This will permanently delete this notification.").waitFor();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expectToast(page, "Notification deleted successfully");
  await doomed.waitFor({ state: "detached" });
  await context.close();
});
