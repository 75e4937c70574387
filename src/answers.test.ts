// Every route declares its answers (issue 31, item 2): the route table has a `response` model on every route that
// answers JSON, and an answer outside its model is a 500 in the tests and in development, never a different wire
// format (src/lib/answers.ts, docs/decisions/0024-declared-answers.md).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { errors } from "@server/app.ts";
import { answer, answers } from "@server/lib/answers.ts";
import { createPublicCache } from "@server/lib/public-cache.ts";
import { cachedRead } from "@server/plugins/public-cache.ts";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { Elysia } from "elysia";
import { array, number, object, string } from "superstruct";

/** The routes whose answer is not JSON, each with why. */
const NOT_JSON: Record<string, string> = {
  "GET /": "the HTML page",
  "GET /*": "the web app's files, and its HTML shell for the app's paths",
  "ALL /*": "the plain-text 405 of a method other than GET or HEAD on the site's files",
  "GET /sitemap.xml": "XML",
  "GET /uploads": "a file (the static plugin's own route)",
  "GET /uploads/*": "a file, or a resized photo",
  "GET /api/admin/backups/:name/download": "a .tar file",
  "GET /calendar/events.ics": "an iCalendar file",
  "GET /calendar/events/:file": "an iCalendar file",
  "GET /calendar/classes.ics": "an iCalendar file",
  "GET /api/registrations/cancel": "a 303 to the site's cancel page",
  "GET /join/:token": "an online class's join link: a 303 into the class, or its own small HTML page",
  "POST /api/registrations/cancel": "a 303 to the site's outcome page",
  "GET /api/newsletter/confirm": "a 303 to the site's outcome page",
  "GET /api/newsletter/unsubscribe": "a 303 to the site's unsubscribe page",
  "GET /api/payments/pay": "a 303 to Stripe's Checkout",
  "GET /api/donations/stop": "a 303 to the site's stop page",
  "POST /api/donations/stop": "a 303 to the site's outcome page",
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

describe("every route declares its answers", () => {
  test("each route of the app has a `response` model, but the ones that do not answer JSON (named, with why)", () => {
    const routes = t.app.routes.map((route) => ({ key: `${route.method} ${route.path}`, declared: route.hooks?.response !== undefined }));
    expect(routes.length).toBeGreaterThan(90);
    expect(routes.filter(({ key, declared }) => !declared && !(key in NOT_JSON)).map(({ key }) => key)).toEqual([]);
    // Each exception is a route of the app that still answers no JSON.
    expect(Object.keys(NOT_JSON).filter((key) => !routes.some((route) => route.key === key && !route.declared))).toEqual([]);
  });
});

// Issue 37 item 0: Elysia guesses from a handler's source whether it reads the body; in the executable that source is
// minified, the guess is "yes", and the body is parsed (unbounded) before the route reads it: the webhook's signed
// bytes were gone. So no route is left to the guess: each says the body it reads (src/plugins/access.ts), or none.
describe("every route declares the body it reads", () => {
  test("each route but GET's has its parser: a bounded one, or none for a route that reads its own body or no body", () => {
    const undeclared = t.app.routes
      .filter((route) => route.method !== "GET" && !(route.hooks?.parse as unknown[] | undefined)?.length)
      .map((route) => `${route.method} ${route.path}`);
    expect(undeclared).toEqual([]);
  });
});

describe("an answer outside its model fails", () => {
  const item = answer(object({ id: number(), name: string() }));
  /** A handler whose value is not what its type says (a row spread with one field too many, say). */
  const wrong = () => ({ id: 1, name: "Yoga", secret: "never on the wire" }) as unknown as { id: number; name: string };

  test("a handler's value with a field its model lacks is a 500, not that value without the field", async () => {
    const app = new Elysia().use(errors()).get("/item", wrong, { response: answers(item) });
    const response = await app.handle(new Request("http://localhost/item"));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: "Internal server error" });
  });

  test("so is a value missing a field, under the status it is answered with", async () => {
    const app = new Elysia()
      .use(errors())
      .post("/item", ({ status }) => status(201, { id: 1 } as { id: number; name: string }), { response: answers(item, 201) });
    expect((await app.handle(new Request("http://localhost/item", { method: "POST" }))).status).toBe(500);
  });

  test("a value within its model is sent as the handler made it", async () => {
    const app = new Elysia().use(errors()).get("/item", () => ({ id: 1, name: "Yoga" }), { response: answers(item) });
    const response = await app.handle(new Request("http://localhost/item"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 1, name: "Yoga" });
  });

  test("a cached read is checked when it is built: a value outside its model is a 500, and nothing is kept", async () => {
    const cache = createPublicCache({ now: () => new Date(), timezone: "UTC" });
    const list = answer(array(object({ id: number(), name: string() })));
    const app = new Elysia().use(errors()).get(
      "/items",
      cachedRead(cache, list, () => [wrong()]),
      { response: answers(list) },
    );
    expect((await app.handle(new Request("http://localhost/items"))).status).toBe(500);
    expect(cache.peek("/items")).toBeUndefined();
  });
});
