import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { archiveEvents, events } from "@db/schema.ts";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { scenarios } from "@tests/support/scenarios.ts";
import type { ArchiveItem } from "./model.ts";

const NOW = new Date("2026-11-21T02:00:00Z");
let t: TestApp;
const row = {
  title: "Guru Purnima 2019",
  date: "July 16, 2019",
  type: "celebration",
  year: "2019",
  description: "<p>An evening of chanting.</p>",
  image: "/uploads/gp.jpg",
};

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
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
});
afterAll(() => t.cleanup());

describe("archive", () => {
  test("archive rows and past events, newest year first, past events in the archive shape", async () => {
    const list = (await (await t.request("GET", "/api/archive-events")).json()) as ArchiveItem[];
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
  });

  scenarios(
    () => t,
    [
      {
        name: "the admin lists the rows",
        method: "GET",
        url: "/api/admin/archive-events",
        auth: true,
        status: 200,
        contains: ["Guru Purnima 2019"],
        notContains: ["Spring Workshop"],
      },
      {
        name: "create",
        method: "POST",
        url: "/api/admin/archive-events",
        auth: true,
        body: { ...row, title: "Symposium 2021", year: "2021" },
        status: 201,
        contains: ['"title":"Symposium 2021"'],
      },
      {
        name: "create validates",
        method: "POST",
        url: "/api/admin/archive-events",
        auth: true,
        body: { title: "x" },
        status: 400,
        contains: ["Title must be at least 3 characters", "Image is required"],
      },
      {
        name: "fix a typo",
        method: "PATCH",
        url: "/api/admin/archive-events/1",
        auth: true,
        body: { title: "Guru Purnima, 2019" },
        status: 200,
        contains: ["Guru Purnima, 2019"],
      },
      { name: "update unknown", method: "PATCH", url: "/api/admin/archive-events/99", auth: true, body: { title: "Nothing here" }, status: 404 },
      { name: "delete", method: "DELETE", url: "/api/admin/archive-events/2", auth: true, status: 200 },
      { name: "needs a token", method: "DELETE", url: "/api/admin/archive-events/1", status: 401 },
    ],
  );
});
