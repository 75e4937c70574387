// Issue 22 in Chromium against the real server: the Profile tab's account area (signed-in devices, 'Sign out',
// 'Sign out everywhere', the activity log by kind, a refused sign-in's repeats counted), each state checked by axe-core.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { apiToken, choose, expectToast, openDashboard } from "./admin-helpers.ts";
import { axeViolations, launchBrowser, openPage, type Site, startSite } from "./support.ts";

let site: Site;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ appData: null }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

test("the account area lists the devices, signs one out at once, filters the activity, and signs out everywhere", async () => {
  const { page, context, errors } = await openPage(browser);
  // Refused sign-ins are counted on one row (issue 30).
  for (let i = 0; i < 3; i++)
    await fetch(`${site.url}/api/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "nobody", password: `guess-${i}` }),
    });
  const phone = await apiToken(site);
  const token = await apiToken(site);
  await openDashboard(page, site, token);
  await page.getByRole("button", { name: "Show devices and activity" }).click();
  const devices = page.getByRole("list", { name: "Signed-in devices" });
  await devices.getByText("This device").waitFor();
  expect(await devices.getByRole("listitem").count()).toBe(2);
  expect(await page.getByRole("button", { name: "Sign out everywhere" }).isVisible()).toBe(true);
  expect(await axeViolations(page, "devices and activity")).toEqual([]);

  // The phone's token: 'Sign out' on another device refuses its next call at once.
  const phoneCall = () => fetch(`${site.url}/api/admin/messages`, { headers: { Authorization: `Bearer ${phone}` } }).then((r) => r.status);
  expect(await phoneCall()).toBe(200);
  const others = devices.getByRole("listitem").filter({ hasNotText: "This device" });
  await others
    .first()
    .getByRole("button", { name: /^Sign out/ })
    .click();
  await expectToast(page, "That device is signed out.");
  await page.waitForFunction(() => document.querySelectorAll('[aria-label="Signed-in devices"] li').length === 1);
  expect(await phoneCall()).toBe(401);

  // The activity, newest first, by kind.
  const log = page.getByRole("list", { name: "Activity" });
  await log.getByText("Signed in with the password").first().waitFor();
  await log.getByRole("listitem").filter({ hasText: 'Wrong password for "nobody" (3 times)' }).waitFor();
  await choose(page, page, "Show", "Sign-outs");
  await log
    .getByText(/^Signed out /)
    .first()
    .waitFor();
  expect(await log.getByText("Signed in with the password").count()).toBe(0);
  expect(await axeViolations(page, "a device signed out")).toEqual([]);

  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Sign out everywhere" });
  expect(await axeViolations(page, "signed out everywhere")).toEqual([]);
  await confirm.getByRole("button", { name: "Sign out everywhere" }).click();
  await page.getByRole("heading", { name: "Admin Login" }).waitFor();
  await page.getByText("You are signed out on every device.").waitFor();
  expect(await page.evaluate(() => localStorage.getItem("adminToken"))).toBeNull();
  expect((await fetch(`${site.url}/api/admin/messages`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
  expect(errors.filter((error) => !/401/.test(error))).toEqual([]);
  await context.close();
}, 60_000);
