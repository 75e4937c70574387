import { describe, expect, test } from "bun:test";
import { archiveEvents, events } from "@db/schema.ts";
import { createTestApp } from "@tests/support/app.ts";
import { scenarios } from "@tests/support/scenarios.ts";

const NOW = new Date("2026-11-21T02:00:00Z");
const row = {
  title: "Guru Purnima 2019",
  date: "July 16, 2019",
  type: "celebration",
  year: "2019",
  description: "<p>An evening of chanting.</p>",
  image: "/uploads/gp.jpg",
};

const freshApp = async () => {
  const t = await createTestApp({ now: () => NOW });
  t.db
    .insert(archiveEvents)
    .values([row, { ...row, title: "Retreat 2024", year: "2024", date: "March 3, 2024", images: ["/uploads/r1.jpg"] }])
    .run();
  t.db
    .insert(events)
    .values({
      name: "Spring Workshop",
      type: "workshop",
      startDate: "2026-10-03",
      endDate: "2026-10-04",
      time: "10 AM",
      location: "Carlton",
      description: "<p>The original description.</p>",
      archiveDescription: "<p>What happened.</p>",
      images: ["/uploads/main.jpg", "/uploads/p1.jpg", "/uploads/p2.jpg"],
    })
    .run();
  return t;
};

describe("archive", () => {
  test("archive rows and past events, newest year first, past events in the archive shape", async () => {
    const t = await freshApp();
    const list = (await t.api()["archive-events"].get()).data ?? [];
    expect(list.map((item) => item.title)).toEqual(["Spring Workshop", "Retreat 2024", "Guru Purnima 2019"]);
    expect(list[0]).toMatchObject({
      source: "event",
      date: "October 3, 2026 – October 4, 2026",
      year: "2026",
      type: "workshop",
      description: "<p>What happened.</p>",
      image: "/uploads/main.jpg",
      images: ["/uploads/p1.jpg", "/uploads/p2.jpg"],
    });
    expect(list[2]).toMatchObject({ source: "archive", images: [] });
    t.cleanup();
  });

  scenarios(freshApp, [
    {
      name: "the admin lists the rows",
      send: (api) => api.admin["archive-events"].get(),
      auth: true,
      status: 200,
      contains: ["Guru Purnima 2019"],
      notContains: ["Spring Workshop"],
    },
    {
      name: "create",
      send: (api) => api.admin["archive-events"].post({ ...row, title: "Symposium 2021", year: "2021" }),
      auth: true,
      status: 201,
      contains: ['"title":"Symposium 2021"'],
    },
    {
      name: "create validates",
      // Raw: the fields left out on purpose are required by the contract's type.
      send: (_api, raw) => raw("POST", "/api/admin/archive-events", { title: "x" }),
      auth: true,
      status: 400,
      contains: ["Title must be at least 3 characters", "Image is required"],
    },
    {
      name: "fix a typo",
      send: (api) => api.admin["archive-events"]({ id: 1 }).patch({ title: "Guru Purnima, 2019" }),
      auth: true,
      status: 200,
      contains: ["Guru Purnima, 2019"],
    },
    { name: "update unknown", send: (api) => api.admin["archive-events"]({ id: 99 }).patch({ title: "Nothing here" }), auth: true, status: 404 },
    { name: "delete", send: (api) => api.admin["archive-events"]({ id: 2 }).delete(), auth: true, status: 200 },
    { name: "needs a token", send: (api) => api.admin["archive-events"]({ id: 1 }).delete(), status: 401 },
  ]);
});
