// The request's line (issue 24): its start and address are kept on the request's own context from its first hook to
// its answer (no table keyed by the request), and the X-Request-Id header carries the line's id.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { configureLog } from "@server/lib/log.ts";
import { createTestApp, type TestApp } from "@tests/support/app.ts";

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  configureLog({ sink: (line) => void lines.push(line) });
});
afterAll(() => {
  configureLog({ sink: null });
  t.cleanup();
});

/** The line logged for `method path`, once the answer has been sent. */
async function lineOf(method: string, path: string) {
  for (let i = 0; i < 50 && !lines.some((line) => line.includes(`${method} ${path} `)); i++) await Bun.sleep(10);
  return lines.find((line) => line.includes(`${method} ${path} `));
}

test("a request's line carries the id its answer's X-Request-Id names, the client's address and the time it took", async () => {
  const { status, response } = await t.api({ ip: "192.0.2.9" }).profile.get();
  expect(status).toBe(200);
  const id = response.headers.get("x-request-id");
  expect(id).toMatch(/^[\w-]{12}$/);
  expect(await lineOf("GET", "/api/profile")).toMatch(new RegExp(` status=200 ms=[\\d.]+ bytes=\\d+ ip=192\\.0\\.2\\.9 id=${id}$`));
});

test("an unknown path's line has them too: they are kept before any route is found", async () => {
  const response = await t.request("GET", "/api/no-such-thing", { ip: "192.0.2.10" });
  expect(response.status).toBe(404);
  const id = response.headers.get("x-request-id");
  expect(await lineOf("GET", "/api/no-such-thing")).toMatch(new RegExp(` status=404 ms=[\\d.]+ .*ip=192\\.0\\.2\\.10 id=${id}$`));
});

// Issue 37 item 11: the status in the line is the one sent, whatever Elysia had set before an error was answered.
test("a body that fails its schema is answered 400, and its line says 400 (not Elysia's 422)", async () => {
  const response = await t.request("POST", "/api/contact", { body: { name: "", email: "not-an-address", message: "" }, ip: "192.0.2.11" });
  expect(response.status).toBe(400);
  expect(await lineOf("POST", "/api/contact")).toContain(" status=400 ");
});
