import { type Struct, validate } from "superstruct";
import { notFound, validationError } from "./errors.ts";

/** Checks a request body against a shared schema: trims, drops unknown fields, or throws a 400 listing every issue. */
export function parseBody<T>(body: unknown, schema: Struct<T, unknown>): T {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw validationError([{ path: "", message: "Expected a JSON object" }]);
  }
  const [error, value] = validate(body, schema, { coerce: true, mask: true });
  if (error) {
    throw validationError(error.failures().map((failure) => ({ path: failure.path.join("."), message: failure.message })));
  }
  return value;
}

/** A positive integer id from a route parameter or a link's query, or 0 when it is none. */
export function toId(raw: string | undefined): number {
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
}

/** A positive integer id from a route parameter; anything else is a 404 with `notFoundMessage`. */
export function parseId(raw: string, notFoundMessage: string): number {
  const id = toId(raw);
  if (id <= 0) throw notFound(notFoundMessage);
  return id;
}
