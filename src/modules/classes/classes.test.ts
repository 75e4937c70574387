import { afterAll, beforeAll, describe } from "bun:test";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { scenarios } from "@tests/support/scenarios.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

const valid = {
  name: "Morning Hatha",
  level: "Beginner",
  days: "Mon, Wed",
  time: "7:00 AM",
  location: "Carlton Studio",
  description: "<p>Gentle breath-led practice.</p>",
  icon: "sun",
};

describe("classes", () => {
  scenarios(
    () => t,
    [
      { name: "empty list", method: "GET", url: "/api/classes", status: 200, contains: ["[]"] },
      {
        name: "create",
        method: "POST",
        url: "/api/admin/classes",
        auth: true,
        body: valid,
        status: 201,
        contains: ['"level":"Beginner"', '"icon":"sun"'],
      },
      {
        name: "an invalid level becomes None",
        method: "POST",
        url: "/api/admin/classes",
        auth: true,
        body: { ...valid, level: "Expert" },
        status: 201,
        contains: ['"level":"None"'],
      },
      {
        name: "icon defaults to book",
        method: "POST",
        url: "/api/admin/classes",
        auth: true,
        body: { ...valid, icon: undefined },
        status: 201,
        contains: ['"icon":"book"'],
      },
      {
        name: "the spec's rules",
        method: "POST",
        url: "/api/admin/classes",
        auth: true,
        body: { name: "Yo", days: "M", location: "x", description: "short" },
        status: 400,
        contains: [
          "Name must be at least 3 characters",
          "Days must be at least 2 characters",
          "Time is required",
          "Location must be at least 2 characters",
          "Description must be at least 10 characters",
        ],
      },
      { name: "create needs a token", method: "POST", url: "/api/admin/classes", body: valid, status: 401 },
      { name: "public list", method: "GET", url: "/api/classes", status: 200, contains: ["Morning Hatha"] },
      {
        name: "update normalises the level",
        method: "PATCH",
        url: "/api/admin/classes/1",
        auth: true,
        body: { level: "nonsense" },
        status: 200,
        contains: ['"level":"None"'],
      },
      {
        name: "update unknown",
        method: "PATCH",
        url: "/api/admin/classes/99",
        auth: true,
        body: { time: "8 AM" },
        status: 404,
        contains: ["Class not found"],
      },
      { name: "delete", method: "DELETE", url: "/api/admin/classes/1", auth: true, status: 200 },
      { name: "delete again", method: "DELETE", url: "/api/admin/classes/1", auth: true, status: 404 },
    ],
  );
});
