// The one way the web app calls the server (spec §7): Eden Treaty, typed by the server's routes (`App`, src/app.ts).

/** A non-success response, read once: its status, its body as the server sent it (JSON parsed), its message "status: body text" (spec §8). */
export class ApiError extends Error {
  /** The server's `{error}` text when the body has one, else the body text. */
  readonly serverMessage: string;

  constructor(
    readonly status: number,
    readonly body: unknown,
    statusText = "",
  ) {
    const text = typeof body === "string" ? body : (JSON.stringify(body) ?? "");
    super(`${status}: ${text || statusText}`);
    const error = fieldOf(body, "error");
    this.serverMessage = typeof error === "string" ? error : text;
  }

  /** The failure a plain fetch answered (the one binary call: web/features/admin-backups). */
  static async of(response: Response): Promise<ApiError> {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return new ApiError(response.status, body, response.statusText);
  }
}

/** A field of an error's JSON body, when the body is an object. */
export const fieldOf = (body: unknown, name: string): unknown =>
  typeof body === "object" && body !== null ? (body as Record<string, unknown>)[name] : undefined;

/** The server's words for a failed call, else the fallback. */
export const serverMessageOr = (error: unknown, fallback: string): string => (error instanceof ApiError && error.serverMessage) || fallback;

type Client = typeof import("./eden.ts");
type Answer = { data: unknown; error: { status: unknown; value: unknown } | null; response?: Response };

let client: Promise<Client> | undefined;

/**
 * Calls the API through Eden Treaty (`call((api) => api.events.get())`), typed by the server's routes, and answers
 * the data, or throws the failure as an ApiError (spec §8: "status: body text"). The client is loaded on the first call.
 */
export async function call<A extends Answer>(request: (api: Client["api"]) => Promise<A>): Promise<NonNullable<A["data"]>> {
  client ??= import("./eden.ts");
  const { api, failed } = await client;
  const answer = await request(api);
  if (!answer.error) return answer.data as NonNullable<A["data"]>;
  const status = Number(answer.error.status);
  failed(status, answer.response);
  throw new ApiError(status, answer.error.value, answer.response?.statusText);
}
