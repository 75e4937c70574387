import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { createEvent } from "@tests/support/factories.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  createEvent(t.db);
});
afterEach(() => t.cleanup());

const forms = [
  {
    url: "/api/contact",
    body: { name: "Bot", email: "bot@example.org", subject: "Hi", message: "Buy cheap things now" },
    table: "messages",
    limit: 5,
  },
  { url: "/api/newsletter", body: { email: "bot@example.org" }, table: "subscribers", limit: 10 },
  {
    url: "/api/events/1/registrations",
    body: { name: "Bot", email: "bot@example.org", phone: "0400000000" },
    table: "event_registrations",
    limit: 10,
  },
];
const count = (table: string) => (t.db.$client.query(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe("spam protection on public forms", () => {
  for (const form of forms) {
    test(`${form.url}: a filled honeypot is answered as accepted and nothing is stored`, async () => {
      const response = await t.request("POST", form.url, { body: { ...form.body, website: "http://spam.example" } });
      expect(response.status).toBe(201);
      expect(count(form.table)).toBe(0);
    });

    test(`${form.url}: an empty honeypot is a person`, async () => {
      const response = await t.request("POST", form.url, { body: { ...form.body, website: "" } });
      expect(response.status).toBe(201);
      expect(count(form.table)).toBe(1);
    });

    test(`${form.url}: past ${form.limit} posts in 10 minutes one IP gets 429, others are not affected`, async () => {
      for (let i = 0; i < form.limit; i++) {
        const response = await t.request("POST", form.url, { body: { ...form.body, email: `p${i}@example.org` }, ip: "203.0.113.9" });
        expect(response.status).toBe(201);
      }
      const blocked = await t.request("POST", form.url, { body: { ...form.body, email: "late@example.org" }, ip: "203.0.113.9" });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
      const other = await t.request("POST", form.url, { body: { ...form.body, email: "other@example.org" }, ip: "203.0.113.10" });
      expect(other.status).toBe(201);
      expect(count(form.table)).toBe(form.limit + 1);
    });
  }
});
