import { afterAll, beforeAll, describe } from "bun:test";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { scenarios } from "@tests/support/scenarios.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

const message = { name: "Priya", email: "priya@example.org", subject: "Classes", message: "Are beginners welcome on Mondays?" };

describe("contact messages", () => {
  scenarios(
    () => t,
    [
      { name: "a visitor sends a message", method: "POST", url: "/api/contact", body: message, status: 201 },
      {
        name: "the server's messages",
        method: "POST",
        url: "/api/contact",
        body: { name: " ", email: "nope", subject: "", message: "too short" },
        status: 400,
        contains: ["Name is required", "Valid email is required", "Subject is required", "Message must be at least 10 characters"],
      },
      { name: "a JSON array is refused", method: "POST", url: "/api/contact", body: [message], status: 400 },
      {
        name: "the admin lists them",
        method: "GET",
        url: "/api/admin/messages",
        auth: true,
        status: 200,
        contains: ["Are beginners welcome", '"isRead":false'],
      },
      { name: "the list needs a token", method: "GET", url: "/api/admin/messages", status: 401 },
      { name: "mark as read", method: "PATCH", url: "/api/admin/messages/1/read", auth: true, status: 200, contains: ['"isRead":true'] },
      { name: "mark unknown", method: "PATCH", url: "/api/admin/messages/99/read", auth: true, status: 404, contains: ["Message not found"] },
      { name: "delete", method: "DELETE", url: "/api/admin/messages/1", auth: true, status: 200 },
      { name: "delete unknown", method: "DELETE", url: "/api/admin/messages/1", auth: true, status: 404 },
    ],
  );
});
