// The `admin` macro: the login is checked once per request (in the parser when there is a body, before a byte of it
// is read; in beforeHandle otherwise), and a successful write invalidates the public cache.
import { describe, expect, test } from "bun:test";
import { unauthorized } from "@server/lib/errors.ts";
import { createPublicCache } from "@server/lib/public-cache.ts";
import { Elysia } from "elysia";
import { access } from "./access.ts";

function app() {
  const checks: string[] = [];
  const cache = createPublicCache({ now: () => new Date(), timezone: "UTC" });
  const verify = async (request: Request) => {
    const authorization = request.headers.get("authorization");
    checks.push(authorization ?? "none");
    if (authorization !== "Bearer good") throw unauthorized();
  };
  const server = new Elysia()
    .use(access(verify, cache, { before: () => {}, after: () => {} }))
    .get("/read", () => "ok", { admin: true })
    .post("/write", ({ body }) => body, { admin: true })
    .post("/upload", () => "stored", { admin: "stream" });
  const send = (method: string, path: string, authorization?: string) =>
    server.handle(
      new Request(`http://localhost${path}`, {
        method,
        headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
        body: method === "GET" ? undefined : '{"a":1}',
      }),
    );
  return { send, checks, cache };
}

describe("the admin macro", () => {
  test("one check per request, with a body or without, and for a route that reads its own body", async () => {
    const { send, checks } = app();
    for (const [method, path] of [
      ["GET", "/read"],
      ["POST", "/write"],
      ["POST", "/upload"],
    ] as const) {
      checks.length = 0;
      expect((await send(method, path, "Bearer good")).status).toBe(200);
      expect(checks).toEqual(["Bearer good"]);
      checks.length = 0;
      expect((await send(method, path)).status).not.toBe(200);
      expect(checks).toEqual(["none"]);
    }
  });

  test("a successful write invalidates the public cache; a read or a refused write does not", async () => {
    const { send, cache } = app();
    const before = cache.generation;
    await send("GET", "/read", "Bearer good");
    await send("POST", "/write");
    expect(cache.generation).toBe(before);
    expect(await (await send("POST", "/write", "Bearer good")).json()).toEqual({ a: 1 });
    expect(cache.generation).toBe(before + 1);
  });
});
