import { describe } from "bun:test";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { scenarios } from "@tests/support/scenarios.ts";

const message = { name: "Priya", email: "priya@example.org", subject: "Classes", message: "Are beginners welcome on Mondays?" };

const sent = (t: TestApp) => t.api().contact.post(message);

describe("contact messages", () => {
  scenarios(
    () => createTestApp(),
    [
      { name: "a visitor sends a message", send: (api) => api.contact.post(message), status: 201 },
      {
        name: "the server's messages",
        send: (api) => api.contact.post({ name: " ", email: "nope", subject: "", message: "too short" }),
        status: 400,
        contains: ["Name is required", "Valid email is required", "Subject is required", "Message must be at least 10 characters"],
      },
      // Raw: the contract types the body as one message, so a typed call could not send an array.
      { name: "a JSON array is refused", send: (_api, raw) => raw("POST", "/api/contact", [message]), status: 400 },
      {
        name: "the admin lists them",
        before: sent,
        send: (api) => api.admin.messages.get(),
        auth: true,
        status: 200,
        contains: ["Are beginners welcome", '"isRead":false'],
      },
      { name: "the list needs a token", send: (api) => api.admin.messages.get(), status: 401 },
      {
        name: "mark as read",
        before: sent,
        send: (api) => api.admin.messages({ id: 1 }).read.patch(),
        auth: true,
        status: 200,
        contains: ['"isRead":true'],
      },
      { name: "mark unknown", send: (api) => api.admin.messages({ id: 99 }).read.patch(), auth: true, status: 404, contains: ["Message not found"] },
      { name: "delete", before: sent, send: (api) => api.admin.messages({ id: 1 }).delete(), auth: true, status: 200 },
      { name: "delete unknown", send: (api) => api.admin.messages({ id: 1 }).delete(), auth: true, status: 404 },
    ],
  );
});
