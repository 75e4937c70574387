// Recent Lectures (spec §2.1, §7, §8): skeletons while the 5 attempts run, the error panel's quota, auth and other
// variants with 'Try Again' and the channel link, and both empty texts. Each state gets its own server (the server
// caches a good list) against one fake YouTube per server; the pages run side by side to share the retry wait.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { startFakeYouTube, type FakeMode, type FakeYouTube } from "../../src/test-support/fake-youtube.ts";
import { launchBrowser, openPage, startSite, VIEWPORTS, type Site } from "./support.ts";

type Setup = { site: Site; youtube: FakeYouTube };
const setups: Record<string, Setup> = {};
let browser: Browser;

async function setup(name: string, mode: FakeMode): Promise<Setup> {
  const youtube = await startFakeYouTube();
  youtube.setMode(mode);
  const site = await startSite({ appData: null, env: youtube.env });
  setups[name] = { site, youtube };
  return setups[name]!;
}

beforeAll(async () => {
  [browser] = await Promise.all([launchBrowser(), setup("quota", "quota"), setup("auth", "badKey"), setup("other", "500"), setup("empty", "empty")]);
});
afterAll(async () => {
  await browser?.close();
  for (const { site, youtube } of Object.values(setups)) {
    await site.stop();
    await youtube.stop();
  }
});

async function open(name: string, viewport = VIEWPORTS.desktop): Promise<{ page: Page; close: () => Promise<void> }> {
  const { page, context } = await openPage(browser, viewport);
  await page.route("https://i.ytimg.com/**", (route) => route.fulfill({ status: 204 }));
  await page.goto(setups[name]!.site.url);
  return { page, close: () => context.close() };
}

test("the error panel after 5 attempts with the doubling delay: quota, auth and other variants; 'Try Again' reloads", async () => {
  const started = Date.now();
  const [quota, auth, other] = await Promise.all([open("quota"), open("auth", VIEWPORTS.phone), open("other")]);

  // While the attempts run: 6 skeleton cards.
  await quota.page.getByTestId("video-skeleton").first().waitFor();
  expect(await quota.page.getByTestId("video-skeleton").count()).toBe(6);

  const panels = await Promise.all(
    [quota, auth, other].map(async ({ page }) => {
      const panel = page.getByTestId("videos-error");
      await panel.waitFor({ timeout: 30_000 });
      return panel;
    }),
  );
  // 1 + 2 + 4 + 8 seconds between the 5 attempts.
  expect(Date.now() - started).toBeGreaterThan(14_000);
  expect(setups.quota!.youtube.calls).toBeGreaterThanOrEqual(5);

  for (const panel of panels) {
    expect(await panel.getByRole("heading", { name: "Videos Temporarily Unavailable" }).isVisible()).toBe(true);
    expect(await panel.getByRole("button", { name: "Try Again" }).isVisible()).toBe(true);
    const channel = panel.getByRole("link", { name: "YouTube Channel" });
    expect(await channel.getAttribute("target")).toBe("_blank");
    expect(await channel.getAttribute("href")).toContain("youtube.com");
    expect(await panel.innerText()).toContain("visit our channel directly");
  }
  const [quotaText, authText, otherText] = await Promise.all(panels.map((panel) => panel.getByTestId("videos-error-text").innerText()));
  expect(quotaText).toContain("quota");
  expect(quotaText).toContain("24 hours");
  expect(authText).toContain("authentication issue");
  expect(authText).toContain("administrator");
  expect(otherText).toStartWith("Unable to load videos: API error: ");

  // Retry reruns the load: YouTube is back, the list shows.
  setups.other!.youtube.setMode("ok");
  await panels[2]!.getByRole("button", { name: "Try Again" }).click();
  await other.page.getByTestId("video-card").first().waitFor({ timeout: 20_000 });
  expect(await other.page.getByTestId("video-card").count()).toBe(3);
  expect(await other.page.getByTestId("videos-error").count()).toBe(0);

  await Promise.all([quota.close(), auth.close(), other.close()]);
}, 60_000);

test("an empty list shows both empty texts", async () => {
  const { page, close } = await open("empty", VIEWPORTS.phone);
  const empty = page.getByTestId("videos-empty");
  await empty.waitFor();
  expect(await empty.innerText()).toContain("No videos are currently available.");
  expect(await empty.innerText()).toContain("No videos available at the moment. Please check back later.");
  await close();
});

test("an empty site shows the §2.1 profile defaults and the bundled portrait", async () => {
  const { page, close } = await open("empty", VIEWPORTS.phone);
  await page.getByRole("heading", { level: 1 }).waitFor();
  expect(await page.locator("#home").innerText()).toContain("over 27 years");
  expect(await page.getByTestId("profile-quote").innerText()).toContain("Come and discover the lightness of life.");
  const image = page.getByTestId("profile-image");
  expect(await image.getAttribute("data-placeholder")).toBe("true");
  await page.waitForFunction(() => (document.querySelector("[data-testid=profile-image]") as HTMLImageElement).naturalWidth > 0);
  // No events, classes or notices: calm empty states, no banner.
  expect(await page.getByTestId("notifications").count()).toBe(0);
  await page.getByText("No upcoming events at the moment.").waitFor();
  expect(await page.getByRole("button", { name: "View All Events" }).count()).toBe(0);
  await close();
});
