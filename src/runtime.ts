// The runtime knobs: how the server steers Bun's JIT and garbage collector, in one place. Each is kept by a
// measurement written down in its ADR (docs/decisions/0017-runtime-knobs.md has them all); a knob whose measurement
// no longer shows a gain goes.

/**
 * The JIT's tier-up thresholds at start, as a multiple of the normal ones (`--compile-jit-policy`, scripts/compile.ts):
 * code that runs once (the start, the first render, the first reads) is not compiled for nothing. ADR 7: ~10 MB less
 * resident at start; 100 and 10,000 measured within 1.5 MB of 1000.
 */
export const JIT_POLICY_AT_START = 1000;

/** Requests after which the JIT returns to its normal policy: a busy server compiles its hot paths (ADR 7, ADR 13). */
const JIT_AFTER_REQUESTS = 1000;

/** A request hook that returns the JIT to its normal policy at the JIT_AFTER_REQUESTS-th request. */
export function jitWhenBusy(): () => void {
  let requests = 0;
  return () => {
    if (requests < JIT_AFTER_REQUESTS && ++requests === JIT_AFTER_REQUESTS) Bun.unsafe.setJITPolicy(1);
  };
}

/**
 * After a server render of `/`: asks for a collection without waiting for it. A render leaves a few MB of garbage in a
 * heap otherwise quiet between writes; ADR 7: ~3 MB less resident. Not a full collection (`Bun.gc(true)` blocks every
 * request for 15-66 ms).
 */
export function collectSoon(): void {
  setTimeout(() => Bun.gc(false), 0);
}

/**
 * A body read leaves ~4 times its size as garbage once answered (its chunks, the joined bytes, its text, the parsed
 * strings), and the collector's own pace lets it pile up under a stream of large bodies. A full collection after every
 * 32 MB read bounds it; ordinary writes of a few KB reach that once in thousands. ADR 17: on a quiet machine the
 * hostile-bodies test (tests/hostile/malformed.test.ts) ends 200 MB over its warm point without it (limit 150), 114 MB
 * with it; each collection blocks ~15 ms, less than reading and parsing the 32 MB took. Issue 37 item 14: with more
 * routes that test failed at 148–174 MB over; `Bun.shrink()` after the collection (JavaScriptCore gives its freed heap
 * back when next idle) ends it 81–87 MB over, its peak 236–249 MB instead of 271–300 (3 runs each, same machine).
 */
const COLLECT_AFTER_BODY_BYTES = 32 * 1024 * 1024;
let bodyBytesSinceCollection = 0;

/** Counts request-body bytes read; every COLLECT_AFTER_BODY_BYTES, a full collection. */
export function collectAfterBodyBytes(bytes: number): void {
  bodyBytesSinceCollection += bytes;
  if (bodyBytesSinceCollection < COLLECT_AFTER_BODY_BYTES) return;
  bodyBytesSinceCollection = 0;
  Bun.gc(true);
  Bun.shrink();
}
