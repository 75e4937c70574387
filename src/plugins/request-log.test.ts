// The request's line (issue 24): its id, address and duration are kept on the request's context from its start to its
// answer, and the X-Request-Id header carries the same id.
import { afterAll, expect, test } from "bun:test";
import { configureLog } from "@server/lib/log.ts";
import { createTestApp } from "@tests/support/app.ts";

const lines: string[] = [];
afterAll(() => configureLog({ format: "text" }));

test("a request's line carries the id its answer's X-Request-Id names, the client's address and the time it took", async () => {
  const t = await createTestApp();
  configureLog({ sink: (line) => lines.push(line) });
  const answer = await t.request("GET", "/api/profile", { ip: "192.0.2.9" });
  expect(answer.status).toBe(200);
  const id = answer.headers.get("x-request-id");
  expect(id).toMatch(/^[\w-]{12}$/);
  await Bun.sleep(20);
  const line = lines.find((entry) => entry.includes("GET /api/profile"));
  expect(line).toMatch(new RegExp(` status=200 ms=[\\d.]+ bytes=\\d+ ip=192\\.0\\.2\\.9 id=${id}$`));
});
