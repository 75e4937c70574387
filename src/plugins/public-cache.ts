// The public reads the page is made of, as routes answered from the public cache (src/lib/public-cache.ts): each
// serialised once and kept as bytes, with its ETag and compressed twins, until an admin write (src/app.ts), a new day
// or another process's write to the database changes it.
import { Elysia } from "elysia";
import { type PublicCache, sendCached } from "../lib/public-cache.ts";

const JSON_TYPE = "application/json;charset=utf-8";

export function publicReads(cache: PublicCache, reads: Record<string, () => unknown>) {
  const app = new Elysia({ name: "public-reads" });
  for (const [path, read] of Object.entries(reads)) {
    const build = () => ({ body: JSON.stringify(read()), contentType: JSON_TYPE });
    // The hot path of the site: a stored answer is sent without awaiting anything.
    app.get(path, ({ request, set }) => {
      const ready = cache.peek(path);
      if (ready) return sendCached(request, ready, set);
      return cache.get(path, build).then((answer) => (answer instanceof Response ? answer : sendCached(request, answer, set)));
    });
  }
  return app;
}
