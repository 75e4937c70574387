import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { launchBrowser, openPage, type Site, startSite } from "./support.ts";

let site: Site;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite({ appData: null }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

test("an unknown path shows the spec's 404 page", async () => {
  const { page, context } = await openPage(browser);
  await page.goto(`${site.url}/no/such/page`);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" }).isVisible()).resolves.toBe(true);
  expect(await page.getByText("Did you forget to add the page to the router?").isVisible()).toBe(true);
  await context.close();
});
