// Browser tests drive the real server (started as a process, as an operator would) in Debian's Chromium.
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

export const ADMIN_PASSWORD = "e2e-admin-password";
const ROOT = resolve(import.meta.dir, "../..");

/** A free loopback port (servers must not share one: Elysia/Bun's reusePort would hide a clash). */
export function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", reusePort: false, fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  return port;
}

export type Site = { url: string; dir: string; dataDir: string; appDataDir: string; stop: () => Promise<void>; logs: () => string };

/**
 * Starts `bun src/main.ts serve` on a temp data folder. By default APP_DATA_DIR is a copy of the repo's demo
 * content, which the server auto-restores into the empty database; pass `appData: null` for an empty site.
 */
export async function startSite(options: { appData?: string | null; env?: Record<string, string> } = {}): Promise<Site> {
  const dir = mkdtempSync(join(tmpdir(), "vedanta-e2e-"));
  const dataDir = join(dir, "data");
  const appDataDir = join(dir, "app_data");
  const source = options.appData === undefined ? join(ROOT, "app_data") : options.appData;
  if (source && existsSync(source)) cpSync(source, appDataDir, { recursive: true });
  const port = freePort();
  const child = Bun.spawn(["bun", join(ROOT, "src/main.ts"), "serve"], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      APP_DATA_DIR: appDataDir,
      ADMIN_PASSWORD,
      SITE_URL: `http://127.0.0.1:${port}`,
      YOUTUBE_API_BASE: "http://127.0.0.1:9/unreachable",
      WEB_DIST: process.env.WEB_DIST ?? join(ROOT, "dist/public"),
      ...options.env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  let output = "";
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) output += decoder.decode(chunk, { stream: true });
  };
  void collect(child.stdout);
  void collect(child.stderr);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  while (!output.includes("Listening on")) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await Bun.sleep(25);
  }
  return {
    url,
    dir,
    dataDir,
    appDataDir,
    logs: () => output,
    stop: async () => {
      child.kill("SIGTERM");
      await child.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const CHROMIUM_ARGS = [
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

/** A fresh page whose console errors and page errors are collected, so tests can assert there are none. */
export async function openPage(browser: Browser, viewport = VIEWPORTS.desktop): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return { context, page, errors };
}
