// The scale part of `bun run bench` (issue 33; alone: BENCH_ONLY=scale): the demo content and twenty years of it
// (`make-demo-content --scale 40`: 600 archive events, 2,040 photos, 320 upcoming events, 400 messages, 20,000
// subscribers; and, issue 39, twenty weekly classes for a year with every date booked: 20,800 bookings), each restored by the real server (`bun src/main.ts serve`, tests/server.ts) at start on a fresh data
// folder, on loopback, serving one web build. For each: the HTML of `/` (raw and gzip), the admin's subscribers (the
// page the tab reads, `GET /api/admin/subscribers/page`, and the whole list 'Export CSV' reads), Lighthouse mobile (scripts/lighthouse.ts, median of 3) and, in Chromium at 1280 px
// signed in to /admin, each tab's time from its click until it is ready (median of 3): the tab selected, its panel
// shown with no "Loading..." text left in it, no request of the page pending, and two frames painted since; and a class
// date's door list from the click on 'Door list' until its counts show and no request is pending. Each tab
// is opened from a fresh load of the dashboard (nothing of it cached). Returns the table, with the ratio of twenty
// years to the demo.

import { Database } from "bun:sqlite";
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { todayIn } from "@server/lib/time.ts";
import { addDays } from "@server/shared/calendar.ts";
import { ROOT, type Server, startServer } from "@tests/server.ts";
import { $ } from "bun";
import type { Page } from "playwright-core";
import { writeScaledAppData } from "../scripts/scaled-content.ts";
import { apiToken, openDashboard } from "../tests/e2e/admin-helpers.ts";
import { ADMIN_PASSWORD, launchBrowser, VIEWPORTS } from "../tests/e2e/support.ts";

const SCALE = 40;
const LIGHTHOUSE_RUNS = 3;
/** Each tab is timed this many times (the median is shown, the range beside it). */
const TAB_ROUNDS = 3;
const TABS = ["Profile", "Events", "Classes", "Messages", "Subscribers", "Notifications", "Data Sync"];
const READY_TIMEOUT_MS = 60_000;
const LIGHTHOUSE = join(ROOT, "scripts/lighthouse.ts");

/** Issue 39: twenty classes a week for a year, 20 bookings a date (written beside the running server: 20,800 rows). */
const WEEKLY_CLASSES = 20;
const BOOKINGS_A_DATE = 20;

type Figures = {
  doorList: number[];
  html: number;
  htmlGzip: number;
  subscribersPage: number;
  subscribersApi: number;
  lighthouse: number[];
  tabs: Record<string, number[]>;
};

/** Waits until the tab `name` is ready (see the top of the file); `pending` counts the page's requests in flight. */
async function waitUntilReady(page: Page, name: string, pending: () => number) {
  const deadline = performance.now() + READY_TIMEOUT_MS;
  while (performance.now() < deadline) {
    const shown = await page.evaluate(async (tab) => {
      const selected = document.querySelector('[role="tab"][aria-selected="true"]');
      const panel = document.querySelector('[role="tabpanel"]:not([hidden])');
      if (selected?.textContent?.trim() !== tab || !panel || /Loading/.test(panel.textContent ?? "")) return false;
      await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)));
      return true;
    }, name);
    if (shown && pending() === 0) return;
    await Bun.sleep(5);
  }
  throw new Error(`the admin's ${name} tab was not ready within ${READY_TIMEOUT_MS / 1000} s`);
}

/** Milliseconds from each tab's click until it is ready, TAB_ROUNDS times, each from a fresh load of the dashboard. */
async function adminTabTimes(server: Server): Promise<Record<string, number[]>> {
  const token = await apiToken(server);
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const times: Record<string, number[]> = Object.fromEntries(TABS.map((name) => [name, []]));
    for (let round = 0; round < TAB_ROUNDS; round++)
      for (const name of TABS) {
        const page = await context.newPage();
        let inFlight = 0;
        page.on("request", () => inFlight++);
        page.on("requestfinished", () => inFlight--);
        page.on("requestfailed", () => inFlight--);
        // The dashboard opens on Profile; Profile itself is clicked from Classes.
        const from = name === "Profile" ? "Classes" : "Profile";
        await openDashboard(page, server, token, from === "Profile" ? undefined : from.toLowerCase());
        await waitUntilReady(page, from, () => inFlight);
        const clicked = performance.now();
        await page.getByRole("tab", { name }).click();
        await waitUntilReady(page, name, () => inFlight);
        times[name]!.push(performance.now() - clicked);
        await page.close();
      }
    return times;
  } finally {
    await browser.close();
  }
}

/**
 * A year of weekly classes (half of it past, half to come) with every date booked full, written into the running
 * server's database (SQLite's WAL lets a second writer in). The number of bookings.
 */
function writeClassYear(dbPath: string): number {
  const db = new Database(dbPath);
  db.exec("PRAGMA busy_timeout = 5000");
  const from = addDays(todayIn("Australia/Melbourne"), -26 * 7);
  const addClass = db.prepare<{ id: number }, [string, string]>(
    "INSERT INTO classes (name, level, days, time, location, description, icon, schedule, capacity, price) VALUES (?, 'Beginner', 'Weekly', '7:00 PM', 'Fitzroy', '<p>Weekly practice.</p>', 'sun', ?, 20, 2000) RETURNING id",
  );
  const book = db.prepare("INSERT INTO event_registrations (classId, classDate, name, email, phone, attended) VALUES (?, ?, ?, ?, '', ?)");
  let count = 0;
  db.transaction(() => {
    for (let n = 0; n < WEEKLY_CLASSES; n++) {
      const schedule = { weekdays: [(n % 7) + 1], start: "19:00", minutes: 60, from, until: null, skip: [] };
      const { id } = addClass.get(`Weekly class ${n + 1}`, JSON.stringify(schedule))!;
      for (let week = 0; week < 52; week++) {
        const date = new Date(Date.parse(`${from}T00:00:00Z`) + ((n % 7) + week * 7) * 86_400_000).toISOString().slice(0, 10);
        for (let b = 0; b < BOOKINGS_A_DATE; b++, count++) book.run(id, date, `Student ${b}`, `s${n}-${week}-${b}@example.org`, week < 26 ? 1 : null);
      }
    }
  })();
  db.close();
  return count;
}

/** Milliseconds from the click on a class date's 'Door list' until its rows are shown, TAB_ROUNDS times. */
async function doorListTimes(server: Server): Promise<number[]> {
  const token = await apiToken(server);
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const times: number[] = [];
    for (let round = 0; round < TAB_ROUNDS; round++) {
      const page = await context.newPage();
      let inFlight = 0;
      page.on("request", () => inFlight++);
      page.on("requestfinished", () => inFlight--);
      page.on("requestfailed", () => inFlight--);
      await openDashboard(page, server, token, "classes");
      await waitUntilReady(page, "Classes", () => inFlight);
      const clicked = performance.now();
      await page
        .getByRole("button", { name: /^Door list of / })
        .first()
        .click();
      await page.getByTestId("door-counts").waitFor({ timeout: READY_TIMEOUT_MS });
      while (inFlight > 0) await Bun.sleep(5);
      await page.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
      times.push(performance.now() - clicked);
      await page.close();
    }
    return times;
  } finally {
    await browser.close();
  }
}

/** Lighthouse mobile performance scores of `/` on this content, LIGHTHOUSE_RUNS runs (scripts/lighthouse.ts). */
async function lighthouseScores(web: string, appData: string, dir: string): Promise<number[]> {
  const keep = mkdtempSync(join(dir, "lighthouse-"));
  await $`bun ${LIGHTHOUSE} --runs ${LIGHTHOUSE_RUNS} --only mobile --web ${web} --app-data ${appData} --keep ${keep}`.cwd(ROOT).quiet();
  const scores: number[] = [];
  for (let run = 1; run <= LIGHTHOUSE_RUNS; run++) {
    const report = (await Bun.file(join(keep, `mobile-${run}.json`)).json()) as { categories: { performance: { score: number } } };
    scores.push(Math.round(report.categories.performance.score * 100));
  }
  return scores;
}

/** `classYear`: the weekly classes' year of bookings written in first (twenty years has it; the demo has its own classes). */
async function measure(web: string, appData: string, dir: string, classYear = false): Promise<Figures & { bookings: number }> {
  const server = await startServer({ appData, env: { ADMIN_PASSWORD, WEB_DIST: web } });
  try {
    const bookings = classYear ? writeClassYear(join(server.dataDir, "site.db")) : 0;
    const html = await (await fetch(`${server.url}/`)).bytes();
    const token = await apiToken(server);
    const bytesOf = async (path: string) =>
      (await (await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })).bytes()).byteLength;
    const [subscribersPage, subscribersApi] = [await bytesOf("/api/admin/subscribers/page"), await bytesOf("/api/admin/subscribers")];
    const tabs = await adminTabTimes(server);
    const doorList = await doorListTimes(server);
    await server.stop();
    return {
      bookings,
      doorList,
      html: html.byteLength,
      htmlGzip: Bun.gzipSync(html).byteLength,
      subscribersPage,
      subscribersApi,
      tabs,
      lighthouse: await lighthouseScores(web, appData, dir),
    };
  } finally {
    await server.stop();
    server.remove();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
/** "276 (251–290)": the median and the range. */
const spread = (values: number[]) => `${median(values).toFixed(0)} (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;

/** Runs the scale part in folders under `dir`; returns the table to print. */
export async function scaleBench(dir: string): Promise<string> {
  const web = join(dir, "scale-web");
  await $`bun scripts/build.ts --outdir ${web}`.cwd(ROOT).quiet();
  const twentyYears = join(dir, "twenty-years");
  const counts = writeScaledAppData(twentyYears, SCALE);
  const demo = await measure(web, join(ROOT, "app_data"), dir);
  const scaled = await measure(web, twentyYears, dir, true);

  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const rows: [string, string, string, string, string][] = [
    ["HTML of / (KB)", kb(demo.html), kb(scaled.html), `${(scaled.html / demo.html).toFixed(1)}x`, "≤ 250"],
    ["HTML of / gzip (KB)", kb(demo.htmlGzip), kb(scaled.htmlGzip), `${(scaled.htmlGzip / demo.htmlGzip).toFixed(1)}x`, ""],
    [
      "subscribers page, the tab's (KB)",
      kb(demo.subscribersPage),
      kb(scaled.subscribersPage),
      `${(scaled.subscribersPage / demo.subscribersPage).toFixed(1)}x`,
      "",
    ],
    [
      "all subscribers, the CSV's (KB)",
      kb(demo.subscribersApi),
      kb(scaled.subscribersApi),
      `${(scaled.subscribersApi / demo.subscribersApi).toFixed(0)}x`,
      "",
    ],
    [
      `Lighthouse mobile, median of ${LIGHTHOUSE_RUNS}`,
      spread(demo.lighthouse),
      spread(scaled.lighthouse),
      `${(median(scaled.lighthouse) / median(demo.lighthouse)).toFixed(2)}x`,
      "100",
    ],
    ...TABS.map((name): [string, string, string, string, string] => [
      `admin ${name} tab ready (ms)`,
      spread(demo.tabs[name]!),
      spread(scaled.tabs[name]!),
      `${(median(scaled.tabs[name]!) / median(demo.tabs[name]!)).toFixed(1)}x`,
      "≤ 1000",
    ]),
    [
      "a class date's door list ready (ms)",
      spread(demo.doorList),
      spread(scaled.doorList),
      `${(median(scaled.doorList) / median(demo.doorList)).toFixed(1)}x`,
      "≤ 1000",
    ],
  ];
  const line = (cells: string[]) =>
    `${cells[0]!.padEnd(34)}${cells[1]!.padStart(22)}${cells[2]!.padStart(24)}${cells[3]!.padStart(8)}${cells[4]!.padStart(9)}`;
  return [
    `\nscale: the demo content and twenty years of it (make-demo-content --scale ${SCALE}: ${counts.archiveEvents} archive events, ${counts.photos} photos, ` +
      `${counts.events} upcoming events, ${counts.messages} messages, ${counts.subscribers} subscribers; and ${WEEKLY_CLASSES} weekly classes for a year, ` +
      `${scaled.bookings} bookings), each restored at a start, same run; ` +
      `admin tabs in Chromium at 1280 px (median of ${TAB_ROUNDS}, range), from the click until the tab is selected, its panel has no Loading text, no request is pending and two frames are painted`,
    line(["", "demo", "twenty years", "ratio", "target"]),
    ...rows.map(line),
  ].join("\n");
}
