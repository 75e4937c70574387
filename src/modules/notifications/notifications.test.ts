import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { createNotification } from "@tests/support/factories.ts";
import { scenarios } from "@tests/support/scenarios.ts";

const NOW = new Date("2026-11-21T02:00:00Z"); // 2026-11-21 in Melbourne
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => NOW });
  createNotification(t.db, { message: "<p>Showing, no end</p>", startDate: "2026-11-01" });
  createNotification(t.db, { message: "<p>Ends today</p>", startDate: "2026-11-01", endDate: "2026-11-21", type: "priority-1" });
  createNotification(t.db, { message: "<p>Ended yesterday</p>", startDate: "2026-11-01", endDate: "2026-11-20" });
  createNotification(t.db, { message: "<p>Starts tomorrow</p>", startDate: "2026-11-22" });
  createNotification(t.db, { message: "<p>Switched off</p>", startDate: "2026-11-01", isActive: false });
});
afterAll(() => t.cleanup());

describe("notifications", () => {
  test("visitors see those showing now: from startDate until endDate", async () => {
    const list = (await (await t.request("GET", "/api/notifications")).json()) as { message: string }[];
    expect(list.map((n) => n.message).sort()).toEqual(["<p>Ends today</p>", "<p>Showing, no end</p>"]);
  });

  scenarios(
    () => t,
    [
      {
        name: "the admin sees all",
        method: "GET",
        url: "/api/admin/notifications",
        auth: true,
        status: 200,
        contains: ["Switched off", "Starts tomorrow", "Ended yesterday"],
      },
      { name: "the admin list needs a token", method: "GET", url: "/api/admin/notifications", status: 401 },
      {
        name: "create with defaults",
        method: "POST",
        url: "/api/admin/notifications",
        auth: true,
        body: { message: "<p>Retreat bookings open</p>", startDate: "2026-11-21" },
        status: 201,
        contains: ['"type":"info"', '"isActive":true', '"endDate":null'],
      },
      {
        name: "the spec's messages",
        method: "POST",
        url: "/api/admin/notifications",
        auth: true,
        body: { message: "Hey", startDate: "" },
        status: 400,
        contains: ["Message must be at least 5 characters", "Start date is required"],
      },
      {
        name: "an unknown type is refused",
        method: "POST",
        url: "/api/admin/notifications",
        auth: true,
        body: { message: "<p>Hello there</p>", startDate: "2026-11-21", type: "shout" },
        status: 400,
      },
      {
        name: "a link must be a URL",
        method: "POST",
        url: "/api/admin/notifications",
        auth: true,
        body: { message: "<p>Hello there</p>", startDate: "2026-11-21", link: "javascript:alert(1)" },
        status: 400,
        contains: ["Please enter a valid URL"],
      },
      {
        name: "message is sanitised",
        method: "POST",
        url: "/api/admin/notifications",
        auth: true,
        body: { message: '<p>Hi <a href="https://example.org">there</a><script>x</script></p>', startDate: "2026-11-21" },
        status: 201,
        contains: ['target=\\"_blank\\"', "noopener noreferrer nofollow"],
        notContains: ["<script"],
      },
      {
        name: "update",
        method: "PATCH",
        url: "/api/admin/notifications/5",
        auth: true,
        body: { isActive: true },
        status: 200,
        contains: ['"isActive":true'],
      },
      { name: "update unknown", method: "PATCH", url: "/api/admin/notifications/99", auth: true, body: { isActive: true }, status: 404 },
      { name: "delete", method: "DELETE", url: "/api/admin/notifications/3", auth: true, status: 200 },
      { name: "delete unknown", method: "DELETE", url: "/api/admin/notifications/3", auth: true, status: 404, contains: ["Notification not found"] },
    ],
  );
});
