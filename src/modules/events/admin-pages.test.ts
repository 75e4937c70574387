// Issue 33 item 2: the Events tab's lists a page at a time, searched and filtered in SQLite: the events (upcoming or
// past on the site's day) and one event's registrations (by name or address, by state, with the event's counts).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ADMIN_PAGE_SIZE } from "@server/shared/constants.ts";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { createEvent, createRegistration } from "@tests/support/factories.ts";

// 2026-11-20T14:00Z is already 2026-11-21 in Melbourne: an event of the 20th is past.
const NOW = new Date("2026-11-20T14:00:00Z");
let t: TestApp;
let token: string;
let busy: number;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  token = await t.login();
  // 30 past events (October 2026 and before), then 15 upcoming; every third at the Ashram, one with 100% in its name.
  for (let i = 0; i < 45; i++) {
    const day = new Date(Date.UTC(2026, 9, 22 + i)).toISOString().slice(0, 10);
    const startDate = i < 30 ? new Date(Date.UTC(2026, 9, i - 10)).toISOString().slice(0, 10) : day;
    createEvent(t.db, { name: i === 7 ? "100% Silence" : `Gathering ${i + 1}`, startDate, location: i % 3 ? "Hall" : "Ashram" });
  }
  createEvent(t.db, { name: "Yesterday in Melbourne", startDate: "2026-11-20" });
  busy = createEvent(t.db, { name: "Busy Retreat", startDate: "2027-05-01", capacity: 30 }).id;
  for (let i = 0; i < 30; i++) createRegistration(t.db, busy, { name: i === 4 ? "Asha Rao" : `Guest ${i}`, checkedIn: i < 3 });
  for (let i = 0; i < 25; i++) createRegistration(t.db, busy, { state: "waiting", name: `Waiting ${i}`, email: `queue${i}@example.org` });
  for (let i = 0; i < 5; i++) createRegistration(t.db, busy, { state: "cancelled" });
});
afterAll(() => t.cleanup());

const admin = () => t.api({ token }).admin;
const bad = async (path: string) => {
  const response = await t.request("GET", path, { token });
  return [response.status, ((await response.json()) as { error: string }).error];
};

describe("GET /api/admin/events/page", () => {
  test("the first page in the tab's order (upcoming soonest first, then the past latest first), the count of all, the page and its size", async () => {
    const { data, status } = await admin().events.page.get({ query: {} });
    expect(status).toBe(200);
    // The whole list is latest first; the tab's page puts the upcoming ones (from the 21st in Melbourne) first, soonest first.
    const everything = (await admin().events.get()).data!;
    const upcoming = everything.filter((event) => (event.endDate ?? event.startDate) >= "2026-11-21").reverse();
    const past = everything.filter((event) => (event.endDate ?? event.startDate) < "2026-11-21");
    expect(data?.items.map((event) => event.id)).toEqual([...upcoming, ...past].slice(0, ADMIN_PAGE_SIZE).map((event) => event.id));
    expect(data?.items[0]?.startDate).toBe("2026-11-21");
    expect([data?.total, data?.page, data?.pageSize]).toEqual([47, 1, ADMIN_PAGE_SIZE]);
    expect(data?.items.find((event) => event.name === "Busy Retreat")).toMatchObject({
      registrationCount: 60,
      confirmedCount: 30,
      heldCount: 0,
      waitingCount: 25,
      checkedInCount: 3,
    });
  });

  test("upcoming and past are decided on the site's day; the last page holds the rest; past the end is the last", async () => {
    const upcoming = (await admin().events.page.get({ query: { when: "upcoming" } })).data!;
    expect(upcoming.total).toBe(16);
    const past = (await admin().events.page.get({ query: { when: "past", page: 2 } })).data!;
    expect([past.total, past.page, past.items.length]).toEqual([31, 2, 11]);
    expect((await admin().events.page.get({ query: { when: "past" } })).data?.items[0]?.name).toBe("Yesterday in Melbourne");
    expect((await admin().events.page.get({ query: { page: 99 } })).data?.page).toBe(3);
  });

  test("the search looks in the name and the place, without regard to case; % is a character", async () => {
    const ashram = (await admin().events.page.get({ query: { search: " ASHRAM ", when: "upcoming" } })).data!;
    expect(ashram.total).toBe(5);
    expect(ashram.items.every((event) => event.location === "Ashram")).toBe(true);
    expect((await admin().events.page.get({ query: { search: "100%" } })).data?.items.map((event) => event.name)).toEqual(["100% Silence"]);
    expect((await admin().events.page.get({ query: { search: "%" } })).data?.total).toBe(1);
    expect((await admin().events.page.get({ query: { search: "nowhere" } })).data).toMatchObject({ items: [], total: 0, page: 1 });
  });

  test("a bad filter or page is a 400 that says why; the page needs the admin", async () => {
    expect(await bad("/api/admin/events/page?when=soon")).toEqual([400, 'Expected one of `"upcoming","past","all"`, but received: "soon"']);
    expect(await bad("/api/admin/events/page?page=0")).toEqual([400, "Expected a integer greater than or equal to 1 but received `0`"]);
    expect((await bad("/api/admin/events/page?page=two"))[0]).toBe(400);
    expect((await bad(`/api/admin/events/page?search=${"a".repeat(201)}`))[0]).toBe(400);
    expect((await t.api().admin.events.page.get({ query: {} })).status).toBe(401);
  });

  test("a write is in the next page", async () => {
    const created = await admin().events.post({
      name: "Zebra Satsang",
      type: "satsang",
      startDate: "2030-01-01",
      time: "6 pm",
      location: "Ashram",
      description: "<p>An evening.</p>",
    });
    expect((await admin().events.page.get({ query: { search: "zebra" } })).data?.items[0]?.name).toBe("Zebra Satsang");
    await admin().events({ id: created.data!.id }).delete();
    expect((await admin().events.page.get({ query: { search: "zebra" } })).data?.total).toBe(0);
  });
});

describe("GET /api/admin/events/:id/registrations/page", () => {
  const registrations = (query: Record<string, string | number> = {}) => admin().events({ id: busy }).registrations.page.get({ query });

  test("a page in the order of arrival with the event's counts; each waiting row keeps its place in the whole queue", async () => {
    const { data, status } = await registrations();
    expect(status).toBe(200);
    expect([data?.total, data?.page, data?.pageSize, data?.items.length]).toEqual([60, 1, ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE]);
    expect(data?.counts).toEqual({ confirmed: 30, pending: 0, waiting: 25, cancelled: 5, checkedIn: 3 });
    const waiting = (await registrations({ state: "waiting", page: 2 })).data!;
    expect([waiting.total, waiting.items.length]).toEqual([25, 5]);
    expect(waiting.items.map((row) => row.position)).toEqual([21, 22, 23, 24, 25]);
    expect((await registrations({ search: "Waiting 7" })).data?.items.map((row) => [row.name, row.position])).toEqual([["Waiting 7", 8]]);
    expect((await registrations({ state: "confirmed" })).data?.items[0]).toMatchObject({ position: null, payment: { status: "none" } });
  });

  test("the search looks in the name and the address, the counts stay the event's", async () => {
    const asha = (await registrations({ search: "asha" })).data!;
    expect(asha.items.map((row) => row.name)).toEqual(["Asha Rao"]);
    expect(asha.counts.confirmed).toBe(30);
    expect((await registrations({ search: "QUEUE1", state: "waiting" })).data?.total).toBe(11);
    expect((await registrations({ search: "queue1", state: "cancelled" })).data?.total).toBe(0);
  });

  test("the whole list stays for the CSV", async () => {
    expect((await admin().events({ id: busy }).registrations.get()).data).toHaveLength(60);
  });

  test("a bad state is a 400, an unknown event a 404, and the page needs the admin", async () => {
    expect(await bad(`/api/admin/events/${busy}/registrations/page?state=maybe`)).toEqual([
      400,
      'Expected one of `"all","confirmed","pending","waiting","cancelled"`, but received: "maybe"',
    ]);
    expect((await bad("/api/admin/events/9999/registrations/page"))[0]).toBe(404);
    expect((await t.api().admin.events({ id: busy }).registrations.page.get({ query: {} })).status).toBe(401);
  });
});
