// Issue 16: every event and archive entry has its own link. Opened by its link the page shows its dialog, with the
// focus in it and no layout shift; opening a dialog puts its link in the address bar and closing takes it out; Back
// and Forward move between the page and the dialog; an unknown id is the plain page; 'Share' uses the Web Share API
// where there is one and otherwise copies the link with the toast 'Link copied'.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { expectToast } from "./admin-helpers.ts";
import { launchBrowser, openPage, type Site, startSite } from "./support.ts";

let site: Site;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([startSite(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** The demo content seen on its clock (2026-11-23 or later): events 1-6 are upcoming, 7 and 8 have passed. */
const address = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** Opens `path` and records the page's layout shifts from the first paint on. */
async function open(path: string) {
  const opened = await openPage(browser);
  await opened.page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { shifts: number }).shifts += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await opened.page.goto(`${site.url}${path}`);
  return opened;
}

const focusIn = (page: Page, testId: string) =>
  page.waitForFunction((id) => document.activeElement?.closest(`[data-testid="${id}"]`) !== null, testId, { timeout: 10_000 });

test("an upcoming event's link opens its detail dialog with the focus in it and no layout shift; closing takes the link out", async () => {
  const { page, context, errors } = await open("/?event=1");
  const dialog = page.getByRole("dialog", { name: "Summer Silence Retreat" });
  await dialog.waitFor();
  await focusIn(page, "event-dialog");
  expect(await page.title()).toBe("Summer Silence Retreat · Vedanta & Yoga Melbourne");
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.01);
  await dialog.getByRole("button", { name: "Close dialog" }).click();
  await dialog.waitFor({ state: "detached" });
  expect(address(page)).toBe("/");
  expect(errors).toEqual([]);
  await context.close();
});

test("a past event's link opens its archive details; an archive entry's link opens its own", async () => {
  const { page, context, errors } = await open("/?event=7");
  const past = page.getByRole("dialog", { name: "Spring Equinox Gathering" });
  await past.waitFor();
  await focusIn(page, "archive-dialog");
  await past.getByRole("button", { name: "Close", exact: true }).click();
  await past.waitFor({ state: "detached" });
  expect(address(page)).toBe("/");

  await page.goto(`${site.url}/?archive=15`);
  await page.getByRole("dialog", { name: "Guru Purnima 2026" }).waitFor();
  await focusIn(page, "archive-dialog");
  expect(errors).toEqual([]);
  await context.close();
});

test("opening puts the link in the address bar (photos add no history entry); Back closes the dialog, Forward opens it again", async () => {
  const { page, context, errors } = await open("/");
  await page.getByRole("button", { name: "View More: Summer Silence Retreat" }).click();
  const dialog = page.getByRole("dialog", { name: "Summer Silence Retreat" });
  await dialog.waitFor();
  expect(address(page)).toBe("/?event=1");
  const entries = await page.evaluate(() => history.length);
  await dialog.getByRole("button", { name: "Open photo 1 of 3" }).click();
  const lightbox = page.getByTestId("lightbox");
  await lightbox.waitFor();
  await lightbox.getByRole("button", { name: "Next photo" }).click();
  await lightbox.getByText("2 of 3").waitFor();
  await lightbox.getByRole("button", { name: "Close photos" }).click();
  await lightbox.waitFor({ state: "detached" });
  expect(address(page)).toBe("/?event=1");
  expect(await page.evaluate(() => history.length)).toBe(entries);

  await page.goBack();
  await dialog.waitFor({ state: "detached" });
  expect(address(page)).toBe("/");
  await page.goForward();
  await dialog.waitFor();
  expect(address(page)).toBe("/?event=1");
  // As a visitor would: Escape once the dialog has the focus (under load it can arrive before the dialog listens).
  await focusIn(page, "event-dialog");
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  expect(address(page)).toBe("/");

  // An archive card: a row's link, and a past event's.
  const viewDetails = (title: string) =>
    page
      .getByRole("article", { name: title })
      .getByRole("button", { name: /View Details & Photos/ })
      .click();
  await page.locator("#archives").getByRole("searchbox").fill("Guru Purnima");
  await viewDetails("Guru Purnima 2026");
  const entry = page.getByRole("dialog", { name: "Guru Purnima 2026" });
  await entry.waitFor();
  expect(address(page)).toBe("/?archive=15");
  await page.goBack();
  await entry.waitFor({ state: "detached" });
  expect(address(page)).toBe("/");
  await page.locator("#archives").getByRole("searchbox").fill("Spring Equinox");
  await viewDetails("Spring Equinox Gathering");
  await page.getByRole("dialog", { name: "Spring Equinox Gathering" }).waitFor();
  expect(address(page)).toBe("/?event=7");
  expect(errors).toEqual([]);
  await context.close();
});

test("an unknown or deleted id shows the normal page: no error, no dialog", async () => {
  for (const path of ["/?event=999", "/?archive=999", "/?event=abc"]) {
    const { page, context, errors } = await open(path);
    await page.getByTestId("event-card").first().waitFor();
    await page.waitForLoadState("networkidle");
    expect(await page.title()).toBe("Swami Atmananda · Vedanta & Yoga Melbourne");
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }
});

test("'Share' without the Web Share API copies the link and says 'Link copied'", async () => {
  const { page, context, errors } = await open("/?event=1");
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: site.url });
  expect(await page.evaluate(() => "share" in navigator)).toBe(false);
  await page.getByRole("dialog", { name: "Summer Silence Retreat" }).getByRole("button", { name: "Share" }).click();
  await expectToast(page, "Link copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${site.url}/?event=1`);
  expect(errors).toEqual([]);
  await context.close();
});

test("'Share' with the Web Share API hands it the title and the link", async () => {
  const opened = await openPage(browser);
  await opened.page.addInitScript(() => {
    Object.defineProperty(navigator, "share", {
      value: (data: ShareData) => {
        (window as unknown as { shared: ShareData }).shared = data;
        return Promise.resolve();
      },
    });
  });
  await opened.page.goto(`${site.url}/?archive=15`);
  await opened.page.getByRole("dialog", { name: "Guru Purnima 2026" }).getByRole("button", { name: "Share" }).click();
  await opened.page.waitForFunction(() => "shared" in window);
  expect(await opened.page.evaluate(() => (window as unknown as { shared: ShareData }).shared)).toEqual({
    title: "Guru Purnima 2026",
    url: `${site.url}/?archive=15`,
  });
  expect(await opened.page.getByTestId("toast").count()).toBe(0);
  await opened.context.close();
});
