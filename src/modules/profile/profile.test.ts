import { afterAll, beforeAll, describe } from "bun:test";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { scenarios } from "@tests/support/scenarios.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

describe("profile", () => {
  scenarios(
    () => t,
    [
      {
        name: "defaults before any save",
        method: "GET",
        url: "/api/profile",
        status: 200,
        contains: ["Come and discover the lightness of life.", "president", "over 27 years"],
      },
      { name: "update needs a token", method: "PATCH", url: "/api/admin/profile", body: { name: "New Name" }, status: 401 },
      {
        name: "the spec's rules",
        method: "PATCH",
        url: "/api/admin/profile",
        auth: true,
        body: { name: "A", title: "B", biography: "<p>short</p>", quote: "hey", email: "not-an-email" },
        status: 400,
        contains: [
          "Name must be at least 2 characters",
          "Title must be at least 2 characters",
          "Biography must be at least 10 characters",
          "Quote must be at least 5 characters",
          "Must be a valid email address",
        ],
      },
      {
        name: "first save fills the rest from the defaults",
        method: "PATCH",
        url: "/api/admin/profile",
        auth: true,
        body: { name: "Swami Test", email: "teacher@example.org", phone: "" },
        status: 200,
        contains: ['"name":"Swami Test"', '"email":"teacher@example.org"', '"phone":null', "Come and discover"],
      },
      {
        name: "biography is sanitised",
        method: "PATCH",
        url: "/api/admin/profile",
        auth: true,
        body: { biography: "<p>Teaching <img src=x onerror=alert(1)>since 1998.</p>" },
        status: 200,
        notContains: ["<img", "onerror"],
      },
      {
        name: "optional values sent as null are cleared",
        method: "PATCH",
        url: "/api/admin/profile",
        auth: true,
        body: { email: null },
        status: 200,
        contains: ['"email":null'],
      },
      { name: "the public read shows the saved profile", method: "GET", url: "/api/profile", status: 200, contains: ["Swami Test"] },
    ],
  );
});
