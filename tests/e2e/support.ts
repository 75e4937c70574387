// Browser tests drive the real server (started as a process, as an operator would) in Debian's Chromium.
import { AxeBuilder } from "@axe-core/playwright";
import { APP_STARTED_EVENT } from "@web/lib/app-start.ts";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { freePort, startServer } from "../server.ts";

export { freePort };
export const ADMIN_PASSWORD = "e2e-admin-password";

/** `env`: the settings it was started with beyond the defaults (a flow that needs a site of its own starts one alike). */
export type Site = {
  url: string;
  dir: string;
  dataDir: string;
  appDataDir: string;
  env?: Record<string, string>;
  stop: () => Promise<void>;
  logs: () => string;
};

/**
 * Starts the real server on a temp data folder. By default APP_DATA_DIR is a copy of the repo's demo content, which
 * the server auto-restores into the empty database; pass `appData: null` for an empty site. `onLocalhost`: the site is
 * http://localhost:PORT (its SITE_URL and `url`), since browsers refuse an IP address as a passkey's domain.
 */
export async function startSite(options: { appData?: string | null; env?: Record<string, string>; onLocalhost?: boolean } = {}): Promise<Site> {
  const port = freePort();
  const siteUrl = options.onLocalhost ? `http://localhost:${port}` : undefined;
  const localhost: Record<string, string> = siteUrl ? { PORT: String(port), SITE_URL: siteUrl } : {};
  const server = await startServer({
    appData: options.appData === undefined ? "demo" : options.appData,
    env: { ADMIN_PASSWORD, ...localhost, ...options.env },
  });
  const { dir, dataDir, appDataDir, logs } = server;
  return {
    url: siteUrl ?? server.url,
    dir,
    dataDir,
    appDataDir,
    env: options.env ?? {},
    logs,
    stop: async () => {
      await server.stop();
      server.remove();
    },
  };
}

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

export const VIEWPORTS = { phone: { width: 360, height: 780 }, tablet: { width: 768, height: 1024 }, desktop: { width: 1280, height: 900 } };

/**
 * A fresh page whose console errors and page errors are collected, so tests can assert there are none, and which
 * keeps the app's `app-started` event for appStarted().
 */
export async function openPage(browser: Browser, viewport = VIEWPORTS.desktop): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  await context.addInitScript((event) => {
    document.addEventListener(event, () => Object.assign(window, { appStarted: true }), { once: true });
  }, APP_STARTED_EVENT);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return { context, page, errors };
}

/**
 * Waits until the page's app has hydrated (web/boot.ts starts it once the portrait has been painted, often after the
 * load event): for tests of what the app does, rather than of what is held before it starts.
 */
export async function appStarted(page: Page) {
  await page.waitForFunction(() => "appStarted" in window);
}

const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe-core's WCAG 2.2 AA violations of the page as it is, each "state: rule (nodes): targets", once its opening and
 * closing animations have ended (a half-faded dialog would fail the contrast rule; endless ones, a spinner, never end).
 */
export async function axeViolations(page: Page, state: string): Promise<string[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return results.violations.map(
    (violation) => `${state}: ${violation.id} (${violation.nodes.length}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}
