// The one way the web app calls the server (spec §7): Eden Treaty, typed by the server's routes (`App`, src/app.ts).
import { ADMIN_TOKEN_KEY } from "./constants.ts";

/** A non-success response: the message is "status: body text" (spec §8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }

  /** The server's `{error}` text when the body is JSON, else the body text. */
  get serverMessage(): string {
    try {
      const parsed = JSON.parse(this.bodyText) as { error?: unknown };
      if (typeof parsed.error === "string") return parsed.error;
    } catch {}
    return this.bodyText;
  }
}

export function getAdminToken(): string | null {
  try {
    return localStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return null;
  }
}

const ADMIN = "/api/admin";
/** Open routes that act on the session a bearer token names, when one is sent (logout, sign out everywhere). */
const SIGNED_IN_OPEN_PATHS = new Set(["/api/auth/logout", "/api/auth/sign-out-everywhere"]);

type Api = ReturnType<typeof import("./eden.ts").createApi>;
type Answer = { data: unknown; error: { status: unknown; value: unknown } | null; response?: Response };

/** A 401 of an admin call but the login's tells the admin area its session is over. */
async function onResponse(response: Response) {
  const path = new URL(response.url || "/", "http://localhost").pathname;
  if (response.status !== 401 || !path.startsWith(ADMIN) || path === `${ADMIN}/login`) return;
  const { serverMessage } = new ApiError(401, await response.text(), response.statusText);
  window.dispatchEvent(new CustomEvent("admin:unauthorized", { detail: serverMessage }));
}

// Held in an object: the client is a proxy with a `then` of its own, which a promise would call.
let client: Promise<{ api: Api }> | undefined;

/**
 * Calls the API through Eden Treaty (`call((api) => api.events.get())`), typed by the server's routes, and answers
 * the data, or throws the failure as an ApiError (spec §8: "status: body text"). Admin calls carry the stored token.
 * The client is loaded on the first call: `/` renders from the server's data, so its first script does without it.
 */
export async function call<A extends Answer>(request: (api: Api) => Promise<A>): Promise<NonNullable<A["data"]>> {
  client ??= import("./eden.ts").then(({ createApi }) => ({
    api: createApi({ token: (path) => (path.startsWith(ADMIN) || SIGNED_IN_OPEN_PATHS.has(path) ? getAdminToken() : null), onResponse }),
  }));
  const answer = await request((await client).api);
  if (!answer.error) return answer.data as NonNullable<A["data"]>;
  const { status, value } = answer.error;
  throw new ApiError(Number(status), typeof value === "string" ? value : JSON.stringify(value), answer.response?.statusText ?? "");
}
