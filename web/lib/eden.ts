// The Eden Treaty client of the API, built once; loaded on the first call (web/lib/api.ts `call`).
import { treaty } from "@elysiajs/eden/treaty2";
import type { App } from "@server/app.ts";
import { getAdminToken } from "./api.ts";

/** Same origin; admin calls carry the stored bearer token; JSON is read as it is (no strings turned into Dates). */
export const api = treaty<App>(typeof location === "undefined" ? "http://localhost" : location.origin, {
  parseDate: false,
  fetch: { credentials: "include" },
  headers: (path) => {
    const token = path.startsWith("/api/admin") ? getAdminToken() : null;
    return token ? { authorization: `Bearer ${token}` } : undefined;
  },
}).api;
