import type { ValidationError } from "elysia";
import { type Infer, type Struct, validate } from "superstruct";
import { errorResponse, type Issue, notFound, validationError } from "./errors.ts";

/** A Standard Schema (what Elysia's `body:` and `params:` take, and what Eden reads the request's type from). */
export type StandardSchema<Input, Output> = {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => { value: Output; issues?: undefined } | { issues: readonly StandardIssue[] };
    readonly types?: { readonly input: Input; readonly output: Output };
  };
};
type StandardIssue = { readonly message: string; readonly path?: readonly PropertyKey[] };

function checkBody<T>(body: unknown, schema: Struct<T, unknown>): [Issue[], undefined] | [undefined, T] {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return [[{ path: "", message: "Expected a JSON object" }], undefined];
  const [error, value] = validate(body, schema, { coerce: true, mask: true });
  if (error) return [error.failures().map((failure) => ({ path: failure.path.join("."), message: failure.message })), undefined];
  return [undefined, value];
}

/** Checks a request body against a shared schema: trims, drops unknown fields, or throws a 400 listing every issue. */
export function parseBody<T>(body: unknown, schema: Struct<T, unknown>): T {
  const [issues, value] = checkBody(body, schema);
  if (issues) throw validationError(issues);
  return value as T;
}

/**
 * A route's body checked by a shared superstruct schema, as the Standard Schema Elysia validates with (so that the
 * handler gets the trimmed value, and Eden knows the request's type). A failure is answered by `answerInvalid`.
 */
// biome-ignore lint/suspicious/noExplicitAny: any struct of any type; its own type is read back with Infer<S>
export function standard<S extends Struct<any, unknown>>(schema: S): StandardSchema<Infer<S>, Infer<S>> {
  return oneOf(() => schema);
}

/**
 * A body of one of several shapes, told apart by `pick` before it is checked (the login: a passkey, a mailed code
 * with its ticket, or a password): `standard` for each, with the union of their types.
 */
// biome-ignore lint/suspicious/noExplicitAny: any struct of any type; its own type is read back with Infer<S>
export function oneOf<S extends Struct<any, unknown>>(pick: (body: Record<string, unknown>) => S): StandardSchema<Infer<S>, Infer<S>> {
  return {
    "~standard": {
      version: 1,
      vendor: "superstruct",
      validate: (value) => {
        const body = typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
        const [issues, checked] = checkBody(value, pick(body));
        return issues ? { issues: issues.map(({ path, message }) => ({ message, path: path ? [path] : [] })) } : { value: checked as Infer<S> };
      },
    },
  };
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

/** The `:id` of a route as a number (`params: idParam("Event not found")`); anything else is a 404 with that message. */
export function idParam(notFoundMessage: string): StandardSchema<{ id: string | number }, { id: number }> {
  return {
    "~standard": {
      version: 1,
      vendor: "id",
      validate: (value) => {
        const id = toId(String((value as { id?: unknown } | null)?.id ?? ""));
        return id > 0 ? { value: { id } } : { issues: [{ message: notFoundMessage, path: ["id"] }] };
      },
    },
  };
}

/** The answer to a request whose body or id failed its schema: the 400 (issues listed) or 404 of parseBody and parseId. */
export function answerInvalid(error: Pick<ValidationError, "type" | "validator" | "value">): Response | undefined {
  const schema = ((error.validator as { schema?: unknown } | undefined)?.schema ?? error.validator) as Partial<StandardSchema<unknown, unknown>>;
  const result = schema["~standard"]?.validate(error.value);
  if (!result?.issues) return undefined;
  const issues = result.issues.map((issue) => ({ path: (issue.path ?? []).join("."), message: issue.message }));
  return errorResponse(error.type === "params" ? notFound(issues[0]?.message ?? "Not found") : validationError(issues));
}
