// What a request's path is, decided once (issue 30): Bun builds a request's URL as `http://<Host header><target>`. A
// Host that is not a valid host[:port] (an open bracket, port 99999 or 4714p) gives a URL that does not parse, and
// one with spaces, slashes, `?`, `#` or `@` gives the bare target; neither may lend a route, a redirect or a log line
// a path cut out of the text.
import { status } from "elysia";

/** The request's path and query from its parsed URL, or null when the URL does not parse. */
export function requestPath(request: Request): string | null {
  const url = URL.parse(request.url);
  return url ? url.pathname + url.search : null;
}

/**
 * The 400 for a request whose URL does not parse. Thrown, not returned, from an onRequest hook: Elysia skips the
 * after-response hooks (the request's log line) of an answer returned there; a thrown status() is answered by Elysia
 * itself, with those hooks and its status set.
 */
export const unparsableRequest = () => status(400, "Bad Request: the Host header is not a valid host[:port]");
