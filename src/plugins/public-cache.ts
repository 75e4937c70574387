// The public reads the page is made of, answered from the public cache (src/lib/public-cache.ts): each serialised
// once and kept as bytes, with its ETag and compressed twins, for as long as the cache says it holds.
import { checkAnswer } from "@server/lib/answers.ts";
import { type PublicCache, sendCached } from "@server/lib/public-cache.ts";
import type { StandardSchema } from "@server/lib/validate.ts";
import type { Context } from "elysia";

const JSON_TYPE = "application/json;charset=utf-8";

/**
 * A route handler answering `read()`'s value from the cache, kept under the route's path, until `validUntil(value)`
 * when it says (ms since the epoch). Typed as returning that value, which is what the client receives (as JSON): the
 * bytes are the cache's, checked against the route's answer model (`model`, which the route declares as its
 * `response`) when they are built.
 */
export function cachedRead<T>(
  cache: PublicCache,
  model: StandardSchema<T, T>,
  read: () => T,
  validUntil?: (value: T) => number | undefined,
): (context: Pick<Context, "request" | "set" | "route">) => T {
  const handler = ({ request, set, route }: Pick<Context, "request" | "set" | "route">) => {
    // The hot path of the site: a stored answer is sent without awaiting anything.
    const ready = cache.peek(route);
    if (ready) return sendCached(request, ready, set);
    const build = () => {
      const value = checkAnswer(model, read());
      return { body: JSON.stringify(value), contentType: JSON_TYPE, validUntil: validUntil?.(value) };
    };
    return cache.get(route, build).then((answer) => sendCached(request, answer, set));
  };
  return handler as unknown as (context: Pick<Context, "request" | "set" | "route">) => T;
}
