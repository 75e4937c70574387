// What the public page reads, serialised once and reused until a write changes it (issue 5, HTTP): each answer is
// kept as bytes with its ETag and, when large enough, its gzip/brotli bytes (made once, on first demand).
import type { Context } from "elysia";
import { todayIn } from "./time.ts";

/** One cached answer: the bytes a GET returns and everything needed to answer it again. */
export type CachedAnswer = {
  body: Uint8Array<ArrayBuffer>;
  contentType: string;
  etag: string;
  /** Compressed twins, made the first time a client accepts them (null: too small to be worth it). */
  gzip?: Uint8Array<ArrayBuffer> | null;
  br?: Uint8Array<ArrayBuffer> | null;
  /** The brotli bytes while they are being made (brotli is compressed off the main thread's synchronous path). */
  brPending?: Promise<Uint8Array<ArrayBuffer>>;
};

/**
 * What a builder produces: the answer's bytes and their type, and until when it holds (ms since the epoch) when a
 * moment other than a write or a new day changes it (the next event's registration closing).
 */
export type Built = { body: string | Uint8Array<ArrayBuffer>; contentType: string; validUntil?: number };

export type PublicCacheOptions = {
  /** The clock and SITE_TIMEZONE: answers are kept for one date there only ("upcoming" changes at midnight). */
  now: () => Date;
  timezone: string;
  /** SQLite's `PRAGMA data_version`: changes when another process (a CLI restore) commits to the file. */
  dataVersion?: () => number;
};

// The date and the other processes' writes are looked at no more often than this (each look costs a few µs, and a
// cached read costs about ten): the date within a second of midnight, a CLI restore within 0.1 s.
const DAY_CHECK_MS = 1000;
const VERSION_CHECK_MS = 100;

/** Below this size compression costs more than it saves. */
const MIN_COMPRESS_BYTES = 1024;

export type PublicCache = ReturnType<typeof createPublicCache>;

/**
 * The cache of public answers, and the one place that decides how long they hold: until `invalidate()` (an admin
 * write, src/plugins/access.ts; a public form's), a new day, another process's write, or the earliest `validUntil`
 * an answer was built with.
 */
export function createPublicCache(options: PublicCacheOptions) {
  let entries = new Map<string, CachedAnswer | Promise<CachedAnswer>>();
  let validUntil = Number.POSITIVE_INFINITY;
  let day = "";
  let version = options.dataVersion?.() ?? 0;
  let generation = 0;
  const listeners = new Set<() => void>();

  const invalidate = () => {
    entries = new Map();
    validUntil = Number.POSITIVE_INFINITY;
    generation += 1;
    for (const listener of listeners) listener();
  };

  /** Drops everything when the date has changed or another process wrote to the database. */
  let dayCheckedAt = Number.NEGATIVE_INFINITY;
  let versionCheckedAt = Number.NEGATIVE_INFINITY;
  const checkFreshness = () => {
    const clock = options.now().getTime();
    if (clock >= validUntil) invalidate();
    let today = day;
    if (clock - dayCheckedAt >= DAY_CHECK_MS || clock < dayCheckedAt) {
      today = todayIn(options.timezone, new Date(clock));
      dayCheckedAt = clock;
    }
    let current = version;
    const elapsed = performance.now();
    if (options.dataVersion && elapsed - versionCheckedAt >= VERSION_CHECK_MS) {
      current = options.dataVersion();
      versionCheckedAt = elapsed;
    }
    if (today !== day || current !== version) {
      day = today;
      version = current;
      if (entries.size) invalidate();
    }
  };

  return {
    invalidate,
    /** Runs after every invalidation (other caches, e.g. the rendered page, follow this one). */
    onInvalidate(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Counts invalidations (tests and diagnostics). */
    get generation() {
      return generation;
    },
    /** The answer stored under `key` when it is built: the hot path of a cached read (no promise, no builder). */
    peek(key: string): CachedAnswer | undefined {
      checkFreshness();
      const found = entries.get(key);
      return found instanceof Promise ? undefined : found;
    },
    /** The answer stored under `key`, building (once, even under concurrent requests) when missing. */
    async get(key: string, build: () => Built | Promise<Built>): Promise<CachedAnswer> {
      checkFreshness();
      const found = entries.get(key);
      if (found) return found;
      const store = entries;
      const pending = (async () => {
        const built = await build();
        const answer = toAnswer(built.body, built.contentType);
        if (entries === store) {
          store.set(key, answer);
          validUntil = Math.min(validUntil, built.validUntil ?? Number.POSITIVE_INFINITY);
        }
        return answer;
      })();
      store.set(key, pending);
      try {
        return await pending;
      } catch (error) {
        store.delete(key);
        throw error;
      }
    },
  };
}

/** Wraps bytes as a cached answer (with its ETag). */
export function toAnswer(body: string | Uint8Array<ArrayBuffer>, contentType: string): CachedAnswer {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  return { body: bytes, contentType, etag: `W/"${Bun.hash(bytes).toString(36)}-${bytes.length.toString(36)}"` };
}

/** True when `If-None-Match` names this ETag (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}

/** The encoding to send: brotli, then gzip, when the client accepts it and the answer is large enough. */
function pickEncoding(request: Request, answer: CachedAnswer): "br" | "gzip" | null {
  if (answer.body.length < MIN_COMPRESS_BYTES) return null;
  const accepts = request.headers.get("accept-encoding");
  if (!accepts) return null;
  if (/\bbr\b/.test(accepts)) return "br";
  if (/\bgzip\b/.test(accepts)) return "gzip";
  return null;
}

// Bun's CompressionStream speaks brotli natively (the DOM typings know only gzip and deflate). node:zlib would do the
// same work synchronously, but loading it (with the node:stream it brings) costs the server ~10 ms and ~8 MB.
const BrotliStream = CompressionStream as unknown as new (format: "brotli", options: { level: number }) => CompressionStream;

function compressed(answer: CachedAnswer, encoding: "br" | "gzip"): Uint8Array<ArrayBuffer> | Promise<Uint8Array<ArrayBuffer>> {
  if (encoding === "gzip") {
    answer.gzip ??= Bun.gzipSync(answer.body, { level: 6 });
    return answer.gzip;
  }
  if (answer.br) return answer.br;
  // Quality 6 is within a few percent of 11 on JSON and HTML, at a fraction of the time (answers are rebuilt on writes).
  answer.brPending ??= new Response(new Blob([answer.body]).stream().pipeThrough(new BrotliStream("brotli", { level: 6 }))).bytes().then((bytes) => {
    answer.br = bytes;
    return bytes;
  });
  return answer.brPending;
}

/** Elysia's response settings of a request (its `set`), which the cached answers fill. */
export type ResponseSet = Context["set"];

/**
 * Answers a GET or HEAD from a cached answer through Elysia's `set` (one Response is made, by Elysia, with these and
 * the security headers): 304 when `If-None-Match` names its ETag, else the bytes, compressed when accepted.
 * `cacheControl` is left to the app when absent. Synchronous but for the first brotli answer, which waits for its
 * compression.
 */
export function sendCached(request: Request, answer: CachedAnswer, set: ResponseSet, cacheControl?: string) {
  const headers = set.headers;
  headers.etag = answer.etag;
  // With CORS on, @elysiajs/cors has said the answer varies by Origin.
  headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
  if (cacheControl) headers["cache-control"] = cacheControl;
  if (etagMatches(request.headers.get("if-none-match"), answer.etag)) {
    set.status = 304;
    return null;
  }
  headers["content-type"] = answer.contentType;
  const encoding = pickEncoding(request, answer);
  const send = (body: Uint8Array<ArrayBuffer>) => {
    if (encoding) headers["content-encoding"] = encoding;
    headers["content-length"] = String(body.length);
    return request.method === "HEAD" ? null : body;
  };
  if (!encoding) return send(answer.body);
  const body = compressed(answer, encoding);
  return body instanceof Promise ? body.then(send) : send(body);
}
