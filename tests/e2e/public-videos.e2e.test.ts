// Recent Lectures (spec §2.1, §7, §8): skeletons while the 5 attempts run, the error panel's quota, auth and other
// variants with 'Try Again' and the channel link, and both empty texts. Each state gets its own server (the server
// caches a good list and remembers a failure) against one fake YouTube per server; the pages run side by side to
// share the retry wait. A site without a key (issue 12) asks for no videos, shows a calm state and tells the admin.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { type FakeMode, type FakeYouTube, startFakeYouTube } from "../support/fake-youtube.ts";
import { apiToken, dialog, expectToast, openDashboard } from "./admin-helpers.ts";
import { launchBrowser, openPage, type Site, startSite, VIEWPORTS } from "./support.ts";

type Setup = { site: Site; youtube: FakeYouTube };
const setups: Record<string, Setup> = {};
let browser: Browser;

async function setup(name: string, mode: FakeMode, env: Record<string, string> = {}): Promise<Setup> {
  const youtube = await startFakeYouTube();
  youtube.setMode(mode);
  const site = await startSite({ appData: null, env: { ...youtube.env, ...env } });
  setups[name] = { site, youtube };
  return setups[name]!;
}

beforeAll(async () => {
  [browser] = await Promise.all([
    launchBrowser(),
    setup("quota", "quota"),
    setup("auth", "badKey"),
    setup("other", "500"),
    setup("empty", "empty"),
    // A fresh install: no key and no channel; then a channel known but no key.
    setup("fresh", "ok", { YOUTUBE_API_KEY: "", YOUTUBE_CHANNEL_ID: "" }),
    setup("noKey", "ok", { YOUTUBE_API_KEY: "" }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  for (const { site, youtube } of Object.values(setups)) {
    await site.stop();
    await youtube.stop();
  }
});

type Opened = { page: Page; close: () => Promise<void>; errors: string[]; youtubeRequests: string[]; videoRequests: () => number };

async function open(name: string, viewport = VIEWPORTS.desktop, path = "/"): Promise<Opened> {
  const { page, context, errors } = await openPage(browser, viewport);
  await page.route("https://i.ytimg.com/**", (route) => route.fulfill({ status: 204 }));
  const youtubeRequests: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/youtube/")) youtubeRequests.push(pathname);
  });
  await page.goto(`${setups[name]!.site.url}${path}`);
  const videoRequests = () => youtubeRequests.filter((pathname) => pathname === "/api/youtube/videos").length;
  return { page, errors, youtubeRequests, videoRequests, close: () => context.close() };
}

test("the error panel after 5 attempts with the doubling delay: quota and other variants, one upstream call each", async () => {
  const started = Date.now();
  const [quota, other] = await Promise.all([open("quota"), open("other")]);

  // While the attempts run: 6 skeleton cards.
  await quota.page.getByTestId("video-skeleton").first().waitFor();
  expect(await quota.page.getByTestId("video-skeleton").count()).toBe(6);

  const panels = await Promise.all(
    [quota, other].map(async ({ page }) => {
      const panel = page.getByTestId("videos-error");
      await panel.waitFor({ timeout: 30_000 });
      return panel;
    }),
  );
  // 1 + 2 + 4 + 8 seconds between the 5 attempts (spec §7); the server asked YouTube once and remembered the failure.
  expect(Date.now() - started).toBeGreaterThan(14_000);
  expect([quota.videoRequests(), other.videoRequests()]).toEqual([5, 5]);
  expect([setups.quota!.youtube.calls, setups.other!.youtube.calls]).toEqual([1, 1]);

  for (const panel of panels) {
    expect(await panel.getByRole("heading", { name: "Videos Temporarily Unavailable" }).isVisible()).toBe(true);
    expect(await panel.getByRole("button", { name: "Try Again" }).isVisible()).toBe(true);
    const channel = panel.getByRole("link", { name: "YouTube Channel" });
    expect(await channel.getAttribute("target")).toBe("_blank");
    expect(await channel.getAttribute("href")).toContain("youtube.com");
    expect(await panel.innerText()).toContain("visit our channel directly");
  }
  const [quotaText, otherText] = await Promise.all(panels.map((panel) => panel.getByTestId("videos-error-text").innerText()));
  expect(quotaText).toContain("quota");
  expect(quotaText).toContain("24 hours");
  expect(otherText).toStartWith("Unable to load videos: API error: ");

  await Promise.all([quota.close(), other.close()]);
}, 60_000);

test("a key YouTube refuses (AUTH_ERROR) is not retried: one request, the auth panel at once; after the admin's fix 'Try Again' loads", async () => {
  const started = Date.now();
  const auth = await open("auth", VIEWPORTS.phone);
  const panel = auth.page.getByTestId("videos-error");
  await panel.waitFor({ timeout: 30_000 });
  expect(Date.now() - started).toBeLessThan(5_000);
  await auth.page.waitForTimeout(2_000); // the first retry would have come after 1 s
  expect(auth.videoRequests()).toBe(1);
  expect(await panel.getByRole("heading", { name: "Videos Temporarily Unavailable" }).isVisible()).toBe(true);
  const text = await panel.getByTestId("videos-error-text").innerText();
  expect(text).toContain("authentication issue");
  expect(text).toContain("administrator");
  expect(await panel.getByRole("link", { name: "YouTube Channel" }).getAttribute("href")).toContain(setups.auth!.youtube.channelId);

  // Retry reruns the load: the admin stores a key YouTube accepts, the list shows.
  const { site, youtube } = setups.auth!;
  youtube.setMode("ok");
  const key = await fetch(`${site.url}/api/admin/youtube-api-key`, {
    method: "POST",
    headers: { Authorization: `Bearer ${await apiToken(site)}`, "Content-Type": "application/json" },
    body: JSON.stringify({ apiKey: youtube.apiKey }),
  });
  expect(key.status).toBe(200);
  await panel.getByRole("button", { name: "Try Again" }).click();
  await auth.page.getByTestId("video-card").first().waitFor({ timeout: 20_000 });
  expect(await auth.page.getByTestId("video-card").count()).toBe(3);
  expect(await auth.page.getByTestId("videos-error").count()).toBe(0);
  await auth.close();
}, 60_000);

/** Opens the home page and waits past the first retry's delay, so that any request the page would make is made. */
async function openSettled(name: string, viewport = VIEWPORTS.desktop) {
  const opened = await open(name, viewport);
  await opened.page.waitForLoadState("networkidle");
  await opened.page.waitForTimeout(1_500);
  return opened;
}

test("a fresh install without a key or a channel: no videos request, no console error, no videos section", async () => {
  const fresh = await openSettled("fresh");
  // Not even the status: the server's page carries it.
  expect(fresh.youtubeRequests).toEqual([]);
  expect(fresh.errors).toEqual([]);
  await fresh.page.locator("#contact").waitFor();
  expect(await fresh.page.locator("#videos").count()).toBe(0);
  expect(await fresh.page.getByText("Videos Temporarily Unavailable").count()).toBe(0);
  expect(await fresh.page.getByTestId("video-skeleton").count()).toBe(0);
  // The server's page already leaves the section out: nothing appears and then goes.
  const html = await (await fetch(setups.fresh!.site.url)).text();
  expect(html).not.toContain('id="videos"');
  expect(setups.fresh!.youtube.calls).toBe(0);
  await fresh.close();
});

test("without a key but with a channel: a link to the channel instead of the videos, no request, no console error", async () => {
  const noKey = await openSettled("noKey", VIEWPORTS.phone);
  expect(noKey.youtubeRequests).toEqual([]);
  expect(noKey.errors).toEqual([]);
  const section = noKey.page.locator("#videos");
  expect(await section.getByRole("heading", { name: "Recent Lectures" }).isVisible()).toBe(true);
  const channel = section.getByRole("link", { name: "YouTube Channel" });
  expect(await channel.getAttribute("href")).toBe(`https://www.youtube.com/channel/${setups.noKey!.youtube.channelId}`);
  expect(await channel.getAttribute("target")).toBe("_blank");
  expect(await section.getByTestId("video-skeleton").count()).toBe(0);
  expect(await section.getByText("Videos Temporarily Unavailable").count()).toBe(0);
  await noKey.close();
});

test("the admin area says the key is missing and where to set it; once set, the home page shows the videos", async () => {
  const fresh = await open("fresh", VIEWPORTS.desktop, "/admin");
  await openDashboard(fresh.page, setups.fresh!.site, await apiToken(setups.fresh!.site));
  const freshHint = fresh.page.getByTestId("youtube-setup-hint");
  await freshHint.waitFor();
  expect(await freshHint.innerText()).toContain("No YouTube API key is set");
  expect(await freshHint.innerText()).toContain("YOUTUBE_CHANNEL_ID");
  await fresh.close();

  const { site, youtube } = setups.noKey!;
  const admin = await open("noKey", VIEWPORTS.desktop, "/admin");
  await openDashboard(admin.page, site, await apiToken(site));
  const hint = admin.page.getByTestId("youtube-setup-hint");
  await hint.waitFor();
  const text = await hint.innerText();
  expect(text).toContain("No YouTube API key is set");
  expect(text).toContain("'Update YouTube API Key'");
  expect(text).not.toContain("YOUTUBE_CHANNEL_ID");

  await admin.page.getByRole("button", { name: "Update YouTube API Key" }).click();
  const form = dialog(admin.page, "Update YouTube API Key");
  await form.getByLabel("YouTube API Key").fill(youtube.apiKey);
  await form.getByRole("button", { name: "Update API Key" }).click();
  await expectToast(admin.page, "YouTube API Key Updated");
  await hint.waitFor({ state: "hidden" });
  await admin.close();

  const home = await open("noKey");
  await home.page.getByTestId("video-card").first().waitFor({ timeout: 20_000 });
  expect(await home.page.getByTestId("video-card").count()).toBe(3);
  expect(home.errors).toEqual([]);
  await home.close();
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
