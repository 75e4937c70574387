import { describe, expect } from "bun:test";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { scenarios } from "@tests/support/scenarios.ts";

const subscribed = (t: TestApp) => t.api().newsletter.post({ email: " Seeker@Example.org " });

describe("newsletter", () => {
  scenarios(
    () => createTestApp(),
    [
      { name: "subscribe", send: (api) => api.newsletter.post({ email: " Seeker@Example.org " }), status: 201 },
      {
        name: "the same address in other case is answered as a new one (issue 30) and kept once",
        before: subscribed,
        send: (api) => api.newsletter.post({ email: "seeker@example.ORG" }),
        status: 201,
        contains: ['{"success":true,"message":"Subscribed"}'],
        expect: (_json, app) =>
          expect(app.db.$client.query("select email, state from subscribers").all()).toEqual([{ email: "seeker@example.org", state: "confirmed" }]),
      },
      {
        name: "an invalid address",
        send: (api) => api.newsletter.post({ email: "seeker" }),
        status: 400,
        contains: ["Please enter a valid email address"],
      },
      {
        name: "the admin lists them, trimmed and lower-cased",
        before: subscribed,
        send: (api) => api.admin.subscribers.get(),
        auth: true,
        status: 200,
        contains: ['"email":"seeker@example.org"'],
      },
      { name: "the list needs a token", send: (api) => api.admin.subscribers.get(), status: 401 },
      { name: "delete", before: subscribed, send: (api) => api.admin.subscribers({ id: 1 }).delete(), auth: true, status: 200 },
      {
        name: "delete unknown",
        send: (api) => api.admin.subscribers({ id: 1 }).delete(),
        auth: true,
        status: 404,
        contains: ["Subscriber not found"],
      },
      {
        name: "subscribing again after removal works",
        before: async (t) => {
          await subscribed(t);
          await t
            .api({ token: await t.login() })
            .admin.subscribers({ id: 1 })
            .delete();
        },
        send: (api) => api.newsletter.post({ email: "seeker@example.org" }),
        status: 201,
      },
    ],
  );
});
