import { describe } from "bun:test";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { createClass } from "@tests/support/factories.ts";
import { scenarios } from "@tests/support/scenarios.ts";

const valid = {
  name: "Morning Hatha",
  level: "Beginner",
  days: "Mon, Wed",
  time: "7:00 AM",
  location: "Carlton Studio",
  description: "<p>Gentle breath-led practice.</p>",
  icon: "sun" as const,
};

const created = (t: TestApp) => createClass(t.db, valid);

describe("classes", () => {
  scenarios(
    () => createTestApp(),
    [
      { name: "empty list", send: (api) => api.classes.get(), status: 200, contains: ["[]"] },
      { name: "create", send: (api) => api.admin.classes.post(valid), auth: true, status: 201, contains: ['"level":"Beginner"', '"icon":"sun"'] },
      {
        name: "an invalid level becomes None",
        send: (api) => api.admin.classes.post({ ...valid, level: "Expert" }),
        auth: true,
        status: 201,
        contains: ['"level":"None"'],
      },
      {
        name: "icon defaults to book",
        send: (api) => api.admin.classes.post({ ...valid, icon: undefined }),
        auth: true,
        status: 201,
        contains: ['"icon":"book"'],
      },
      {
        name: "the spec's rules",
        // Raw: the time left out on purpose is required by the contract's type.
        send: (_api, raw) => raw("POST", "/api/admin/classes", { name: "Yo", days: "M", location: "x", description: "short" }),
        auth: true,
        status: 400,
        contains: [
          "Name must be at least 3 characters",
          "Days must be at least 2 characters",
          "Time is required",
          "Location must be at least 2 characters",
          "Description must be at least 10 characters",
        ],
      },
      { name: "create needs a token", send: (api) => api.admin.classes.post(valid), status: 401 },
      { name: "public list", before: created, send: (api) => api.classes.get(), status: 200, contains: ["Morning Hatha"] },
      {
        name: "update normalises the level",
        before: created,
        send: (api) => api.admin.classes({ id: 1 }).patch({ level: "nonsense" }),
        auth: true,
        status: 200,
        contains: ['"level":"None"'],
      },
      {
        name: "update unknown",
        send: (api) => api.admin.classes({ id: 99 }).patch({ time: "8 AM" }),
        auth: true,
        status: 404,
        contains: ["Class not found"],
      },
      { name: "delete", before: created, send: (api) => api.admin.classes({ id: 1 }).delete(), auth: true, status: 200 },
      {
        name: "delete again",
        before: async (t) => {
          created(t);
          await t
            .api({ token: await t.login() })
            .admin.classes({ id: 1 })
            .delete();
        },
        send: (api) => api.admin.classes({ id: 1 }).delete(),
        auth: true,
        status: 404,
      },
    ],
  );
});
