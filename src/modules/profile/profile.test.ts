import { describe } from "bun:test";
import { createTestApp } from "@tests/support/app.ts";
import { scenarios } from "@tests/support/scenarios.ts";

describe("profile", () => {
  scenarios(
    () => createTestApp(),
    [
      {
        name: "defaults before any save",
        send: (api) => api.profile.get(),
        status: 200,
        contains: ["Come and discover the lightness of life.", "president", "over 27 years"],
      },
      { name: "update needs a token", send: (api) => api.admin.profile.patch({ name: "New Name" }), status: 401 },
      {
        name: "the spec's rules",
        send: (api) => api.admin.profile.patch({ name: "A", title: "B", biography: "<p>short</p>", quote: "hey", email: "not-an-email" }),
        auth: true,
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
        send: (api) => api.admin.profile.patch({ name: "Swami Test", email: "teacher@example.org", phone: "" }),
        auth: true,
        status: 200,
        contains: ['"name":"Swami Test"', '"email":"teacher@example.org"', '"phone":null', "Come and discover"],
      },
      {
        name: "biography is sanitised",
        send: (api) => api.admin.profile.patch({ biography: "<p>Teaching <img src=x onerror=alert(1)>since 1998.</p>" }),
        auth: true,
        status: 200,
        notContains: ["<img", "onerror"],
      },
      {
        name: "optional values sent as null are cleared",
        send: (api) => api.admin.profile.patch({ email: null }),
        auth: true,
        status: 200,
        contains: ['"email":null'],
      },
      {
        name: "the public read shows the saved profile",
        before: async (t) => t.api({ token: await t.login() }).admin.profile.patch({ name: "Swami Test" }),
        send: (api) => api.profile.get(),
        status: 200,
        contains: ["Swami Test"],
      },
    ],
  );
});
