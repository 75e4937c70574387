// The Eden Treaty client of the API, loaded on the first call (web/lib/api.ts `call`): `/` renders from the server's
// data, so its first script does without it, and without the admin session.
import { treaty } from "@elysiajs/eden/treaty2";
import type { App } from "@server/app.ts";
import { endSession, getAdminToken } from "./session.ts";

const ADMIN = "/api/admin";
/** Open routes that act on the session a bearer token names, when one is sent (logout, sign out everywhere). */
const SIGNED_IN_OPEN_PATHS = new Set(["/api/auth/logout", "/api/auth/sign-out-everywhere"]);

/** Same origin (paths as they are); admin calls carry the stored token as a bearer; JSON read as it is (no strings made Dates). */
export const api = treaty<App>("", {
  keepDomain: true,
  parseDate: false,
  fetch: { credentials: "include" },
  headers: (path) => {
    const bearer = path.startsWith(ADMIN) || SIGNED_IN_OPEN_PATHS.has(path) ? getAdminToken() : null;
    return bearer ? { authorization: `Bearer ${bearer}` } : undefined;
  },
}).api;

/** A 401 of an admin call but the login's ends the admin session. */
export function failed(status: number, response?: Response) {
  const path = new URL(response?.url || "/", "http://localhost").pathname;
  if (status === 401 && path.startsWith(ADMIN) && path !== `${ADMIN}/login`) endSession();
}
