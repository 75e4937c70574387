// `bun run lighthouse` (issue 5): Lighthouse (npm `lighthouse`, installed globally when missing) with Debian's
// Chromium on `/`, served with the demo content and a local fake of the video service, mobile then desktop.
// Prints the four category scores of each.
import { $ } from "bun";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startFakeYouTube } from "../src/test-support/fake-youtube.ts";

const ROOT = resolve(import.meta.dir, "..");
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

if (!Bun.which("lighthouse")) {
  console.log("Installing lighthouse (npm i -g lighthouse)...");
  await $`npm i -g lighthouse`;
}

const dir = mkdtempSync(join(tmpdir(), "vedanta-lighthouse-"));
// No videos: their thumbnails live on the video service's servers, which this offline machine cannot reach (each
// failed image would count as a console error).
const fake = await startFakeYouTube({ videos: [] });
let server: ReturnType<typeof Bun.spawn> | null = null;
try {
  await $`bun scripts/build.ts --outdir ${join(dir, "web")}`.cwd(ROOT).quiet();
  cpSync(join(ROOT, "app_data"), join(dir, "app_data"), { recursive: true });
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", reusePort: false, fetch: () => new Response() });
  const port = probe.port!;
  probe.stop(true);
  const url = `http://127.0.0.1:${port}/`;
  server = Bun.spawn(["bun", join(ROOT, "src/main.ts"), "serve"], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: join(dir, "data"),
      APP_DATA_DIR: join(dir, "app_data"),
      ADMIN_PASSWORD: "lighthouse-admin-password",
      SITE_URL: url.slice(0, -1),
      WEB_DIST: join(dir, "web"),
      YOUTUBE_API_BASE: fake.url,
      YOUTUBE_API_KEY: fake.apiKey,
      YOUTUBE_CHANNEL_ID: fake.channelId,
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const ok = await fetch(url).then((response) => response.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error("the server did not start");
    await Bun.sleep(50);
  }
  await fetch(`${url}api/youtube/videos`); // warm the server's video cache, as a running site has it

  const flags = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run";
  for (const formFactor of ["mobile", "desktop"] as const) {
    const out = join(dir, `${formFactor}.json`);
    const preset = formFactor === "desktop" ? ["--preset=desktop"] : [];
    await $`lighthouse ${url} ${preset} --quiet --output=json --output-path=${out} --only-categories=${CATEGORIES.join(",")} --chrome-flags=${flags}`
      .env({ ...process.env, CHROME_PATH: CHROME })
      .quiet();
    const report = (await Bun.file(out).json()) as {
      categories: Record<string, { score: number | null }>;
      audits: Record<string, { score: number | null; title: string; displayValue?: string; scoreDisplayMode: string }>;
    };
    const scores = CATEGORIES.map((id) => `${id} ${Math.round((report.categories[id]?.score ?? 0) * 100)}`);
    console.log(`${formFactor.padEnd(8)} ${scores.join("  ")}`);
    const metrics = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];
    console.log(`         ${metrics.map((id) => `${id.replace(/-/g, " ")}: ${report.audits[id]?.displayValue ?? "?"}`).join(", ")}`);
    const failing = Object.entries(report.audits)
      .filter(([, audit]) => audit.score !== null && audit.score < 0.9 && ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode))
      .map(([id, audit]) => `${id}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
    if (failing.length) console.log(`         below 90: ${failing.join(", ")}`);
    const errors = (report.audits["errors-in-console"] as { details?: { items?: { description?: string; url?: string }[] } } | undefined)?.details?.items ?? [];
    for (const item of errors) console.log(`         console error: ${item.description ?? ""} ${item.url ?? ""}`.slice(0, 300));
  }
} finally {
  server?.kill("SIGTERM");
  await server?.exited;
  await fake.stop();
  rmSync(dir, { recursive: true, force: true });
}
