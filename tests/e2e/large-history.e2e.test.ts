// Twenty years of history (issue 33 item 1; scripts/scaled-content.ts: 600 archive entries, 320 upcoming events):
// what `/` sends does not grow with it, and the archive's filters, search, sort and pages, 'View All Events' and the
// links to what is not on the first page work against the API, with the spec's texts.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { htmlToText } from "@server/shared/rich-text.ts";
import type { ArchiveItem } from "@web/lib/api-types.ts";
import type { Browser, Page } from "playwright-core";
import { writeScaledAppData } from "../../scripts/scaled-content.ts";
import { appStarted, launchBrowser, openPage, type Site, startSite } from "./support.ts";

/** The bound on the HTML of `/` with twenty years of data (961 KB before). */
const MAX_HTML_BYTES = 250 * 1024;

let site: Site;
let browser: Browser;
let dir: string;
let archive: ArchiveItem[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "vedanta-large-"));
  const counts = writeScaledAppData(join(dir, "app_data"), 40);
  expect([counts.archiveEvents, counts.events]).toEqual([600, 320]);
  [site, browser] = await Promise.all([startSite({ appData: join(dir, "app_data") }), launchBrowser()]);
  archive = (await (await fetch(`${site.url}/api/archive-events`)).json()) as ArchiveItem[];
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const answered = (page: Page) => page.waitForFunction(() => !document.querySelector("#archives [aria-busy=true]"));

test("the HTML of / stays under 250 KB and holds the first page of each list, not the history", async () => {
  const html = await (await fetch(`${site.url}/`)).text();
  expect(new TextEncoder().encode(html).byteLength).toBeLessThanOrEqual(MAX_HTML_BYTES);
  expect(archive).toHaveLength(600);
  expect(html).toContain(archive[0]!.title);
  expect(html).not.toContain(`"title":"${archive.at(-1)!.title}"`);
});

test("the archive's year select, search count, sort and last page cover the whole archive; 'View All Events' shows all", async () => {
  const { page, context, errors } = await openPage(browser);
  await page.goto(site.url);
  await page.getByTestId("archive-card").first().waitFor();
  await appStarted(page);
  const section = page.locator("#archives");
  const cards = page.getByTestId("archive-card");
  const years = [...new Set(archive.map((item) => item.year))].sort((a, b) => Number(b) - Number(a));
  expect(await section.getByLabel("Year", { exact: true }).locator("option").allInnerTexts()).toEqual(["All Years", ...years]);
  expect(await page.getByTestId("archive-showing").innerText()).toBe(`Showing 1-6 of ${archive.length} events`);

  const term = "silence";
  const matching = archive.filter((item) =>
    [item.title, htmlToText(item.description), item.type].some((text) => text.toLowerCase().includes(term)),
  ).length;
  expect(matching).toBeGreaterThan(6);
  await section.getByRole("searchbox").fill(term);
  await answered(page);
  expect(await page.getByTestId("archive-search-result").innerText()).toBe(`Found ${matching} event(s) matching "${term}"`);
  await section.getByRole("button", { name: "Clear search" }).click();
  await answered(page);

  await section.getByRole("button", { name: "Sort: Newest First" }).click();
  await answered(page);
  expect((await cards.getByTestId("archive-year").allInnerTexts())[0]).toBe(years.at(-1)!);
  const pages = Math.ceil(archive.length / 6);
  await section
    .getByRole("navigation", { name: "Archive pages" })
    .getByRole("button", { name: `Page ${pages}` })
    .click();
  await answered(page);
  expect(await page.getByTestId("archive-showing").innerText()).toBe(`Showing ${(pages - 1) * 6 + 1}-${archive.length} of ${archive.length} events`);
  expect((await cards.getByTestId("archive-year").allInnerTexts()).at(-1)).toBe(years[0]!);

  await page.getByRole("button", { name: "View All Events" }).click();
  await page.waitForFunction(() => document.querySelectorAll("[data-testid=event-card]").length === 320);
  expect(errors).toEqual([]);
  await context.close();
});

test("a link to an entry or an event far from the first page opens its dialog from the page's own data", async () => {
  const oldest = archive.at(-1)!;
  const events = (await (await fetch(`${site.url}/api/events`)).json()) as { id: number; name: string }[];
  const last = events.at(-1)!;
  for (const [path, name] of [
    [`/?${oldest.source}=${oldest.id}`, oldest.title],
    [`/?event=${last.id}`, last.name],
  ] as const) {
    const { page, context, errors } = await openPage(browser);
    const asked: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/")) asked.push(new URL(request.url()).pathname);
    });
    await page.goto(`${site.url}${path}`);
    await page.getByRole("dialog", { name }).waitFor();
    expect(asked.filter((asked) => asked.startsWith("/api/events") || asked.startsWith("/api/archive-events"))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }
});
