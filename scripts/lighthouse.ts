// `bun run lighthouse` (issue 5): Lighthouse (npm `lighthouse`, installed globally when missing) with Debian's
// Chromium on `/`, served with the demo content and a local fake of the video service, mobile then desktop.
// Prints the four category scores and the metrics of each run, and the medians when there are several.
//
//   bun run lighthouse [--runs N] [--web DIR] [--app-data DIR] [--keep DIR] [--only mobile|desktop] [--path /?event=1]
//     --runs N        N runs of each form factor (default 1; this machine is noisy: 3+ for figures worth quoting)
//     --web DIR       serve this build folder (from `bun scripts/build.ts --outdir DIR`) instead of building one
//     --app-data DIR  the site's content from this app_data folder instead of the demo's (twenty years of it, say:
//                     `bun scripts/make-demo-content.ts --scale 40 --out DIR`)
//     --keep DIR      write each run's Lighthouse JSON report there (mobile-1.json, ...) for the audits' details
//     --path P        audit this page of the site instead of `/` (an event's link, say)

import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { type Server, startServer } from "@tests/server.ts";
import { startFakeYouTube } from "@tests/support/fake-youtube.ts";
import { $ } from "bun";

const ROOT = resolve(import.meta.dir, "..");
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];

const { values: options } = parseArgs({
  args: Bun.argv.slice(2),
  options: {
    runs: { type: "string", default: "1" },
    web: { type: "string" },
    "app-data": { type: "string" },
    keep: { type: "string" },
    only: { type: "string" },
    path: { type: "string", default: "/" },
  },
});
const RUNS = Math.max(1, Number(options.runs) || 1);
const FORM_FACTORS = (["mobile", "desktop"] as const).filter((formFactor) => !options.only || options.only === formFactor);

type Report = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { score: number | null; title: string; displayValue?: string; numericValue?: number; scoreDisplayMode: string }>;
};

if (!Bun.which("lighthouse")) {
  console.log("Installing lighthouse (npm i -g lighthouse)...");
  await $`npm i -g lighthouse`;
}

const dir = mkdtempSync(join(tmpdir(), "vedanta-lighthouse-"));
// No videos: their thumbnails live on the video service's servers, which this offline machine cannot reach (each
// failed image would count as a console error).
const fake = await startFakeYouTube({ videos: [] });
let server: Server | null = null;
try {
  const web = options.web ? resolve(options.web) : join(dir, "web");
  if (!options.web) await $`bun scripts/build.ts --outdir ${web}`.cwd(ROOT).quiet();
  server = await startServer({
    appData: options["app-data"] ? resolve(options["app-data"]) : "demo",
    env: { ADMIN_PASSWORD: "lighthouse-admin-password", WEB_DIST: web, ...fake.env },
  });
  const url = new URL(options.path, server.url).href;
  // Warm what a running site has already made: the video cache and the resized copies of the page's photos.
  await fetch(`${server.url}/api/youtube/videos`);
  const page = await (await fetch(url)).text();
  const copies = new Set(
    [...page.matchAll(/srcset="([^"]*)"/gi)].flatMap((match) => match[1]!.split(", ").map((candidate) => candidate.split(" ")[0]!)),
  );
  for (const copy of copies) await fetch(new URL(copy.replaceAll("&amp;", "&"), url));
  if (options.keep) mkdirSync(options.keep, { recursive: true });

  const flags = "--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run";
  for (const formFactor of FORM_FACTORS) {
    const reports: Report[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const out = join(options.keep ? resolve(options.keep) : dir, `${formFactor}-${run}.json`);
      const preset = formFactor === "desktop" ? ["--preset=desktop"] : [];
      // Lighthouse now and then fails to record the trace (NO_NAVSTART, NO_FCP) on this kind of machine: tried again.
      for (let attempt = 1; ; attempt++) {
        const run =
          await $`lighthouse ${url} ${preset} --quiet --output=json --output-path=${out} --only-categories=${CATEGORIES.join(",")} --chrome-flags=${flags}`
            .env({ ...process.env, CHROME_PATH: CHROME })
            .quiet()
            .nothrow();
        if (run.exitCode === 0) break;
        if (attempt === 3) throw new Error(`lighthouse failed: ${run.stderr.toString().trim()}`);
        console.log(`           (lighthouse failed, trying again: ${run.stderr.toString().trim().slice(0, 160)})`);
      }
      const report = (await Bun.file(out).json()) as Report;
      reports.push(report);
      const label = RUNS > 1 ? `${formFactor} ${run}` : formFactor;
      const scores = CATEGORIES.map((id) => `${id} ${Math.round((report.categories[id]?.score ?? 0) * 100)}`);
      console.log(`${label.padEnd(10)} ${scores.join("  ")}`);
      console.log(`           ${METRICS.map((id) => `${id.replace(/-/g, " ")}: ${report.audits[id]?.displayValue ?? "?"}`).join(", ")}`);
      const failing = Object.entries(report.audits)
        .filter(([, audit]) => audit.score !== null && audit.score < 0.9 && ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode))
        .map(([id, audit]) => `${id}${audit.displayValue ? ` (${audit.displayValue})` : ""}`);
      if (failing.length) console.log(`           below 90: ${failing.join(", ")}`);
      const errors =
        (report.audits["errors-in-console"] as { details?: { items?: { description?: string; url?: string }[] } } | undefined)?.details?.items ?? [];
      for (const item of errors) console.log(`           console error: ${item.description ?? ""} ${item.url ?? ""}`.slice(0, 300));
    }
    if (RUNS > 1) {
      const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
      const range = (values: number[], format: (value: number) => string) =>
        `${format(median([...values]))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
      const scores = CATEGORIES.map(
        (id) =>
          `${id} ${range(
            reports.map((r) => Math.round((r.categories[id]?.score ?? 0) * 100)),
            String,
          )}`,
      );
      const metrics = METRICS.map((id) => {
        const values = reports.map((r) => r.audits[id]?.numericValue ?? Number.NaN);
        const format =
          id === "cumulative-layout-shift"
            ? (v: number) => v.toFixed(3)
            : id === "total-blocking-time"
              ? (v: number) => `${Math.round(v)} ms`
              : (v: number) => `${(v / 1000).toFixed(2)} s`;
        return `${id.replace(/-/g, " ")} ${range(values, format)}`;
      });
      console.log(`${`${formFactor} median`.padEnd(10)} of ${RUNS}: ${scores.join("  ")}\n           ${metrics.join(", ")}`);
    }
  }
} finally {
  await server?.stop();
  server?.remove();
  await fake.stop();
  rmSync(dir, { recursive: true, force: true });
}
