// Profile (the §5 messages, image upload), messages, subscribers, export → import round trip and sync → restore,
// in Chromium against the real server.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { adminApi, alertDialog, apiToken, dialog, downloadText, expectToast, openDashboard, TINY_PNG, typeRichText } from "./admin-helpers.ts";
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

const publicJson = async <T>(path: string) => (await (await fetch(`${site.url}${path}`)).json()) as T;
const localDay = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
};
const fileValue = (page: Page, label: string) => page.getByLabel(label).inputValue();

test("profile: the §5 messages, image upload checks, save (blank optional fields as null), and the public hero follows", async () => {
  const { page, context } = await openPage(browser);
  await page.goto(site.url);
  await page.evaluate((value) => localStorage.setItem("adminToken", value), token);
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => {
    history.pushState({}, "", "/admin");
    dispatchEvent(new PopStateEvent("popstate"));
  });
  await page.getByRole("heading", { name: "Guru Profile" }).waitFor();
  await page.getByRole("textbox", { name: "Biography", exact: true }).waitFor();

  await page.getByLabel("Name", { exact: true }).fill("S");
  await page.getByLabel("Title", { exact: true }).fill("T");
  await page.getByLabel("Quote").fill("abc");
  await page.getByLabel("Email").fill("not-an-email");
  await typeRichText(page.locator("body"), page, "Biography", "Too short");
  await page.getByRole("button", { name: "Save Profile" }).click();
  for (const message of [
    "Name must be at least 2 characters",
    "Title must be at least 2 characters",
    "Biography must be at least 10 characters",
    "Quote must be at least 5 characters",
    "Must be a valid email address",
  ]) {
    await page.getByText(message, { exact: true }).waitFor();
  }

  // Image checks on the client, then a real upload.
  const upload = page.getByLabel("Upload profile image");
  await upload.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
  await expectToast(page, "Selected file is not an image.");
  await upload.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expectToast(page, "Image file is too large. Maximum size is 5MB.");
  expect(await fileValue(page, "Upload profile image")).toBe("");
  await upload.setInputFiles({ name: "portrait.png", mimeType: "image/png", buffer: TINY_PNG });
  await expectToast(page, "Profile image uploaded successfully.");
  const imageUrl = await page.getByLabel("Profile Image", { exact: true }).inputValue();
  expect(imageUrl).toMatch(/^\/uploads\/.+\.png$/);

  await page.getByLabel("Name", { exact: true }).fill("Swami E2E Ananda");
  await page.getByLabel("Title", { exact: true }).fill("Teacher of Vedanta");
  await page.getByLabel("Quote").fill("Come and discover the lightness of life.");
  await page.getByLabel("Email").fill("teacher@example.com");
  await page.getByLabel("Phone").fill("");
  await typeRichText(page.locator("body"), page, "Biography", "A long-time teacher of Vedanta in Melbourne.");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expectToast(page, "Profile updated successfully");
  const profile = await publicJson<Row>("/api/profile");
  expect(profile.name).toBe("Swami E2E Ananda");
  expect(profile.profileImage).toBe(imageUrl);
  expect(profile.phone).toBeNull();
  expect(String(profile.biography)).toContain("A long-time teacher of Vedanta in Melbourne.");

  await page.getByRole("link", { name: "View site" }).click();
  await page.getByText("Swami E2E Ananda").first().waitFor();

  // A forced failure: the server is unreachable for this call.
  await page.goBack();
  await page.getByRole("heading", { name: "Guru Profile" }).waitFor();
  await page.route("**/api/admin/profile", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Internal server error"}' }),
  );
  await page.getByLabel("Quote").fill("Another quote for the failure case.");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expectToast(page, "Failed to update profile");
  expect(await page.getByLabel("Quote").inputValue()).toBe("Another quote for the failure case.");
  await context.close();
});

test("messages: counts, the unread accent, view with line breaks, mark as read, delete, and a failed mark-as-read", async () => {
  for (const subject of ["E2E question", "E2E vanishing"]) {
    const response = await fetch(`${site.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Mira", email: "mira@example.com", subject, message: "First line\nSecond line of the message" }),
    });
    expect(response.status).toBe(201);
  }
  const before = await adminApi<Row[]>(site, token, "GET", "/api/admin/messages");
  const unread = before.filter((message) => !message.isRead).length;
  const { page, context } = await openPage(browser);
  await openDashboard(page, site, token, "messages");
  await page.getByText(`${unread} Unread`).waitFor();
  await page.getByText(`${before.length} Total`).waitFor();

  const card = page.getByRole("listitem", { name: "E2E question" });
  await card.getByRole("button", { name: "View" }).click();
  const view = dialog(page, "E2E question");
  await view.getByText("Mira (mira@example.com)").waitFor();
  for (const label of ["From", "Date", "Status", "Unread"]) await view.getByText(label, { exact: true }).waitFor();
  expect(await view.getByText(/First line/).innerText()).toBe("First line\nSecond line of the message");
  await view.getByRole("button", { name: "Mark as Read" }).click();
  await expectToast(page, "Message marked as read");
  await view.getByText("Read", { exact: true }).waitFor();
  expect(await view.getByRole("button", { name: "Mark as Read" }).count()).toBe(0);
  await page.getByText(`${unread - 1} Unread`).waitFor();
  await view.getByRole("button", { name: "Delete", exact: true }).click();
  const confirm = alertDialog(page, "Delete Message");
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expectToast(page, "Message deleted successfully");
  await card.waitFor({ state: "detached" });
  await page.getByText(`${before.length - 1} Total`).waitFor();

  // Deleted meanwhile: marking it read fails and the list is left as it was.
  const vanishing = (await adminApi<Row[]>(site, token, "GET", "/api/admin/messages")).find((message) => message.subject === "E2E vanishing")!;
  await adminApi(site, token, "DELETE", `/api/admin/messages/${vanishing.id}`);
  await page.getByRole("listitem", { name: "E2E vanishing" }).getByRole("button", { name: "Mark as Read" }).click();
  await expectToast(page, "Failed to mark message as read");
  expect(await page.getByRole("listitem", { name: "E2E vanishing" }).isVisible()).toBe(true);
  await context.close();
});

test("subscribers: table, disabled 'Send Newsletter', CSV export, delete with confirm", async () => {
  await fetch(`${site.url}/api/newsletter`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "e2e-reader@example.com" }),
  });
  const { page, context } = await openPage(browser);
  await openDashboard(page, site, token, "subscribers");
  for (const header of ["Email", "Subscribed On", "Actions"]) await page.getByRole("columnheader", { name: header }).waitFor();
  await page.getByRole("cell", { name: "e2e-reader@example.com", exact: true }).waitFor();
  expect(await page.getByRole("button", { name: "Send Newsletter" }).isDisabled()).toBe(true);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(`subscribers_${localDay()}.csv`);
  const csv = await downloadText(download);
  expect(csv.split("\r\n")[0]).toBe("Email,Subscribed On");
  expect(csv).toContain("e2e-reader@example.com,");

  await page.getByRole("button", { name: "Delete e2e-reader@example.com" }).click();
  const confirm = alertDialog(page, "Delete Subscriber");
  await confirm.getByText("Are you sure you want to remove this subscriber? This action cannot be undone.").waitFor();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expectToast(page, "Subscriber deleted successfully");
  await page.getByRole("cell", { name: "e2e-reader@example.com", exact: true }).waitFor({ state: "detached" });
  await context.close();
});

test("export then import: a dated download, the JSON and section checks, cancel, a server refusal, then a confirmed import and reload", async () => {
  const { page, context } = await openPage(browser);
  await openDashboard(page, site, token);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export Data" }).click()]);
  await expectToast(page, "Data exported successfully");
  expect(download.suggestedFilename()).toBe(`vedanta-export-${new Date().toISOString().slice(0, 10)}.json`);
  const exported = await downloadText(download);
  const data = JSON.parse(exported) as Record<string, unknown>;
  for (const section of ["events", "classes", "archiveEvents", "messages", "subscribers", "profile", "notifications"])
    expect(data).toHaveProperty(section);

  // A change made after the export, which the import will undo.
  const extra = await adminApi<Row>(site, token, "POST", "/api/admin/classes", {
    name: "E2E After Export",
    level: "None",
    days: "Mondays",
    time: "6 PM",
    location: "Hall",
    description: "<p>Added after the export.</p>",
    icon: "sun",
  });

  const input = page.getByLabel("Import data file");
  await input.setInputFiles({ name: "broken.json", mimeType: "application/json", buffer: Buffer.from("{ not json") });
  await expectToast(page, "Invalid JSON file. Please select a valid exported data file.");
  expect(await input.inputValue()).toBe("");
  await input.setInputFiles({ name: "partial.json", mimeType: "application/json", buffer: Buffer.from('{"events": [], "profile": null}') });
  await expectToast(page, "Invalid data format. Missing required sections: classes, archiveEvents, messages, subscribers, notifications");
  expect(await input.inputValue()).toBe("");

  await input.setInputFiles({ name: "export.json", mimeType: "application/json", buffer: Buffer.from(exported) });
  const confirm = alertDialog(page, "Confirm Import");
  await confirm.getByText("This action will replace all existing data with the imported data! This cannot be undone.").waitFor();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await confirm.waitFor({ state: "hidden" });
  expect(await input.inputValue()).toBe("");

  // Well-formed sections with a bad row: the server refuses, the dialog closes and the input is cleared.
  const bad = { ...data, classes: [{ name: "x" }] };
  await input.setInputFiles({ name: "bad.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(bad)) });
  await confirm.getByRole("button", { name: "Import", exact: true }).click();
  await expectToast(page, "Import Failed");
  await confirm.waitFor({ state: "hidden" });
  expect(await input.inputValue()).toBe("");
  expect((await publicJson<Row[]>("/api/classes")).some((item) => item.id === extra.id)).toBe(true);

  await input.setInputFiles({ name: "export.json", mimeType: "application/json", buffer: Buffer.from(exported) });
  const reloaded = page.waitForEvent("framenavigated", { timeout: 10_000 });
  const started = Date.now();
  await confirm.getByRole("button", { name: "Import", exact: true }).click();
  await expectToast(page, "Data imported successfully. The page will reload to show the updated data.");
  await reloaded;
  expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  expect((await publicJson<Row[]>("/api/classes")).some((item) => item.name === "E2E After Export")).toBe(false);
  await context.close();
});

test("data sync: sync refreshes the status, a failed sync shows its toast, restore is confirmed and reloads", async () => {
  const { page, context } = await openPage(browser);
  await openDashboard(page, site, token, "datasync");
  await page.getByRole("heading", { name: "Data Sync & Persistence" }).waitFor();
  for (const title of ["Sync to Git", "Restore from Git", "Sync Status", "How it works"]) await page.getByRole("heading", { name: title }).waitFor();
  const statusBefore = await adminApi<{ lastSync: string | null }>(site, token, "GET", "/api/admin/sync-status");

  await page.getByRole("button", { name: "Sync to app_data" }).click();
  await page.getByTestId("toast").first().waitFor();
  const statusAfter = await adminApi<{ lastSync: string; files: string[]; hasAppData: boolean }>(site, token, "GET", "/api/admin/sync-status");
  expect(statusAfter.hasAppData).toBe(true);
  expect(statusAfter.lastSync).not.toBe(statusBefore.lastSync);
  await page.getByRole("list", { name: "Synced files" }).getByText("classes.json").waitFor();

  await page.route("**/api/admin/sync-to-app-data", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"Disk is full"}' }),
  );
  await page.getByRole("button", { name: "Sync to app_data" }).click();
  await expectToast(page, "Sync Failed");
  await expectToast(page, "Disk is full");
  await page.unroute("**/api/admin/sync-to-app-data");

  // A class added after the sync is gone after the restore.
  await adminApi(site, token, "POST", "/api/admin/classes", {
    name: "E2E After Sync",
    level: "None",
    days: "Tuesdays",
    time: "7 PM",
    location: "Hall",
    description: "<p>Added after the sync.</p>",
    icon: "moon",
  });
  await page.getByRole("button", { name: "Restore from app_data" }).click();
  const confirm = alertDialog(page, "Restore Data from app_data?");
  await confirm.getByText(/overwrite all current data/).waitFor();
  const reloaded = page.waitForEvent("framenavigated", { timeout: 10_000 });
  await confirm.getByRole("button", { name: "Restore Data" }).click();
  await reloaded;
  await page.getByRole("heading", { name: "Data Sync & Persistence" }).waitFor();
  expect((await publicJson<Row[]>("/api/classes")).some((item) => item.name === "E2E After Sync")).toBe(false);

  // Without saved data the restore button is disabled.
  await page.route("**/api/admin/sync-status", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: '{"hasAppData":false,"lastSync":null,"files":[]}' }),
  );
  await page.reload();
  await page.getByText("No", { exact: true }).waitFor();
  expect(await page.getByRole("button", { name: "Restore from app_data" }).isDisabled()).toBe(true);
  await context.close();
});

test("backups: 'Download' offers the backup's .tar under the server's file name", async () => {
  const { backup } = await adminApi<{ backup: { name: string } }>(site, token, "POST", "/api/admin/backups");
  const { page, context, errors } = await openPage(browser);
  await openDashboard(page, site, token, "datasync");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: `Download backup ${backup.name}` }).click()]);
  expect(download.suggestedFilename()).toEndWith(".tar");
  const bytes = await Bun.file((await download.path())!).bytes();
  expect(new TextDecoder().decode(bytes.subarray(257, 262))).toBe("ustar");
  expect(errors).toEqual([]);
  await context.close();
});
