// `/` rendered on the server (issue 5): readable with JavaScript off, and in a browser with JavaScript it hydrates
// from the data in the page, without fetching the public reads again and without a mismatch warning.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { type FakeYouTube, startFakeYouTube } from "../support/fake-youtube.ts";
import { launchBrowser, type Site, startSite, VIEWPORTS } from "./support.ts";

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

// The page's reads (the first page of each list, issue 33) and the whole archive, which no visitor is sent.
const PAGE_READS = [
  "/api/profile",
  "/api/events/first",
  "/api/classes",
  "/api/archive-events/page",
  "/api/archive-events",
  "/api/notifications",
  "/api/youtube/status",
];

test("with JavaScript off the page shows the teacher, notifications, events, classes, the first archive page and the contact details", async () => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.phone });
  const page = await context.newPage();
  await page.goto(site.url);
  expect(await page.getByRole("heading", { level: 1 }).innerText()).toContain("Swami Atmananda");
  expect(await page.getByTestId("profile-quote").innerText()).toContain("Come and discover the lightness of life.");
  expect(await page.getByTestId("notification").count()).toBeGreaterThan(0);
  expect(await page.getByTestId("event-card").count()).toBe(3);
  expect(await page.getByTestId("event-card").first().innerText()).toContain("Summer Silence Retreat");
  expect(await page.getByTestId("class-card").count()).toBe(3);
  expect(await page.getByTestId("archive-card").count()).toBeGreaterThan(0);
  expect(await page.getByTestId("contact-address").innerText()).toContain("42 Rose Street, Fitzroy VIC 3065, Melbourne");
  expect(await page.getByText("namaste@vedantayoga.org.au").first().isVisible()).toBe(true);
  await context.close();
});

test("a frame painted while the page is still arriving shows the portrait where it ends up: right on a desktop, on top on a phone", async () => {
  for (const [viewport, side] of [
    [VIEWPORTS.desktop, "right"],
    [VIEWPORTS.phone, "top"],
  ] as const) {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport });
    const page = await context.newPage();
    await page.goto(site.url);
    const portrait = page.getByTestId("profile-image");
    const heading = page.getByRole("heading", { level: 1 });
    const [box, text] = [(await portrait.boundingBox())!, (await heading.boundingBox())!];
    expect(side === "right" ? box.x > text.x + text.width : box.y + box.height < text.y).toBe(true);
    // The hero as the browser has it before the text after the portrait has arrived: the portrait keeps its column
    // (on a desktop it is centred against the taller text, so only its height in the row changes).
    await page.evaluate(() => document.querySelector("#home h1")!.closest("#home > div > div")!.remove());
    const early = (await portrait.boundingBox())!;
    expect({ x: early.x, width: early.width, height: early.height }).toEqual({ x: box.x, width: box.width, height: box.height });
    if (side === "top") expect(early.y).toBe(box.y);
    await context.close();
  }
});

test("with JavaScript the page hydrates from its own data: no public read fetched again, no warning, and it responds", async () => {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  await page.route("https://i.ytimg.com/**", (route) => route.fulfill({ status: 204 }));
  const messages: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") messages.push(message.text());
  });
  page.on("pageerror", (error) => messages.push(error.message));
  const apiCalls: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/")) apiCalls.push(pathname);
  });
  // The videos are the one read the page does not carry: asked once the app runs (its Eden chunk first, so on a busy
  // machine later than a network-idle moment).
  const videos = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/youtube/videos");
  await page.goto(site.url);
  // Interactive only once hydrated: 'View All Events' asks for the rest and shows all six upcoming events.
  await page.getByRole("button", { name: "View All Events" }).click();
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=event-card]").length === 6);
  await videos;
  await page.waitForLoadState("networkidle");
  expect(apiCalls.filter((path) => PAGE_READS.includes(path))).toEqual([]);
  expect(apiCalls.filter((path) => path === "/api/events")).toEqual(["/api/events"]);
  expect(apiCalls).toContain("/api/youtube/videos");
  expect(messages).toEqual([]);
  await context.close();
});

test("the app's script is asked for once the portrait has been painted; what the visitor does before the app has started is done then", async () => {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone });
  const page = await context.newPage();
  await page.route("https://i.ytimg.com/**", (route) => route.fulfill({ status: 204 }));
  const html = await (await fetch(site.url)).text();
  const appScript = /<template id="app-script"><script type="module" crossorigin src="([^"]+)"><\/script><\/template>/.exec(html)?.[1];
  expect(appScript).toMatch(/^\/index-\w+\.js$/);
  // When the page adds the app's script, by the page's own clock.
  await page.addInitScript((src) => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector(`body script[src="${src}"]`)) return;
      document.documentElement.dataset.appScriptAddedAt = String(performance.now());
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, appScript!);
  // The app's script is held back until the visitor has typed and clicked.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let asked = false;
  await page.route(`**${appScript}`, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });

  // (Not until the load event: the script, when it is added before, holds that event, and here it is held back.)
  await page.goto(site.url, { waitUntil: "domcontentloaded" });
  await page.waitForFunction(() => document.documentElement.dataset.appScriptAddedAt);
  const { portraitPaintedAt, addedAt } = await page.evaluate(async () => {
    const entries = await new Promise<PerformanceEntryList>((resolve) =>
      new PerformanceObserver((list) => resolve(list.getEntries())).observe({ type: "largest-contentful-paint", buffered: true }),
    );
    const portrait = (entries as LargestContentfulPaint[]).find((entry) => entry.element?.getAttribute("data-testid") === "profile-image");
    return { portraitPaintedAt: portrait?.startTime, addedAt: Number(document.documentElement.dataset.appScriptAddedAt) };
  });
  expect(portraitPaintedAt).toBeGreaterThan(0);
  expect(addedAt).toBeGreaterThan(portraitPaintedAt!);
  expect(asked).toBe(true);

  await page.getByRole("button", { name: "View All Events" }).click();
  const newsletter = page.getByRole("form", { name: "Newsletter signup" });
  await newsletter.getByLabel("Email address").fill("early@example.com");
  await newsletter.getByRole("button", { name: "Subscribe" }).click();
  expect(await page.getByTestId("event-card").count()).toBe(3);
  release();
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=event-card]").length === 6);
  const toast = page.getByTestId("toast").filter({ hasText: "Success!" });
  await toast.waitFor();
  expect(await toast.innerText()).toContain("You've been subscribed to our newsletter.");
  expect(await newsletter.getByLabel("Email address").inputValue()).toBe("");
  await context.close();
}, 20_000);

test("when the app's script cannot be fetched, nothing stays held: a link clicked before goes where it leads", async () => {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  let fail = () => {};
  const failing = new Promise<void>((resolve) => {
    fail = resolve;
  });
  await page.route(/\/index-\w+\.js$/, async (route) => {
    await failing;
    await route.fulfill({ status: 503, body: "" });
  });
  await page.goto(site.url, { waitUntil: "domcontentloaded" });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Classes" }).click();
  expect(new URL(page.url()).hash).toBe("");
  fail();
  await page.waitForURL(/#classes$/);
  await context.close();
}, 20_000);
