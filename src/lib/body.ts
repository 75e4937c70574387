// Request bodies are read within the limit of their route: a 413 as soon as a body is known to be too large, from its
// Content-Length before anything is read, else while it streams in. Nothing is read whole before that check. A JSON
// body is parsed only when its arrays and objects stay within bounds, a form when its fields do: each becomes a heap
// object, so 1 MB of `[{},{},…]` or of 100,000 nested brackets would be 6-23 MB of objects to collect, per request.

import { collectAfterBodyBytes } from "@server/runtime.ts";
import { badRequest, payloadTooLarge } from "./errors.ts";

/** JSON bodies of the public forms: room for the longest contact message (10,000 characters, every one escaped). */
export const PUBLIC_BODY_LIMIT = 64 * 1024;
/** JSON bodies of the admin's writes (a rich-text field holds up to 100,000 characters). */
export const ADMIN_BODY_LIMIT = 1024 * 1024;

/** How deep the arrays and objects of a JSON body may nest, and how many it may hold. */
type JsonBounds = { maxDepth: number; maxContainers: number };
/** The routes' bodies: one object of fields, a list of image URLs at most (src/shared/schemas.ts). */
export const BODY_JSON_BOUNDS: JsonBounds = { maxDepth: 16, maxContainers: 1_000 };
/** The fields of a form body (`a=1&b=2`), each a property to make: 1 MB of them would be ~12 MB of heap. */
export const MAX_FORM_FIELDS = 1_000;

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`);

/** The request body, or a 413 with `tooLargeMessage` once it is known to exceed `maxBytes`. */
export async function readBodyWithLimit(
  request: Request,
  maxBytes: number,
  tooLargeMessage = `The request body is too large. Maximum size is ${sizeText(maxBytes)}.`,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get("content-length");
  if (declared !== null && (!/^\d+$/.test(declared) || Number(declared) > maxBytes)) throw payloadTooLarge(tooLargeMessage);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    collectAfterBodyBytes(value.byteLength);
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw payloadTooLarge(tooLargeMessage);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * Elysia's body parser for the routes after it, within `maxBytes`: JSON, form fields, or else the text. It answers
 * every body itself, so Elysia's own unbounded parsers never run. Routes that stream their body take `parse: "none"`.
 */
export const limitedBodyParser =
  (maxBytes: number) =>
  async ({ request, contentType }: { request: Request; contentType: string }): Promise<unknown> => {
    const bytes = await readBodyWithLimit(request, maxBytes);
    if (bytes.length === 0) return null;
    const type = (contentType.split(";", 1)[0] ?? "").trim().toLowerCase();
    if (type === "multipart/form-data") {
      const form = await new Response(bytes, { headers: { "content-type": contentType } }).formData().catch(() => {
        throw badRequest("The request body is not a valid form");
      });
      return Object.fromEntries([...form].filter(([, value]) => typeof value === "string"));
    }
    if (type === "application/json" || type.endsWith("+json")) return parseJson(bytes, BODY_JSON_BOUNDS, "The request body is not valid JSON");
    if (type !== "application/x-www-form-urlencoded") return new TextDecoder().decode(bytes);
    if (countUpTo(bytes, AMPERSAND, MAX_FORM_FIELDS) === MAX_FORM_FIELDS) throw badRequest("The request body is not a valid form");
    return Object.fromEntries(new URLSearchParams(new TextDecoder().decode(bytes)));
  };

/** A JSON body, or a 400 with `invalidMessage` when it is not JSON or not within `bounds` (RFC 8259 §9 allows limits). */
export function parseJson(bytes: Uint8Array, bounds: JsonBounds, invalidMessage: string): unknown {
  if (!withinBounds(bytes, bounds)) throw badRequest(invalidMessage);
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    throw badRequest(invalidMessage);
  }
}

/** How many times `byte` occurs in `bytes`, counting no further than `max` (found by `indexOf`, natively). */
function countUpTo(bytes: Uint8Array, byte: number, max: number): number {
  let count = 0;
  for (let at = bytes.indexOf(byte); at >= 0 && count < max; at = bytes.indexOf(byte, at + 1)) count++;
  return count;
}

const AMPERSAND = 0x26;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const [OPEN_ARRAY, CLOSE_ARRAY, OPEN_OBJECT, CLOSE_OBJECT] = [0x5b, 0x5d, 0x7b, 0x7d];

/**
 * Counts the arrays and objects of a JSON text (UTF-8) and their depth without parsing it. Strings are skipped by
 * `indexOf` (native): the executable starts with the JIT held back, when a byte-by-byte loop costs ~60 ms per MB.
 */
function withinBounds(bytes: Uint8Array, { maxDepth, maxContainers }: JsonBounds): boolean {
  let depth = 0;
  let containers = 0;
  for (let i = 0; i < bytes.length; i++) {
    // biome-ignore lint/style/noNonNullAssertion: i < bytes.length (the loop bound)
    const byte = bytes[i]!;
    if (byte === QUOTE) i = closingQuote(bytes, i);
    else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > maxDepth || ++containers > maxContainers) return false;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth--;
  }
  return true;
}

/** The index of the quote that ends the string opened at `start` (one not escaped), or the end of the text. */
function closingQuote(bytes: Uint8Array, start: number): number {
  for (let quote = bytes.indexOf(QUOTE, start + 1); quote >= 0; quote = bytes.indexOf(QUOTE, quote + 1)) {
    let backslashes = 0;
    while (bytes[quote - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
  }
  return bytes.length;
}
