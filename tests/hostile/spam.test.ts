// Issue 6 item 12: the contact, newsletter and registration forms carry a hidden honeypot and a per-IP limit; bots
// are turned away without storing anything; real visitors are never blocked.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createEvent } from "@tests/support/factories.ts";
import { createTestApp, type TestApp } from "../support/app.ts";
import { figure } from "./support.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  createEvent(t.db);
});
afterAll(() => t.cleanup());

const count = (table: string) => (t.db.$client.query(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
const forms = [
  {
    url: "/api/contact",
    table: "messages",
    body: (i: number) => ({ name: "Ann", email: `v${i}@example.org`, subject: "Class times", message: "When is the Monday class?" }),
  },
  { url: "/api/newsletter", table: "subscribers", body: (i: number) => ({ email: `v${i}@example.org` }) },
  {
    url: "/api/events/1/registrations",
    table: "event_registrations",
    body: (i: number) => ({ name: "Ann", email: `v${i}@example.org`, phone: "0400 000 000" }),
    // Issue 23's answer: a place, as a real registrant's first answer would say.
    answer: { state: "confirmed" },
  },
];

test("bots (honeypot filled in any way) get the same 201 and nothing is stored, from many addresses", async () => {
  let sent = 0;
  for (const form of forms) {
    for (const [i, trap] of ["http://spam.example", "x", " a ", "<a href=x>", "0"].entries()) {
      const response = await t.request("POST", form.url, { body: { ...form.body(1000 + i), website: trap }, ip: `203.0.113.${i}` });
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject(form.answer ?? { success: true });
      sent += 1;
    }
    expect(count(form.table)).toBe(0);
  }
  figure("bot posts turned away silently", `${sent}, stored 0`);
});

test("a bot hammering from one address is limited (429 + Retry-After) and stores nothing", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) {
    const response = await t.request("POST", "/api/contact", { body: { ...forms[0]!.body(i), website: "spam" }, ip: "198.51.100.66" });
    statuses.push(response.status);
    if (response.status === 429) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  }
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(20);
  expect(count("messages")).toBe(0);
});

test("real visitors are never blocked: 300 people each using every form, plus typos corrected, all stored", async () => {
  for (let person = 0; person < 300; person++) {
    const ip = `10.1.${Math.floor(person / 250)}.${person % 250}`;
    // A typo first (refused by validation, not counted against the person), then the real post, on each form.
    expect((await t.request("POST", "/api/contact", { body: { ...forms[0]!.body(person), email: "typo" }, ip })).status).toBe(400);
    for (const form of forms) {
      const response = await t.request("POST", form.url, { body: { ...form.body(person), website: "" }, ip });
      expect(`${form.url} ${response.status}`).toBe(`${form.url} 201`);
    }
  }
  // A family behind one address sends a few messages and subscribes several addresses.
  for (let i = 0; i < 5; i++) expect((await t.request("POST", "/api/contact", { body: forms[0]!.body(500 + i), ip: "10.9.9.9" })).status).toBe(201);
  for (let i = 0; i < 10; i++)
    expect((await t.request("POST", "/api/newsletter", { body: forms[1]!.body(500 + i), ip: "10.9.9.9" })).status).toBe(201);
  expect(count("messages")).toBe(305);
  expect(count("subscribers")).toBe(310);
  expect(count("event_registrations")).toBe(300);
  figure("visitor posts accepted", "300 people × 3 forms + 1 household (5 messages, 10 subscriptions): all 201 and stored");
});

test("a flood from a million distinct addresses keeps the limiter's memory bounded", async () => {
  const { MAX_KEYS, RateLimiter } = await import("@server/lib/rate-limit.ts");
  const limiter = new RateLimiter(5, 10 * 60 * 1000, () => 0);
  for (let i = 0; i < 1_000_000; i++) limiter.hit(`2001:db8::${i.toString(16)}`);
  const size = (limiter as unknown as { hits: Map<string, unknown> }).hits.size;
  figure("limiter keys after 1,000,000 addresses in one window", `${size} (cap ${MAX_KEYS})`);
  expect(size).toBeLessThanOrEqual(MAX_KEYS);
});
