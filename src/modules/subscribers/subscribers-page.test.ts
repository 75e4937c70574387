// The admin's page of subscribers (issue 33 item 2): searched by address, filtered by state and paged in SQLite, with
// the whole list's counts. Real HTTP through the typed client, real SQLite.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { subscribers } from "@db/schema.ts";
import { SUBSCRIBERS_PAGE_SIZE } from "@server/shared/constants.ts";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import type { SubscribersPageQuery } from "./model.ts";

const STATES = ["confirmed", "confirmed", "pending", "unsubscribed"] as const;
const COUNT = 120;
let t: TestApp;
let token: string;

const read = async (query: SubscribersPageQuery = {}) => {
  const { data, error } = await t.api({ token }).admin.subscribers.page.get({ query });
  if (error) throw new Error(`${error.status}: ${JSON.stringify(error.value)}`);
  return data;
};
const emails = (page: { items: { email: string }[] }) => page.items.map((item) => item.email);

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  // Reader n subscribed on day n (the newest is reader 120); states in turn: confirmed, confirmed, pending, unsubscribed.
  t.db
    .insert(subscribers)
    .values(
      Array.from({ length: COUNT }, (_, i) => ({
        email: i === 41 ? "ganga_devi@example.org" : `reader${i + 1}@example.org`,
        state: STATES[i % 4]!,
        createdAt: new Date(Date.UTC(2020, 0, i + 1)).toISOString(),
      })),
    )
    .run();
});
afterAll(() => t.cleanup());

describe("GET /api/admin/subscribers/page", () => {
  test("the first page: the newest 50, the count of all, and each state's count", async () => {
    const page = await read();
    expect(page.items).toHaveLength(SUBSCRIBERS_PAGE_SIZE);
    expect(emails(page).slice(0, 3)).toEqual(["reader120@example.org", "reader119@example.org", "reader118@example.org"]);
    expect([page.total, page.page, page.pageSize]).toEqual([COUNT, 1, 50]);
    expect(page.counts).toEqual({ confirmed: 60, pending: 30, unsubscribed: 30, all: 120 });
  });

  test("pages go on from where the last ended; a page past the end is the last", async () => {
    const third = await read({ page: 3 });
    expect([third.page, third.items.length, emails(third).at(-1)]).toEqual([3, 20, "reader1@example.org"]);
    expect(emails(await read({ page: 2 }))[0]).toBe("reader70@example.org");
    expect((await read({ page: 99 })).page).toBe(3);
  });

  test("the search: part of the address, any case, counted across the list; % and _ are letters", async () => {
    const eleven = await read({ search: " READER11" });
    expect(emails(eleven)).toEqual([
      "reader119@example.org",
      "reader118@example.org",
      "reader117@example.org",
      "reader116@example.org",
      "reader115@example.org",
      "reader114@example.org",
      "reader113@example.org",
      "reader112@example.org",
      "reader111@example.org",
      "reader110@example.org",
      "reader11@example.org",
    ]);
    expect(eleven.total).toBe(11);
    expect(emails(await read({ search: "_" }))).toEqual(["ganga_devi@example.org"]);
    expect((await read({ search: "%" })).total).toBe(0);
    // The counts stay the whole list's, whatever is searched.
    expect((await read({ search: "nobody" })).counts.all).toBe(COUNT);
  });

  test("the state filter, alone and with a search", async () => {
    const pending = await read({ state: "pending" });
    expect(pending.total).toBe(30);
    expect(pending.items.every((item) => item.state === "pending")).toBe(true);
    expect(emails(await read({ state: "unsubscribed", search: "reader10" }))).toEqual([
      "reader108@example.org",
      "reader104@example.org",
      "reader100@example.org",
    ]);
    expect((await read({ state: "all" })).total).toBe(COUNT);
  });

  test("a bad state, page or search is a 400 that says why", async () => {
    const bad = async (query: string) => {
      const response = await t.request("GET", `/api/admin/subscribers/page${query}`, { token });
      return [response.status, ((await response.json()) as { error: string }).error];
    };
    expect(await bad("?state=gone")).toEqual([400, 'Expected one of `"all","confirmed","pending","unsubscribed"`, but received: "gone"']);
    expect(await bad("?page=0")).toEqual([400, "Expected a integer greater than or equal to 1 but received `0`"]);
    expect((await bad("?page=two"))[0]).toBe(400);
    expect((await bad(`?search=${"a".repeat(201)}`))[0]).toBe(400);
  });

  test("the admin's only: no token is a 401", async () => {
    expect((await t.api().admin.subscribers.page.get({ query: {} })).status).toBe(401);
  });

  test("the whole list stays as it was: every address, for the CSV", async () => {
    const { data } = await t.api({ token }).admin.subscribers.get();
    expect(data).toHaveLength(COUNT);
  });
});
