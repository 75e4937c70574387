// The one way the web app calls the server (spec §7).
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
