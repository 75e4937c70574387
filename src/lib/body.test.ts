// Request bodies (src/lib/body.ts): a JSON or form body that would become many small heap objects (1 MB of `[{},{},…]`
// is ~23 MB of them, 100,000 nested brackets ~6 MB) is refused before it is parsed, so hostile bodies leave no heap
// behind them (tests/hostile/malformed.test.ts: memory stable under 29,000 of them).

import { heapStats } from "bun:jsc";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { ADMIN_BODY_LIMIT, BODY_JSON_BOUNDS, MAX_FORM_FIELDS, parseJson } from "./body.ts";
import { HttpError } from "./errors.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const parsed = (text: string) => parseJson(bytes(text), BODY_JSON_BOUNDS, "not valid");
const refusal = (text: string) => {
  try {
    parseJson(bytes(text), BODY_JSON_BOUNDS, "not valid");
    return null;
  } catch (error) {
    return error instanceof HttpError ? `${error.status} ${error.message}` : String(error);
  }
};

describe("parseJson: arrays and objects within bounds", () => {
  test("nesting up to the bound parses; one level deeper is refused as not valid", () => {
    expect(parsed(nested(BODY_JSON_BOUNDS.maxDepth))).toBeArray();
    expect(refusal(nested(BODY_JSON_BOUNDS.maxDepth + 1))).toBe("400 not valid");
    expect(refusal(nested(100_000))).toBe("400 not valid");
  });

  test("up to the bound of arrays and objects parses; one more is refused", () => {
    // A list of `count - 1` objects: `count` arrays and objects in all.
    const objects = (count: number) => `[${"{},".repeat(count - 2)}{}]`;
    expect(parsed(objects(BODY_JSON_BOUNDS.maxContainers))).toHaveLength(BODY_JSON_BOUNDS.maxContainers - 1);
    expect(refusal(objects(BODY_JSON_BOUNDS.maxContainers + 1))).toBe("400 not valid");
  });

  test("brackets and escaped quotes inside strings are text, not structure", () => {
    const text = JSON.stringify({ a: `${nested(5_000)}\\"{[`, b: ['"[', "\\"], c: "é😀[" });
    expect(parsed(text)).toEqual(JSON.parse(text));
  });

  test("text that is not JSON is refused with the caller's message", () => {
    for (const text of ["{", '{"a":"unterminated [[[', "]]]]", "nul"]) expect(refusal(text)).toBe("400 not valid");
  });
});

describe("hostile bodies against a route", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login();
  });
  afterAll(() => t.cleanup());

  const send = (body: Uint8Array<ArrayBuffer>, contentType: string) =>
    t.app.handle(
      new Request("http://localhost/api/admin/classes", {
        method: "POST",
        headers: { "content-type": contentType, authorization: `Bearer ${token}` },
        body,
      }),
    );

  test("1 MB of objects, of nesting, of form fields: 400 each, and 60 of them leave the heap as it was", async () => {
    const bodies: [Uint8Array<ArrayBuffer>, string, string][] = [
      [bytes(`[${"{},".repeat(349_000)}{}]`), "application/json", "The request body is not valid JSON"],
      [bytes(`{"name":${nested(300_000)}}`), "application/json", "The request body is not valid JSON"],
      [bytes("a=&".repeat(349_000)), "application/x-www-form-urlencoded", "The request body is not a valid form"],
    ];
    for (const [body] of bodies) expect(body.length).toBeLessThanOrEqual(ADMIN_BODY_LIMIT);
    for (const [body, type] of bodies) await send(body, type);
    Bun.gc(true);
    const before = heapStats().heapCapacity;
    for (let round = 0; round < 20; round++) {
      for (const [body, type, message] of bodies) {
        const response = await send(body, type);
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ error: message });
      }
    }
    // The bodies' own bytes (60 MB read) leave some MB until the next collection; parsed, these bodies took 160 MB.
    const grownMb = (heapStats().heapCapacity - before) / 1024 / 1024;
    expect(grownMb).toBeLessThan(32);
  });

  test(`a form of ${MAX_FORM_FIELDS} fields is still read (and checked by the route's schema)`, async () => {
    const fields = Array.from({ length: MAX_FORM_FIELDS }, (_, i) => (i === 0 ? "name=Hatha" : `x${i}=`)).join("&");
    const response = await send(bytes(fields), "application/x-www-form-urlencoded");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { issues: unknown[] }).issues).not.toHaveLength(0);
  });
});
