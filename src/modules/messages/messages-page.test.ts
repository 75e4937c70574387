// The admin's page of messages (issue 33 item 2): searched in the name, address, subject and text, filtered to the
// unread, paged in SQLite, with the whole list's counts. Real HTTP through the typed client, real SQLite.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { messages } from "@db/schema.ts";
import { ADMIN_PAGE_SIZE } from "@server/shared/constants.ts";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import type { MessagesPageQuery } from "./model.ts";

const COUNT = 45;
let t: TestApp;
let token: string;

const read = async (query: MessagesPageQuery = {}) => {
  const { data, error } = await t.api({ token }).admin.messages.page.get({ query });
  if (error) throw new Error(`${error.status}: ${JSON.stringify(error.value)}`);
  return data;
};
const subjects = (page: { items: { subject: string }[] }) => page.items.map((item) => item.subject);

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  // Message n sent on day n (the newest is 45); every third read; one of each word to search for.
  t.db
    .insert(messages)
    .values(
      Array.from({ length: COUNT }, (_, i) => ({
        name: i === 4 ? "Mira Patel" : "Visitor",
        email: i === 5 ? "kailash@example.org" : `visitor${i + 1}@example.org`,
        subject: i === 6 ? "Retreat in Rishikesh" : `Question ${i + 1}`,
        message: i === 7 ? "Is there parking near the ashram?" : "When do the classes start?",
        isRead: i % 3 === 0,
        createdAt: new Date(Date.UTC(2026, 0, i + 1)).toISOString(),
      })),
    )
    .run();
});
afterAll(() => t.cleanup());

describe("GET /api/admin/messages/page", () => {
  test("the first page: the newest 20, the count of all, unread and in all", async () => {
    const page = await read();
    expect(page.items).toHaveLength(ADMIN_PAGE_SIZE);
    expect(subjects(page).slice(0, 2)).toEqual(["Question 45", "Question 44"]);
    expect([page.total, page.page, page.pageSize]).toEqual([COUNT, 1, 20]);
    expect(page.counts).toEqual({ unread: 30, all: 45 });
  });

  test("pages, and a page past the end is the last", async () => {
    const third = await read({ page: 3 });
    expect([third.page, subjects(third)]).toEqual([3, ["Question 5", "Question 4", "Question 3", "Question 2", "Question 1"]]);
    expect((await read({ page: 7 })).page).toBe(3);
  });

  test("the search looks in the name, the address, the subject and the text, in any case", async () => {
    expect(subjects(await read({ search: "mira" }))).toEqual(["Question 5"]);
    expect(subjects(await read({ search: "KAILASH@" }))).toEqual(["Question 6"]);
    expect(subjects(await read({ search: "rishikesh" }))).toEqual(["Retreat in Rishikesh"]);
    expect(subjects(await read({ search: "parking" }))).toEqual(["Question 8"]);
    const none = await read({ search: "nothing like it" });
    expect([none.total, none.items, none.counts]).toEqual([0, [], { unread: 30, all: 45 }]);
  });

  test("unread only, alone and with a search", async () => {
    const unread = await read({ unread: true });
    expect(unread.total).toBe(30);
    expect(unread.items.every((item) => !item.isRead)).toBe(true);
    expect(subjects(await read({ unread: true, search: "question 4" }))).toEqual(["Question 45", "Question 44", "Question 42", "Question 41"]);
    expect((await read({ unread: false })).total).toBe(COUNT);
  });

  test("marking one read is in the next page's counts", async () => {
    const [first] = (await read({ unread: true })).items;
    await t.api({ token }).admin.messages({ id: first!.id }).read.patch();
    const after = await read({ unread: true });
    expect([after.total, after.counts]).toEqual([29, { unread: 29, all: 45 }]);
    await t.db.update(messages).set({ isRead: false }).run();
  });

  test("a bad flag, page or search is a 400 that says why", async () => {
    const bad = async (query: string) => {
      const response = await t.request("GET", `/api/admin/messages/page${query}`, { token });
      return [response.status, ((await response.json()) as { error: string }).error];
    };
    expect(await bad("?unread=yes")).toEqual([400, 'Expected a value of type `boolean`, but received: `"yes"`']);
    expect(await bad("?page=-1")).toEqual([400, "Expected a integer greater than or equal to 1 but received `-1`"]);
    expect((await bad(`?search=${"a".repeat(201)}`))[0]).toBe(400);
  });

  test("the admin's only: no token is a 401", async () => {
    expect((await t.api().admin.messages.page.get({ query: {} })).status).toBe(401);
  });
});
