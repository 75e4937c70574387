import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { createEvent } from "@tests/support/factories.ts";
import { scenarios } from "@tests/support/scenarios.ts";

// 2026-11-20T14:00Z is already 2026-11-21 (01:00) in Melbourne: "past" must be decided there, not in UTC.
const NOW = new Date("2026-11-20T14:00:00Z");
let t: TestApp;

const valid = {
  name: "Winter Retreat",
  type: "retreat",
  startDate: "2027-06-12",
  time: "9:00 AM",
  location: "Dandenong Ranges",
  description: "<p>Three days of silence and study.</p>",
};

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  createEvent(t.db, { name: "Yesterday in Melbourne", startDate: "2026-11-20" });
  createEvent(t.db, { name: "Ends today", startDate: "2026-11-18", endDate: "2026-11-21" });
  createEvent(t.db, { name: "Later", startDate: "2027-03-01" });
  createEvent(t.db, { name: "Sooner", startDate: "2026-12-01" });
});
afterAll(() => t.cleanup());

describe("public events", () => {
  test("only upcoming events in SITE_TIMEZONE, soonest first", async () => {
    const list = (await (await t.request("GET", "/api/events")).json()) as { name: string }[];
    expect(list.map((e) => e.name)).toEqual(["Ends today", "Sooner", "Later"]);
  });

  test("a past event appears in the archive in the archive shape", async () => {
    const list = (await (await t.request("GET", "/api/archive-events")).json()) as { title: string; source: string; date: string; year: string }[];
    expect(list).toContainEqual(
      expect.objectContaining({ title: "Yesterday in Melbourne", source: "event", date: "November 20, 2026", year: "2026" }),
    );
  });
});

describe("admin events", () => {
  scenarios(
    () => t,
    [
      {
        name: "create",
        method: "POST",
        url: "/api/admin/events",
        auth: true,
        body: { ...valid, isHighlighted: true, images: ["/uploads/a.jpg", "https://example.org/b.jpg"], unknown: "dropped" },
        status: 201,
        expect: (json) => {
          expect(json).toMatchObject({
            name: "Winter Retreat",
            isHighlighted: true,
            year: "2027",
            images: ["/uploads/a.jpg", "https://example.org/b.jpg"],
            endDate: null,
          });
          expect(json.unknown).toBeUndefined();
        },
      },
      { name: "create needs a token", method: "POST", url: "/api/admin/events", body: valid, status: 401 },
      {
        name: "the spec's messages",
        method: "POST",
        url: "/api/admin/events",
        auth: true,
        body: { name: "ab", registrationLink: "not a url" },
        status: 400,
        contains: [
          "Name must be at least 3 characters",
          "Start date is required",
          "Time is required",
          "Please enter a valid URL",
          "Description must be at least 10 characters",
        ],
      },
      {
        name: "description is sanitised",
        method: "POST",
        url: "/api/admin/events",
        auth: true,
        body: { ...valid, description: '<p onclick="x()">Long enough <script>alert(1)</script><a href="javascript:alert(1)">link</a></p>' },
        status: 201,
        notContains: ["onclick", "<script", "javascript:"],
        contains: ["Long enough"],
      },
      {
        name: "year given is kept",
        method: "POST",
        url: "/api/admin/events",
        auth: true,
        body: { ...valid, year: "2028" },
        status: 201,
        contains: ['"year":"2028"'],
      },
      {
        name: "update changes only what is sent",
        method: "PATCH",
        url: "/api/admin/events/3",
        auth: true,
        body: { location: "Fitzroy Hall" },
        status: 200,
        contains: ['"location":"Fitzroy Hall"', '"name":"Later"'],
      },
      {
        name: "update validates",
        method: "PATCH",
        url: "/api/admin/events/3",
        auth: true,
        body: { name: "x" },
        status: 400,
        contains: ["Name must be at least 3 characters"],
      },
      {
        name: "update unknown",
        method: "PATCH",
        url: "/api/admin/events/999",
        auth: true,
        body: { location: "Here" },
        status: 404,
        contains: ["Event not found"],
      },
      { name: "update non-numeric id", method: "PATCH", url: "/api/admin/events/abc", auth: true, body: { location: "Here" }, status: 404 },
      {
        name: "admin list has past events and registration counts",
        method: "GET",
        url: "/api/admin/events",
        auth: true,
        status: 200,
        contains: ["Yesterday in Melbourne", '"registrationCount":0'],
      },
      { name: "delete unknown", method: "DELETE", url: "/api/admin/events/999", auth: true, status: 404 },
    ],
  );
});

describe("registrations", () => {
  scenarios(
    () => t,
    [
      {
        name: "register for an upcoming event",
        method: "POST",
        url: "/api/events/4/registrations",
        body: { name: "Asha", email: "Asha@Example.org", phone: "0400 000 000" },
        status: 201,
      },
      {
        name: "the spec's messages",
        method: "POST",
        url: "/api/events/4/registrations",
        body: { name: "", email: "x", phone: "123" },
        status: 400,
        contains: ["Name is required", "Valid email is required", "Phone number is required"],
      },
      ...[
        ["digits", "Asha 2"],
        ["a link", "Win at http://prize.example"],
        ["a domain", "Visit pills.example"],
        ["an address", "asha@example.org"],
        ["markup", "<b>Asha</b>"],
        ["a line break", "Asha\nBcc"],
      ].map(([what, name]) => ({
        name: `a name with ${what} (issue 30)`,
        method: "POST",
        url: "/api/events/4/registrations",
        body: { name, email: "spam@example.org", phone: "0400 000 000" },
        status: 400,
        contains: ["Name can only contain letters, spaces and . ' -"],
      })),
      {
        name: "a name over 80 characters (issue 30)",
        method: "POST",
        url: "/api/events/4/registrations",
        body: { name: "A".repeat(81), email: "long@example.org", phone: "0400 000 000" },
        status: 400,
        contains: ["Name must be at most 80 characters"],
      },
      ...["J.R.R. Tolkien", "Anne-Marie O'Neil", "Seán Ó Briain", "Chloë O’Brien", "श्री राम", "李小龍", "A".repeat(80)].map((name, i) => ({
        name: `the name ${name.length > 20 ? `of ${name.length} letters` : name} is a name`,
        method: "POST",
        url: "/api/events/4/registrations",
        body: { name, email: `name${i}@example.org`, phone: "0400 000 000" },
        status: 201,
      })),
      {
        name: "a past event takes no registrations",
        method: "POST",
        url: "/api/events/1/registrations",
        body: { name: "Asha", email: "a@b.org", phone: "0400000000" },
        status: 404,
      },
      {
        name: "an unknown event",
        method: "POST",
        url: "/api/events/999/registrations",
        body: { name: "Asha", email: "a@b.org", phone: "0400000000" },
        status: 404,
      },
      {
        name: "the admin lists them",
        method: "GET",
        url: "/api/admin/events/4/registrations",
        auth: true,
        status: 200,
        contains: ['"email":"asha@example.org"', '"phone":"0400 000 000"'],
      },
      { name: "the list needs a token", method: "GET", url: "/api/admin/events/4/registrations", status: 401 },
      {
        name: "the admin's event list counts each event's own registrations",
        method: "GET",
        url: "/api/admin/events",
        auth: true,
        status: 200,
        expect: async (json, app) => {
          const counted = (json as { id: number; registrationCount: number }[]).map(({ id, registrationCount }) => [id, registrationCount]);
          const stored = app.db.$client.query("select eventId, count(*) as n from event_registrations group by eventId").all() as {
            eventId: number;
            n: number;
          }[];
          expect(stored.length).toBeGreaterThan(0);
          for (const [id, registrationCount] of counted)
            expect([id, registrationCount]).toEqual([id, stored.find((row) => row.eventId === id)?.n ?? 0]);
        },
      },
      {
        name: "deleting the event deletes its registrations",
        method: "DELETE",
        url: "/api/admin/events/4",
        auth: true,
        status: 200,
        expect: async (_json, app) => {
          expect(app.db.$client.query("select count(*) as n from event_registrations where eventId = 4").get()).toEqual({ n: 0 });
        },
      },
    ],
  );
});
