// The archive's paged, filtered and searched read and the reads of one entry or event (issue 33 item 1): what `/`
// sends does not grow with the history, so the server answers the filter bar. Real HTTP, real SQLite.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { archiveEvents, events } from "@db/schema.ts";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import type { ArchivePageQuery } from "./model.ts";

const NOW = new Date("2026-11-21T02:00:00Z");
const TYPES = ["retreat", "Workshop", "course", "workshop"];
const COUNT = 40;
let t: TestApp;
let token: string;

const read = async (query: ArchivePageQuery = {}) => {
  const { status, data } = await t.api()["archive-events"].page.get({ query });
  expect(status).toBe(200);
  return data!;
};

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  token = await t.login();
  // Entry n: year 2025 - floor(n / 4), types in turn; the tenth speaks of the river in bold.
  t.db
    .insert(archiveEvents)
    .values(
      Array.from({ length: COUNT }, (_, i) => ({
        title: `Gathering ${i + 1}`,
        date: "March 3, 2020",
        type: TYPES[i % 4]!,
        year: String(2025 - Math.floor(i / 4)),
        description: i === 9 ? "<p>Chanting by the <strong>river</strong></p>" : "<p>A day of practice.</p>",
        image: "/uploads/photo.jpg",
      })),
    )
    .run();
  const event = { type: "celebration", time: "6 pm", location: "Hall", description: "<p>An evening.</p>" };
  t.db
    .insert(events)
    .values([
      { ...event, name: "Diwali by the river", startDate: "2026-10-20" },
      { ...event, name: "Winter Retreat", startDate: "2026-12-20" },
      { ...event, name: "New Year Satsang", startDate: "2027-01-01" },
      { ...event, name: "Shivaratri", startDate: "2027-02-15" },
      { ...event, name: "Spring Course", startDate: "2027-03-10" },
    ])
    .run();
});
afterAll(() => t.cleanup());

describe("GET /api/archive-events/page", () => {
  test("the first page: 6 entries, the count of the whole archive, every year newest first and every type sorted", async () => {
    const page = await read();
    expect(page.items.map((item) => item.title)).toEqual([
      "Diwali by the river",
      "Gathering 1",
      "Gathering 2",
      "Gathering 3",
      "Gathering 4",
      "Gathering 5",
    ]);
    expect([page.total, page.page]).toEqual([COUNT + 1, 1]);
    expect(page.years).toEqual(["2026", ...Array.from({ length: 10 }, (_, i) => String(2025 - i))]);
    expect(page.types).toEqual(["celebration", "course", "retreat", "Workshop"]);
  });

  test("year, type (without regard to case) and sort filter the whole archive; the years and types stay every one", async () => {
    const year = await read({ year: "2019" });
    expect(year.items.map((item) => item.title)).toEqual(["Gathering 25", "Gathering 26", "Gathering 27", "Gathering 28"]);
    expect(year.years).toHaveLength(11);
    const type = await read({ type: "WORKSHOP" });
    expect(type.total).toBe(20);
    expect(type.items.map((item) => item.type)).toEqual(["Workshop", "workshop", "Workshop", "workshop", "Workshop", "workshop"]);
    const oldest = await read({ sort: "oldest" });
    expect(oldest.items.map((item) => item.year)).toEqual(["2016", "2016", "2016", "2016", "2017", "2017"]);
    const last = await read({ sort: "oldest", page: 7 });
    expect(last.items.map((item) => item.title)).toEqual(["Gathering 1", "Gathering 2", "Gathering 3", "Gathering 4", "Diwali by the river"]);
  });

  test("the search: words of the title, the description's text (not its markup) or the type, counted across the archive", async () => {
    const river = await read({ search: " RIVER " });
    expect(river.items.map((item) => item.title)).toEqual(["Diwali by the river", "Gathering 10"]);
    expect(river.total).toBe(2);
    expect((await read({ search: "strong" })).total).toBe(0);
    const course = await read({ search: "cour", page: 2 });
    expect([course.total, course.page, course.items.length]).toEqual([10, 2, 4]);
    expect((await read({ search: "gathering", year: "2016", type: "course" })).items.map((item) => item.title)).toEqual(["Gathering 39"]);
  });

  test("a page past the end is the last; a bad sort, page or search is a 400 that says why", async () => {
    expect((await read({ page: 99 })).page).toBe(7);
    // Raw: a query the contract's types refuse.
    const bad = async (query: string) => {
      const response = await t.request("GET", `/api/archive-events/page${query}`);
      return [response.status, ((await response.json()) as { error: string }).error];
    };
    expect(await bad("?sort=sideways")).toEqual([400, 'Expected one of `"newest","oldest"`, but received: "sideways"']);
    expect(await bad("?page=0")).toEqual([400, "Expected a integer greater than or equal to 1 but received `0`"]);
    expect((await bad(`?search=${"a".repeat(201)}`))[0]).toBe(400);
  });

  test("an admin's write is in the next answer, cached page and search alike", async () => {
    const before = await read();
    const created = await t.api({ token }).admin["archive-events"].post({
      title: "Riverside Retreat",
      date: "May 1, 2026",
      type: "retreat",
      year: "2026",
      description: "<p>Ten days of silence.</p>",
      image: "/uploads/x.jpg",
    });
    expect(created.status).toBe(201);
    expect((await read()).total).toBe(before.total + 1);
    expect((await read({ search: "riverside" })).items.map((item) => item.title)).toEqual(["Riverside Retreat"]);
    expect((await t.api({ token }).admin["archive-events"]({ id: created.data!.id }).delete()).status).toBe(200);
    expect((await read()).total).toBe(before.total);
  });
});

describe("what the public cache keeps of it", () => {
  test("pages without words are kept (with their ETag) up to a bound; a search and the pages past it are answered, not kept", async () => {
    const etag = async (query: ArchivePageQuery) => (await t.api()["archive-events"].page.get({ query })).response.headers.get("etag");
    expect(await etag({ type: "Course" })).toBe(await etag({ type: "course" }));
    expect(await etag({ search: "river" })).toBeNull();
    // Each page number is a key of its own (past the last page the last is answered): the bound is 200 keys.
    const tags = [];
    for (let page = 1; page <= 220; page++) tags.push(await etag({ year: "2019", page }));
    expect(tags.filter(Boolean).length).toBeLessThan(200);
    expect(tags.at(-1)).toBeNull();
    expect((await read({ year: "2019", page: 220 })).items).toHaveLength(4);
    expect(await etag({ year: "2019", page: 1 })).not.toBeNull();
  });
});

describe("one entry or event, for a link not on the page shown", () => {
  test("GET /api/archive-events/:source/:id: an archive row, a past event, or none", async () => {
    expect((await t.api()["archive-events"]({ source: "archive" })({ id: 40 }).get()).data).toMatchObject({
      entry: { source: "archive", title: "Gathering 40" },
    });
    expect((await t.api()["archive-events"]({ source: "event" })({ id: 1 }).get()).data).toMatchObject({
      entry: { source: "event", title: "Diwali by the river" },
    });
    expect((await t.api()["archive-events"]({ source: "event" })({ id: 2 }).get()).data).toEqual({ entry: null });
    expect((await t.api()["archive-events"]({ source: "archive" })({ id: 999 }).get()).data).toEqual({ entry: null });
  });

  test("GET /api/events/first: the first 3 upcoming events and their count; GET /api/events/:id one of them or none", async () => {
    const first = (await t.api().events.first.get()).data!;
    expect([first.events.map((event) => event.name), first.total]).toEqual([["Winter Retreat", "New Year Satsang", "Shivaratri"], 4]);
    expect((await t.api().events({ id: 5 }).get()).data).toMatchObject({
      event: { name: "Spring Course", placesLeft: null, registrationOpen: true },
    });
    expect((await t.api().events({ id: 1 }).get()).data).toEqual({ event: null });
    // Raw: an id the contract's types refuse.
    expect((await t.request("GET", "/api/events/abc")).status).toBe(404);
  });
});

describe("GET /api/admin/archive-events/page (issue 33 item 2: the Events tab's archive entries)", () => {
  const page = (query: { year?: string; type?: string; search?: string; page?: number } = {}) =>
    t.api({ token }).admin["archive-events"].page.get({ query });

  test("20 rows at a time in the list's order, with the rows' years and types; past events are not rows", async () => {
    const { data, status } = await page();
    expect(status).toBe(200);
    const rows = (await t.api({ token }).admin["archive-events"].get()).data!;
    expect(data?.items.map((item) => item.id)).toEqual(rows.slice(0, 20).map((item) => item.id));
    expect([data?.total, data?.page, data?.pageSize]).toEqual([COUNT, 1, 20]);
    expect(data?.years).toEqual(Array.from({ length: 10 }, (_, i) => String(2025 - i)));
    expect(data?.types).toEqual(["course", "retreat", "Workshop"]);
    expect((await page({ page: 5 })).data).toMatchObject({ page: 2, total: COUNT });
  });

  test("the public page's filters: year equal, type without regard to case, words of the title, description or type", async () => {
    expect((await page({ year: "2019" })).data?.items.map((item) => item.title)).toEqual([
      "Gathering 25",
      "Gathering 26",
      "Gathering 27",
      "Gathering 28",
    ]);
    expect((await page({ type: "WORKSHOP" })).data?.total).toBe(20);
    expect((await page({ search: " RIVER " })).data?.items.map((item) => item.title)).toEqual(["Gathering 10"]);
    expect((await page({ search: "gathering", year: "2016", type: "course" })).data?.items.map((item) => item.title)).toEqual(["Gathering 39"]);
    expect((await page({ search: "nothing like it" })).data).toMatchObject({ items: [], total: 0, page: 1 });
  });

  test("a bad page is a 400 that says why, and the page needs the admin", async () => {
    const response = await t.request("GET", "/api/admin/archive-events/page?page=-1", { token });
    expect([response.status, ((await response.json()) as { error: string }).error]).toEqual([
      400,
      "Expected a integer greater than or equal to 1 but received `-1`",
    ]);
    expect((await t.api().admin["archive-events"].page.get({ query: {} })).status).toBe(401);
  });
});
