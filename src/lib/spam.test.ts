import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { type Api, createTestApp, type TestApp } from "@tests/support/app.ts";
import { createEvent } from "@tests/support/factories.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
  createEvent(t.db);
});
afterEach(() => t.cleanup());

type Fields = { email: string; website?: string };
/** Each public form: its path (the test's name), its typed call with the fields a test varies, its table and limit. */
const forms: { url: string; send: (api: Api, fields: Fields) => Promise<{ status: number; response: Response }>; table: string; limit: number }[] = [
  {
    url: "/api/contact",
    send: (api, fields) => api.contact.post({ name: "Bot", subject: "Hi", message: "Buy cheap things now", ...fields }),
    table: "messages",
    limit: 5,
  },
  { url: "/api/newsletter", send: (api, fields) => api.newsletter.post(fields), table: "subscribers", limit: 10 },
  {
    url: "/api/events/1/registrations",
    send: (api, fields) => api.events({ id: 1 }).registrations.post({ name: "Bot", phone: "0400000000", ...fields }),
    table: "event_registrations",
    limit: 10,
  },
];
const count = (table: string) => (t.db.$client.query(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe("spam protection on public forms", () => {
  for (const form of forms) {
    test(`${form.url}: a filled honeypot is answered as accepted and nothing is stored`, async () => {
      const response = await form.send(t.api(), { email: "bot@example.org", website: "http://spam.example" });
      expect(response.status).toBe(201);
      expect(count(form.table)).toBe(0);
    });

    test(`${form.url}: an empty honeypot is a person`, async () => {
      const response = await form.send(t.api(), { email: "bot@example.org", website: "" });
      expect(response.status).toBe(201);
      expect(count(form.table)).toBe(1);
    });

    test(`${form.url}: past ${form.limit} posts in 10 minutes one IP gets 429, others are not affected`, async () => {
      for (let i = 0; i < form.limit; i++) {
        const response = await form.send(t.api({ ip: "203.0.113.9" }), { email: `p${i}@example.org` });
        expect(response.status).toBe(201);
      }
      const blocked = await form.send(t.api({ ip: "203.0.113.9" }), { email: "late@example.org" });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.response.headers.get("retry-after"))).toBeGreaterThan(0);
      const other = await form.send(t.api({ ip: "203.0.113.10" }), { email: "other@example.org" });
      expect(other.status).toBe(201);
      expect(count(form.table)).toBe(form.limit + 1);
    });
  }
});
