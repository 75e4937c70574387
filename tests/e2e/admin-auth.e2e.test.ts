// The admin session in Chromium: login failure and success, logout, a forged or revoked token back to the login
// card, password reset (with the §5 messages), the YouTube key dialog, and the admin chunk kept off the public page.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { adminApi, apiToken, dialog, expectToast, openDashboard, openTab } from "./admin-helpers.ts";
import { ADMIN_PASSWORD, launchBrowser, openPage, type Site, startSite } from "./support.ts";

let site: Site;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

test("login fails with 'Invalid credentials', then succeeds ('Logging in...'), tabs work by keyboard, and Logout forgets the token", async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(`${site.url}/admin`);
  await page.getByRole("heading", { name: "Admin Login" }).waitFor();
  expect(await page.getByLabel("Username").inputValue()).toBe("admin");

  await page.getByLabel("Password").fill("not-the-password");
  await page.getByLabel("Password").press("Enter");
  await expectToast(page, "Login failed");
  await expectToast(page, "Invalid credentials");
  expect(await page.getByRole("alert").filter({ hasText: "Invalid credentials" }).isVisible()).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();

  // Slow the answer down to see the busy label; Enter from the username field submits too.
  await page.route("**/api/admin/login", async (route) => {
    await Bun.sleep(400);
    await route.continue();
  });
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByLabel("Username").press("Enter");
  await page.getByRole("button", { name: "Logging in..." }).waitFor();
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  await expectToast(page, "Login successful");
  await expectToast(page, "You are now logged in as admin");
  expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeTruthy();
  await page.unroute("**/api/admin/login");

  // The seven tabs, profile first and selected, and Money: the demo content sells passes (issue 40); arrow keys move
  // between them.
  const tabs = page.getByRole("tab");
  expect(await tabs.allInnerTexts()).toEqual(["Profile", "Events", "Classes", "Messages", "Subscribers", "Notifications", "Money", "Data Sync"]);
  expect(await page.getByRole("tab", { name: "Profile" }).getAttribute("aria-selected")).toBe("true");
  await page.getByRole("heading", { name: "Guru Profile" }).waitFor();
  await page.getByRole("tab", { name: "Profile" }).focus();
  await page.keyboard.press("ArrowRight");
  await page.getByRole("heading", { name: "Events", exact: true }).waitFor();
  expect(await page.getByRole("tab", { name: "Events" }).getAttribute("aria-selected")).toBe("true");
  await page.keyboard.press("End");
  await page.getByRole("heading", { name: "Data Sync & Persistence" }).waitFor();

  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByRole("heading", { name: "Admin Login" }).waitFor();
  expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();
  // Failed loads (the 401 of the wrong password, a missing favicon) are checked through the UI, not the console.
  expect(errors.filter((error) => !error.startsWith("Failed to load resource"))).toEqual([]);
  await context.close();
});

test("an answer without a token counts as a failure", async () => {
  const { page, context } = await openPage(browser);
  await page.route("**/api/admin/login", (route) => route.fulfill({ status: 200, contentType: "application/json", body: "{}" }));
  await page.goto(`${site.url}/admin`);
  await page.getByLabel("Password").fill("anything");
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByText("Login failed: Invalid response format").waitFor();
  await expectToast(page, "Server returned an invalid response");
  expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();
  await context.close();
});

test("a forged token counts as logged in until the first admin call, which returns to the login card", async () => {
  const { page, context } = await openPage(browser);
  await page.goto(`${site.url}/admin`);
  await page.evaluate(() => localStorage.setItem("adminToken", "forged.token.value"));
  await page.reload();
  await page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  await openTab(page, "Messages");
  await page.getByRole("heading", { name: "Admin Login" }).waitFor();
  await page.getByText("Your session has expired. Please log in again.").first().waitFor();
  expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();
  await context.close();
});

test("reset password: the §5 messages, a wrong current password, then success keeps this session and revokes older tokens", async () => {
  const token = await apiToken(site);
  const olderToken = await apiToken(site);
  const { page, context } = await openPage(browser);
  await openDashboard(page, site, token);
  await page.getByRole("button", { name: "Reset Password" }).click();
  const form = dialog(page, "Reset Password");
  await form.waitFor();
  expect(await form.getByLabel("Username").inputValue()).toBe("admin");

  await form.getByLabel("Current Password").fill("whatever");
  await form.getByLabel("New Password", { exact: true }).fill("abc");
  await form.getByLabel("Confirm New Password").fill("abc");
  await form.getByRole("button", { name: "Reset Password" }).click();
  await form.getByText("New password must be at least 6 characters long").waitFor();

  await form.getByLabel("New Password", { exact: true }).fill("abcdef1");
  await form.getByLabel("Confirm New Password").fill("abcdef2");
  await form.getByRole("button", { name: "Reset Password" }).click();
  await form.getByText("New passwords do not match").waitFor();

  await form.getByLabel("Current Password").fill("wrong-current");
  await form.getByLabel("New Password", { exact: true }).fill("brand-new-pass");
  await form.getByLabel("Confirm New Password").fill("brand-new-pass");
  // The form checks again as she types, and the message's going moves the button up: click once it has gone.
  await form.getByText("New passwords do not match").waitFor({ state: "detached" });
  await form.getByRole("button", { name: "Reset Password" }).click();
  await expectToast(page, "Password reset failed");
  await form.getByRole("alert").filter({ hasText: "Username or current password is incorrect" }).waitFor();
  expect(await form.isVisible()).toBe(true);

  await form.getByLabel("Current Password").fill(ADMIN_PASSWORD);
  await form.getByRole("button", { name: "Reset Password" }).click();
  await expectToast(page, "Password reset successful");
  await expectToast(page, "Your password has been updated successfully.");
  await form.waitFor({ state: "hidden" });
  const stored = await page.evaluate(() => localStorage.getItem("adminToken"));
  expect(stored).toBeTruthy();
  expect(stored).not.toBe(token);

  // This tab keeps working with the new token ...
  await openTab(page, "Messages");
  await page.getByText(/\d+ Unread/).waitFor();
  expect(await page.getByRole("heading", { name: "Admin Login" }).count()).toBe(0);

  // ... while a tab holding an older token is sent back to the login card.
  const other = await openPage(browser);
  await openDashboard(other.page, site, olderToken);
  await openTab(other.page, "Subscribers");
  await other.page.getByRole("heading", { name: "Admin Login" }).waitFor();
  await other.page.getByText("Your session has expired. Please log in again.").first().waitFor();
  await other.page.getByLabel("Password").fill("brand-new-pass");
  await other.page.getByRole("button", { name: "Login" }).click();
  await other.page.getByRole("heading", { name: "Admin Dashboard" }).waitFor();
  await other.context.close();

  // Put the password back for the other tests.
  await adminApi(site, stored!, "POST", "/api/admin/reset-password", {
    username: "admin",
    currentPassword: "brand-new-pass",
    newPassword: ADMIN_PASSWORD,
  });
  await context.close();
});

test("'Update YouTube API Key' is disabled while the trimmed key is empty, then updates", async () => {
  const { page, context } = await openPage(browser);
  await openDashboard(page, site, await apiToken(site));
  await page.getByRole("button", { name: "Update YouTube API Key" }).click();
  const form = dialog(page, "Update YouTube API Key");
  const submit = form.getByRole("button", { name: "Update API Key" });
  expect(await submit.isDisabled()).toBe(true);
  await form.getByLabel("YouTube API Key").fill("   ");
  expect(await submit.isDisabled()).toBe(true);
  await form.getByLabel("YouTube API Key").fill("  AIza-test-key  ");
  expect(await submit.isDisabled()).toBe(false);
  await submit.click();
  await expectToast(page, "YouTube API Key Updated");
  await form.waitFor({ state: "hidden" });
  await context.close();
});

test("the public page never downloads the admin chunk, which stays under 250 KB gzipped", async () => {
  const { page, context } = await openPage(browser);
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(site.url, { waitUntil: "networkidle" });
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => /admin|rich-text-editor/.test(path))).toEqual([]);

  await page.goto(`${site.url}/admin`, { waitUntil: "networkidle" });
  expect(scripts.some((path) => /admin/.test(path))).toBe(true);
  await context.close();

  const dist = resolve(process.env.WEB_DIST ?? join(import.meta.dir, "../../dist/public"));
  const adminChunks = readdirSync(dist).filter((name) => /^(admin|rich-text-editor)-.*\.js$/.test(name));
  expect(adminChunks.length).toBeGreaterThan(0);
  const gzipped = adminChunks.reduce((sum, name) => sum + gzipSync(Buffer.from(require("node:fs").readFileSync(join(dist, name)))).length, 0);
  expect(statSync(dist).isDirectory()).toBe(true);
  expect(gzipped).toBeLessThan(250 * 1024);
});
