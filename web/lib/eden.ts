// The Eden Treaty client of the API, made once, on the first call (web/lib/api.ts `call`, which passes it the token
// and what to do with an answer).
import { treaty } from "@elysiajs/eden/treaty2";
import type { App } from "@server/app.ts";

type Hooks = { token: (path: string) => string | null; onResponse: (response: Response) => Promise<void> };

/** Same origin (paths as they are); the token a path needs as a bearer; JSON read as it is (no strings made Dates). */
export const createApi = ({ token, onResponse }: Hooks) =>
  treaty<App>("", {
    keepDomain: true,
    parseDate: false,
    fetch: { credentials: "include" },
    headers: (path) => {
      const bearer = token(path);
      return bearer ? { authorization: `Bearer ${bearer}` } : undefined;
    },
    onResponse,
  }).api;
