import { describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { createEvent, createRegistration } from "@tests/support/factories.ts";
import { type Scenario, scenarios } from "@tests/support/scenarios.ts";

// 2026-11-20T14:00Z is already 2026-11-21 (01:00) in Melbourne: "past" must be decided there, not in UTC.
const NOW = new Date("2026-11-20T14:00:00Z");

const valid = {
  name: "Winter Retreat",
  type: "retreat",
  startDate: "2027-06-12",
  time: "9:00 AM",
  location: "Dandenong Ranges",
  description: "<p>Three days of silence and study.</p>",
};

const freshApp = async () => {
  const t = await createTestApp({ now: () => NOW });
  createEvent(t.db, { name: "Yesterday in Melbourne", startDate: "2026-11-20" });
  createEvent(t.db, { name: "Ends today", startDate: "2026-11-18", endDate: "2026-11-21" });
  createEvent(t.db, { name: "Later", startDate: "2027-03-01" });
  createEvent(t.db, { name: "Sooner", startDate: "2026-12-01" });
  return t;
};

/** Asha's registration for event 4 ("Sooner"). */
const registered = (t: TestApp) => t.api().events({ id: 4 }).registrations.post({ name: "Asha", email: "Asha@Example.org", phone: "0400 000 000" });

describe("public events", () => {
  test("only upcoming events in SITE_TIMEZONE, soonest first", async () => {
    const t = await freshApp();
    const { data } = await t.api().events.get();
    expect(data?.map((e) => e.name)).toEqual(["Ends today", "Sooner", "Later"]);
    t.cleanup();
  });

  test("a past event appears in the archive in the archive shape", async () => {
    const t = await freshApp();
    const { data } = await t.api()["archive-events"].get();
    expect(data).toContainEqual(
      expect.objectContaining({ title: "Yesterday in Melbourne", source: "event", date: "November 20, 2026", year: "2026" }),
    );
    t.cleanup();
  });
});

describe("admin events", () => {
  scenarios(freshApp, [
    {
      name: "create",
      // Raw: the contract's type has no field `unknown`, so a typed call could not send it to see it dropped.
      send: (_api, raw) =>
        raw("POST", "/api/admin/events", {
          ...valid,
          isHighlighted: true,
          images: ["/uploads/a.jpg", "https://example.org/b.jpg"],
          unknown: "dropped",
        }),
      auth: true,
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
    { name: "create needs a token", send: (api) => api.admin.events.post(valid), status: 401 },
    {
      name: "the spec's messages",
      // Raw: the fields left out on purpose are required by the contract's type.
      send: (_api, raw) => raw("POST", "/api/admin/events", { name: "ab", registrationLink: "not a url" }),
      auth: true,
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
      send: (api) =>
        api.admin.events.post({
          ...valid,
          description: '<p onclick="x()">Long enough <script>alert(1)</script><a href="javascript:alert(1)">link</a></p>',
        }),
      auth: true,
      status: 201,
      notContains: ["onclick", "<script", "javascript:"],
      contains: ["Long enough"],
    },
    {
      name: "year given is kept",
      send: (api) => api.admin.events.post({ ...valid, year: "2028" }),
      auth: true,
      status: 201,
      contains: ['"year":"2028"'],
    },
    {
      name: "update changes only what is sent",
      send: (api) => api.admin.events({ id: 3 }).patch({ location: "Fitzroy Hall" }),
      auth: true,
      status: 200,
      contains: ['"location":"Fitzroy Hall"', '"name":"Later"'],
    },
    {
      name: "update validates",
      send: (api) => api.admin.events({ id: 3 }).patch({ name: "x" }),
      auth: true,
      status: 400,
      contains: ["Name must be at least 3 characters"],
    },
    {
      name: "update unknown",
      send: (api) => api.admin.events({ id: 999 }).patch({ location: "Here" }),
      auth: true,
      status: 404,
      contains: ["Event not found"],
    },
    { name: "update non-numeric id", send: (api) => api.admin.events({ id: "abc" }).patch({ location: "Here" }), auth: true, status: 404 },
    {
      name: "admin list has past events and registration counts",
      send: (api) => api.admin.events.get(),
      auth: true,
      status: 200,
      contains: ["Yesterday in Melbourne", '"registrationCount":0'],
    },
    { name: "delete unknown", send: (api) => api.admin.events({ id: 999 }).delete(), auth: true, status: 404 },
  ]);
});

describe("registrations", () => {
  scenarios(freshApp, [
    {
      name: "register for an upcoming event",
      send: (api) => api.events({ id: 4 }).registrations.post({ name: "Asha", email: "Asha@Example.org", phone: "0400 000 000" }),
      status: 201,
    },
    {
      name: "the spec's messages",
      send: (api) => api.events({ id: 4 }).registrations.post({ name: "", email: "x", phone: "123" }),
      status: 400,
      contains: ["Name is required", "Valid email is required", "Phone number is required"],
    },
    ...(
      [
        ["digits", "Asha 2"],
        ["a link", "Win at http://prize.example"],
        ["a domain", "Visit pills.example"],
        ["an address", "asha@example.org"],
        ["markup", "<b>Asha</b>"],
        ["a line break", "Asha\nBcc"],
      ] as const
    ).map(
      ([what, name]): Scenario => ({
        name: `a name with ${what} (issue 30)`,
        send: (api) => api.events({ id: 4 }).registrations.post({ name, email: "spam@example.org", phone: "0400 000 000" }),
        status: 400,
        contains: ["Name can only contain letters, spaces and . ' -"],
      }),
    ),
    {
      name: "a name over 80 characters (issue 30)",
      send: (api) => api.events({ id: 4 }).registrations.post({ name: "A".repeat(81), email: "long@example.org", phone: "0400 000 000" }),
      status: 400,
      contains: ["Name must be at most 80 characters"],
    },
    ...["J.R.R. Tolkien", "Anne-Marie O'Neil", "Seán Ó Briain", "Chloë O’Brien", "श्री राम", "李小龍", "A".repeat(80)].map(
      (name, i): Scenario => ({
        name: `the name ${name.length > 20 ? `of ${name.length} letters` : name} is a name`,
        send: (api) => api.events({ id: 4 }).registrations.post({ name, email: `name${i}@example.org`, phone: "0400 000 000" }),
        status: 201,
      }),
    ),
    {
      name: "a past event takes no registrations",
      send: (api) => api.events({ id: 1 }).registrations.post({ name: "Asha", email: "a@b.org", phone: "0400000000" }),
      status: 404,
    },
    {
      name: "an unknown event",
      send: (api) => api.events({ id: 999 }).registrations.post({ name: "Asha", email: "a@b.org", phone: "0400000000" }),
      status: 404,
    },
    {
      name: "the admin lists them",
      before: registered,
      send: (api) => api.admin.events({ id: 4 }).registrations.get(),
      auth: true,
      status: 200,
      contains: ['"email":"asha@example.org"', '"phone":"0400 000 000"'],
    },
    { name: "the list needs a token", send: (api) => api.admin.events({ id: 4 }).registrations.get(), status: 401 },
    {
      name: "the admin's event list counts each event's own registrations",
      before: async (t) => {
        await registered(t);
        createRegistration(t.db, 2);
        createRegistration(t.db, 4);
      },
      send: (api) => api.admin.events.get(),
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
      before: registered,
      send: (api) => api.admin.events({ id: 4 }).delete(),
      auth: true,
      status: 200,
      expect: async (_json, app) => {
        expect(app.db.$client.query("select count(*) as n from event_registrations where eventId = 4").get()).toEqual({ n: 0 });
      },
    },
  ]);
});
