import { afterAll, beforeAll, describe, expect } from "bun:test";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { scenarios } from "@tests/support/scenarios.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

describe("newsletter", () => {
  scenarios(
    () => t,
    [
      { name: "subscribe", method: "POST", url: "/api/newsletter", body: { email: " Seeker@Example.org " }, status: 201 },
      {
        name: "the same address in other case is answered as a new one (issue 30) and kept once",
        method: "POST",
        url: "/api/newsletter",
        body: { email: "seeker@example.ORG" },
        status: 201,
        contains: ['{"success":true,"message":"Subscribed"}'],
        expect: (_json, app) =>
          expect(app.db.$client.query("select email, state from subscribers").all()).toEqual([{ email: "seeker@example.org", state: "confirmed" }]),
      },
      {
        name: "an invalid address",
        method: "POST",
        url: "/api/newsletter",
        body: { email: "seeker" },
        status: 400,
        contains: ["Please enter a valid email address"],
      },
      {
        name: "the admin lists them, trimmed and lower-cased",
        method: "GET",
        url: "/api/admin/subscribers",
        auth: true,
        status: 200,
        contains: ['"email":"seeker@example.org"'],
      },
      { name: "the list needs a token", method: "GET", url: "/api/admin/subscribers", status: 401 },
      { name: "delete", method: "DELETE", url: "/api/admin/subscribers/1", auth: true, status: 200 },
      { name: "delete unknown", method: "DELETE", url: "/api/admin/subscribers/1", auth: true, status: 404, contains: ["Subscriber not found"] },
      { name: "subscribing again after removal works", method: "POST", url: "/api/newsletter", body: { email: "seeker@example.org" }, status: 201 },
    ],
  );
});
