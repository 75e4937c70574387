import type { ValidationError } from "elysia";
import { type Infer, type Struct, validate } from "superstruct";
import { errorResponse, type HttpError, type Issue, notFound, validationError } from "./errors.ts";

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

/** An issue of a failed check; the first carries the whole answer, so that `answerInvalid` need not check again. */
type CheckIssue = StandardIssue & { readonly answer?: HttpError };

function failed(issues: Issue[], answer: HttpError): { issues: readonly CheckIssue[] } {
  return { issues: issues.map(({ path, message }, index) => ({ message, path: path ? [path] : [], ...(index === 0 && { answer }) })) };
}

function checkBody<T>(body: unknown, schema: Struct<T, unknown>): { value: T; issues?: undefined } | { issues: readonly CheckIssue[] } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    const issues = [{ path: "", message: "Expected a JSON object" }];
    return failed(issues, validationError(issues));
  }
  const [error, value] = validate(body, schema, { coerce: true, mask: true });
  if (!error) return { value };
  const issues = error.failures().map((failure) => ({ path: failure.path.join("."), message: failure.message }));
  return failed(issues, validationError(issues));
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
      validate: (value) => checkBody(value, pick(typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {})),
    },
  };
}

/** A positive integer id from a route parameter or a link's query, or 0 when it is none. */
function toId(raw: unknown): number {
  const text = String(raw ?? "");
  return /^\d{1,15}$/.test(text) ? Number(text) : 0;
}

/**
 * A route's ids as numbers, checked in order (`params: idParams({ id: "Event not found", registrationId: ... })`);
 * the first that is not a positive integer is a 404 with its message.
 */
export function idParams<K extends string>(notFoundMessages: Record<K, string>): StandardSchema<Record<K, string | number>, Record<K, number>> {
  return {
    "~standard": {
      version: 1,
      vendor: "id",
      validate: (value) => {
        const raw = (value ?? {}) as Partial<Record<K, unknown>>;
        const ids = {} as Record<K, number>;
        for (const [key, message] of Object.entries(notFoundMessages) as [K, string][]) {
          ids[key] = toId(raw[key]);
          if (ids[key] <= 0) return failed([{ path: key, message }], notFound(message));
        }
        return { value: ids };
      },
    },
  };
}

/** A route's ids (`idParams`) beside its `:date`, as written (its service checks it). */
export function idAndDateParams<K extends string>(
  notFoundMessages: Record<K, string>,
): StandardSchema<Record<K, string | number> & { date: string }, Record<K, number> & { date: string }> {
  const ids = idParams(notFoundMessages);
  return {
    "~standard": {
      version: 1,
      vendor: "id",
      validate: (value) => {
        const checked = ids["~standard"].validate(value);
        if (checked instanceof Promise || checked.issues) return checked as never;
        return { value: { ...checked.value, date: String((value as { date?: unknown } | null)?.date ?? "") } };
      },
    },
  };
}

/**
 * The `:id` of a route as a number (`params: idParam("Event not found")`), or the word `or` names when it is that word;
 * anything else is a 404 with that message.
 */
export function idParam<Or extends string = never>(notFoundMessage: string, or?: Or): StandardSchema<{ id: string | number }, { id: number | Or }> {
  const ids = idParams({ id: notFoundMessage });
  return {
    "~standard": {
      version: 1,
      vendor: "id",
      validate: (value) =>
        or !== undefined && (value as { id?: unknown } | null)?.id === or ? { value: { id: or as Or } } : ids["~standard"].validate(value),
    },
  };
}

/**
 * The query of a mailed link, `?id=…&token=…`: a malformed id reads as 0 and a missing token as "", which no stored
 * link matches, so the link is answered as not valid rather than refused.
 */
export const linkQuery: StandardSchema<{ id?: string; token?: string }, { id: number; token: string }> = {
  "~standard": {
    version: 1,
    vendor: "id",
    validate: (value) => {
      const raw = (value ?? {}) as { id?: unknown; token?: unknown };
      return { value: { id: toId(raw.id), token: typeof raw.token === "string" ? raw.token : "" } };
    },
  },
};

/** The answer to a request whose body or ids failed their schema: the 400 listing every issue, or the 404. */
export function answerInvalid(error: Pick<ValidationError, "valueError">): Response | undefined {
  const answer = (error.valueError as CheckIssue | undefined)?.answer;
  return answer && errorResponse(answer);
}
