// The public reads the page is made of, as routes answered from the public cache (src/lib/public-cache.ts): each
// serialised once and kept as bytes, with its ETag and compressed twins, until an admin write (src/app.ts), a new day
// or another process's write to the database changes it.
import { Elysia } from "elysia";
import { type PublicCache, respondCached } from "../lib/public-cache.ts";

const JSON_TYPE = "application/json;charset=utf-8";

export function publicReads(cache: PublicCache, reads: Record<string, () => unknown>) {
  const app = new Elysia({ name: "public-reads" });
  for (const [path, read] of Object.entries(reads)) {
    const build = () => ({ body: JSON.stringify(read()), contentType: JSON_TYPE });
    app.get(path, async ({ request, set }) => {
      const answer = cache.peek(path) ?? (await cache.get(path, build));
      if (answer instanceof Response) return answer;
      const response = await respondCached(request, answer);
      // With CORS on, the answer also varies by Origin (set by @elysiajs/cors; a Response's own header would hide it).
      if (set.headers.vary) response.headers.append("Vary", String(set.headers.vary));
      return response;
    });
  }
  return app;
}
