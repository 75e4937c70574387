// Typed errors that services throw; the app turns each into its HTTP status and a JSON body.

export type Issue = { path: string; message: string };

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, body: Record<string, unknown> = {}) => new HttpError(400, message, body);
export const unauthorized = (message = "Unauthorized") => new HttpError(401, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, {}, { "Retry-After": String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** A 400 whose body lists each failing field: {error, issues: [{path, message}]}. */
export const validationError = (issues: Issue[]) => new HttpError(400, issues[0]?.message ?? "Invalid input", { issues });

export function errorResponse(error: HttpError): Response {
  return Response.json({ error: error.message, ...error.body }, { status: error.status, headers: error.headers });
}

/** The answer of an unknown path (under the API's prefixes, and of a route Elysia did not find). */
export const notFoundJson = () => Response.json({ error: "Not found" }, { status: 404 });

/** The answer of an HttpError; anything else is thrown on (to the app's error handler). */
export function answerError(error: unknown): Response {
  if (error instanceof HttpError) return errorResponse(error);
  throw error;
}
