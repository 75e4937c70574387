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

type RequestOptions = {
  body?: unknown;
  on401?: "throw" | "returnNull" /** Sends the stored token to an open path too (sign-out). */;
  withToken?: boolean;
};

/**
 * Any method, a path and an optional JSON body. Admin paths carry the stored bearer token; all requests send cookies.
 * DELETE and empty responses yield {}; a 401 throws unless `on401: "returnNull"`.
 */
export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers["Content-Type"] = "application/json";
  const token = path.startsWith("/api/admin") || options.withToken ? getAdminToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    credentials: "include",
    body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
  });
  if (response.status === 401 && options.on401 === "returnNull") return null as T;
  if (!response.ok) {
    const text = await response.text();
    const error = new ApiError(response.status, text, response.statusText);
    if (response.status === 401 && path.startsWith("/api/admin") && path !== "/api/admin/login") {
      window.dispatchEvent(new CustomEvent("admin:unauthorized", { detail: error.serverMessage }));
    }
    throw error;
  }
  if (method === "DELETE") return {} as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : {}) as T;
}

/** Default data loading: GET on the path. */
export const getJson = <T>(path: string) => apiRequest<T>("GET", path);

const ADMIN = "/api/admin";

type Api = typeof import("./eden.ts").api;
type Answer = { data: unknown; error: { status: unknown; value: unknown } | null; response?: Response };

// The module, not its `api`: Eden's client answers every property, `then` too, so a promise resolved with it would
// call it as a thenable (a request "THEN /api") and never resolve.
let eden: Promise<typeof import("./eden.ts")> | undefined;

/**
 * Calls the API through Eden Treaty (`call((api) => api.events.get())`), typed by the server's routes, and answers
 * the data, or throws the failure as an ApiError (spec §8: "status: body text"); a 401 of an admin call (but the
 * login's) tells the admin area its session is over. The client is loaded on the first call: `/` renders from the
 * server's data, so its first script does without it (ADR 24).
 */
export async function call<A extends Answer>(request: (api: Api) => Promise<A>): Promise<NonNullable<A["data"]>> {
  eden ??= import("./eden.ts");
  const answer = await request((await eden).api);
  if (!answer.error) return answer.data as NonNullable<A["data"]>;
  const { status, value } = answer.error;
  const error = new ApiError(Number(status), typeof value === "string" ? value : JSON.stringify(value), answer.response?.statusText ?? "");
  const path = answer.response ? new URL(answer.response.url, "http://localhost").pathname : "";
  if (error.status === 401 && path.startsWith(ADMIN) && path !== `${ADMIN}/login`) {
    window.dispatchEvent(new CustomEvent("admin:unauthorized", { detail: error.serverMessage }));
  }
  throw error;
}
