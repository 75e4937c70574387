// One log line per request (issue 24): method, path (secrets in its query masked by src/lib/log.ts), status,
// duration, bytes, client IP and a request id, which the answer carries as X-Request-Id and an error's line repeats.
import { log } from "@server/lib/log.ts";
import { requestPath } from "@server/lib/request-url.ts";
import { Elysia } from "elysia";

/** When the request came and from where: set on the request's own context by `onRequest`, read by its log line. */
type Started = { at: number; ip: string };
const REQUEST_ID = "x-request-id";

/** Ids are this process's random prefix and a count: unique across restarts, and cheaper than a UUID per request. */
const ID_PREFIX = Bun.randomUUIDv7("base64url").slice(-6);
let count = 0;
const nextId = () => ID_PREFIX + (++count).toString(36).padStart(6, "0");

/** The request's id (for an error's line): the one its request line and its X-Request-Id header carry. */
export const requestId = (set: { headers: Record<string, unknown> }) => set.headers[REQUEST_ID] as string | undefined;

/**
 * The answer's size when it is known before it is sent: its Content-Length, or the size of its text, file or JSON
 * (a plain object or array); anything else (a stream, a promise) is not measured.
 */
function bytesOf(value: unknown, headers: Record<string, unknown>): number | undefined {
  const length = value instanceof Response ? value.headers.get("content-length") : headers["content-length"];
  if (length !== undefined && length !== null) return Number(length);
  if (typeof value === "string") return Buffer.byteLength(value);
  if (value instanceof Blob) return value.size;
  if (value instanceof Uint8Array || value instanceof ArrayBuffer) return value.byteLength;
  if (Array.isArray(value) || (value && Object.getPrototypeOf(value) === Object.prototype)) return Buffer.byteLength(JSON.stringify(value));
  return undefined;
}

export const requestLog = (clientIp: (request: Request) => string) =>
  new Elysia({ name: "request-log" })
    // Each request's context gets its own copy of a decorator: `onRequest` fills it in, so it holds before any route is
    // found (a 404's line has it too) and before the body is read, which stays unparsed for the routes that read it raw.
    .decorate("started", undefined as Started | undefined)
    // The address is asked while the connection is open: once the answer is sent, the server may no longer know it.
    // The context is not destructured here, to be written to; it is never handed whole to a function, which would
    // make Elysia (its static analysis, "sucrose") parse every body.
    .onRequest((context) => {
      context.started = { at: performance.now(), ip: clientIp(context.request) };
      context.set.headers[REQUEST_ID] = nextId();
    })
    .onAfterResponse({ as: "global" }, ({ request, set, responseValue, started: start }) => {
      const status = responseValue instanceof Response ? responseValue.status : typeof set.status === "number" ? set.status : 200;
      log.request(request.method, requestPath(request) ?? "(unparsable)", {
        status,
        ms: start ? Math.round((performance.now() - start.at) * 10) / 10 : undefined,
        bytes: bytesOf(responseValue, set.headers),
        ip: start?.ip,
        id: requestId(set),
      });
    });
