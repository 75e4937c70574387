// The public reads the page is made of, answered from the public cache (src/lib/public-cache.ts): each serialised
// once and kept as bytes, with its ETag and compressed twins, until an admin write (src/plugins/access.ts), a new
// day or another process's write to the database changes it.
import { type PublicCache, sendCached } from "@server/lib/public-cache.ts";
import type { Context } from "elysia";

const JSON_TYPE = "application/json;charset=utf-8";

/**
 * A route handler answering `read()`'s value from the cache, kept under the route's path. Typed as returning that
 * value, which is what the client receives (as JSON): the bytes are the cache's.
 */
export function cachedRead<T>(cache: PublicCache, read: () => T): (context: Pick<Context, "request" | "set" | "route">) => T {
  const handler = ({ request, set, route }: Pick<Context, "request" | "set" | "route">) => {
    // The hot path of the site: a stored answer is sent without awaiting anything.
    const ready = cache.peek(route);
    if (ready) return sendCached(request, ready, set);
    const build = () => ({ body: JSON.stringify(read()), contentType: JSON_TYPE });
    return cache.get(route, build).then((answer) => (answer instanceof Response ? answer : sendCached(request, answer, set)));
  };
  return handler as unknown as (context: Pick<Context, "request" | "set" | "route">) => T;
}
