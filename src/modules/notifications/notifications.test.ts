import { describe, expect, test } from "bun:test";
import { createTestApp } from "@tests/support/app.ts";
import { createNotification } from "@tests/support/factories.ts";
import { scenarios } from "@tests/support/scenarios.ts";

const NOW = new Date("2026-11-21T02:00:00Z"); // 2026-11-21 in Melbourne
const freshApp = async () => {
  const t = await createTestApp({ now: () => NOW });
  createNotification(t.db, { message: "<p>Showing, no end</p>", startDate: "2026-11-01" });
  createNotification(t.db, { message: "<p>Ends today</p>", startDate: "2026-11-01", endDate: "2026-11-21", type: "priority-1" });
  createNotification(t.db, { message: "<p>Ended yesterday</p>", startDate: "2026-11-01", endDate: "2026-11-20" });
  createNotification(t.db, { message: "<p>Starts tomorrow</p>", startDate: "2026-11-22" });
  createNotification(t.db, { message: "<p>Switched off</p>", startDate: "2026-11-01", isActive: false });
  return t;
};

describe("notifications", () => {
  test("visitors see those showing now: from startDate until endDate", async () => {
    const t = await freshApp();
    const { data } = await t.api().notifications.get();
    expect(data?.map((n) => n.message).sort()).toEqual(["<p>Ends today</p>", "<p>Showing, no end</p>"]);
    t.cleanup();
  });

  scenarios(freshApp, [
    {
      name: "the admin sees all",
      send: (api) => api.admin.notifications.get(),
      auth: true,
      status: 200,
      contains: ["Switched off", "Starts tomorrow", "Ended yesterday"],
    },
    { name: "the admin list needs a token", send: (api) => api.admin.notifications.get(), status: 401 },
    {
      name: "create with defaults",
      send: (api) => api.admin.notifications.post({ message: "<p>Retreat bookings open</p>", startDate: "2026-11-21" }),
      auth: true,
      status: 201,
      contains: ['"type":"info"', '"isActive":true', '"endDate":null'],
    },
    {
      name: "the spec's messages",
      send: (api) => api.admin.notifications.post({ message: "Hey", startDate: "" }),
      auth: true,
      status: 400,
      contains: ["Message must be at least 5 characters", "Start date is required"],
    },
    {
      name: "an unknown type is refused",
      // Raw: the contract's type names the known types, so a typed call could not send this one.
      send: (_api, raw) => raw("POST", "/api/admin/notifications", { message: "<p>Hello there</p>", startDate: "2026-11-21", type: "shout" }),
      auth: true,
      status: 400,
    },
    {
      name: "a link must be a URL",
      send: (api) => api.admin.notifications.post({ message: "<p>Hello there</p>", startDate: "2026-11-21", link: "javascript:alert(1)" }),
      auth: true,
      status: 400,
      contains: ["Please enter a valid URL"],
    },
    {
      name: "message is sanitised",
      send: (api) =>
        api.admin.notifications.post({ message: '<p>Hi <a href="https://example.org">there</a><script>x</script></p>', startDate: "2026-11-21" }),
      auth: true,
      status: 201,
      contains: ['target=\\"_blank\\"', "noopener noreferrer nofollow"],
      notContains: ["<script"],
    },
    {
      name: "update",
      send: (api) => api.admin.notifications({ id: 5 }).patch({ isActive: true }),
      auth: true,
      status: 200,
      contains: ['"isActive":true'],
    },
    { name: "update unknown", send: (api) => api.admin.notifications({ id: 99 }).patch({ isActive: true }), auth: true, status: 404 },
    { name: "delete", send: (api) => api.admin.notifications({ id: 3 }).delete(), auth: true, status: 200 },
    {
      name: "delete unknown",
      send: (api) => api.admin.notifications({ id: 99 }).delete(),
      auth: true,
      status: 404,
      contains: ["Notification not found"],
    },
  ]);
});
