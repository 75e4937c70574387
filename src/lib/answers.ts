// The models of the routes' answers (`response:`), from which Elysia types each handler's return and Eden the web's
// data: superstruct structs, each a Standard Schema. Outside the built executable (whose `bun build --production`
// makes NODE_ENV "production") Elysia checks every answer against its model, so a handler that returns anything else
// is a 500 in development and in the tests rather than a different wire format; the executable only passes the value
// through (docs/decisions/0024-declared-answers.md). The value sent is always the handler's own: nothing is stripped.
import { getTableColumns, type Table } from "drizzle-orm";
import {
  array,
  boolean,
  type Describe,
  type Infer,
  literal,
  nullable,
  number,
  object,
  optional,
  type Struct,
  string,
  type,
  unknown,
  validate,
} from "superstruct";
import type { StandardSchema } from "./validate.ts";

const CHECK_ANSWERS = process.env.NODE_ENV !== "production";

/** A cached read's value outside its model (the route's 500; the message names where, never the value). */
class AnswerMismatch extends Error {}

/**
 * An answer's model as a Standard Schema. Bytes are a cached read's (src/plugins/public-cache.ts), checked when they
 * were built; null is no body (a HEAD of one).
 */
// biome-ignore lint/suspicious/noExplicitAny: any struct of any type; its own type is read back with Infer<S>
export function answer<S extends Struct<any, unknown>>(schema: S): StandardSchema<Infer<S>, Infer<S>> {
  return {
    "~standard": {
      version: 1,
      vendor: "superstruct",
      validate: (value) => {
        if (!CHECK_ANSWERS || value instanceof Uint8Array || value === null) return { value: value as Infer<S> };
        const [error] = validate(value, schema);
        if (!error) return { value: value as Infer<S> };
        // Not superstruct's messages: they quote the value, which may hold what no log may show.
        return { issues: error.failures().map(({ type, path }) => ({ message: type === "never" ? "not in the model" : `not a ${type}`, path })) };
      },
    },
  };
}

/** Checks a value against its answer's model (a cached read's, before it is kept): throws when it is outside it. */
export function checkAnswer<T>(model: StandardSchema<T, T>, value: T): T {
  const result = model["~standard"].validate(value);
  if (result.issues) throw new AnswerMismatch(result.issues.map(({ message, path }) => `${path?.join(".") ?? ""}: ${message}`).join("; "));
  return value;
}

/**
 * A row of a table as Drizzle reads it: each column's kind (text, integer, boolean, JSON), null where the column
 * allows it. A narrowed column (`$type<"a" | "b">()`) is checked as its kind and typed as the table says.
 */
export function rowOf<T extends Table>(table: T): Describe<T["$inferSelect"]> {
  // biome-ignore lint/suspicious/noExplicitAny: a column of any kind
  const kinds: Record<string, Struct<any, null>> = { string: string(), number: number(), boolean: boolean() };
  const fields = Object.entries(getTableColumns(table)).map(([name, column]) => {
    const kind = kinds[column.dataType] ?? unknown();
    return [name, column.notNull ? kind : nullable(kind)] as const;
  });
  return object(Object.fromEntries(fields)) as unknown as Describe<T["$inferSelect"]>;
}

const issue = object({ path: string(), message: string() });
/** Every error's body (src/lib/errors.ts): its message, the issues of a failed check, and what some errors add. */
export const errorAnswer = answer(type({ error: string(), issues: optional(array(issue)) }));

const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 429, 500, 502, 503, 504] as const;
type ErrorStatus = (typeof ERROR_STATUSES)[number];
/** The error shape under every status an error is answered with: the `response:` of a route that only answers errors. */
export const errorAnswers = Object.fromEntries(ERROR_STATUSES.map((status) => [status, errorAnswer])) as Record<ErrorStatus, typeof errorAnswer>;

/**
 * A route's `response:`: its answer's model under its status (200 unless named), and the one error shape under every
 * status an error is answered with.
 */
export function answers<Model, Status extends 200 | 201 | 202 | 204 = 200>(model: Model, status: Status = 200 as Status) {
  return { ...errorAnswers, [status]: model } as Record<ErrorStatus, typeof errorAnswer> & { [S in Status]: Model };
}

/** The answer of a `status(204, undefined)`: no body. */
export const noContent = answer(literal(undefined));
/** `{ success: true, message }`, what many writes answer (`doneWith` for the routes that say more). */
const doneObject = object({ success: boolean(), message: string() });
export const done = answer(doneObject);
// biome-ignore lint/suspicious/noExplicitAny: fields of any type
export const doneWith = <S extends Record<string, Struct<any, any>>>(more: S) => answer(object({ ...doneObject.schema, ...more }));
/** `{ success: true }`, what a delete answers. */
export const deleted = answer(object({ success: boolean() }));

/** The type of an answer's model (`AnswerOf<typeof publicEventList>`), for the code that builds the answer. */
// biome-ignore lint/suspicious/noExplicitAny: any model
export type AnswerOf<Model extends StandardSchema<any, any>> = NonNullable<Model["~standard"]["types"]>["output"];

/** One page of a list (src/lib/paging.ts's `Paged`): its rows, how many match, the page and its size, and `more`. */
// biome-ignore lint/suspicious/noExplicitAny: rows and fields of any type
export const paged = <Row extends Struct<any, any>, More extends Record<string, Struct<any, any>> = Record<never, never>>(row: Row, more?: More) =>
  object({ items: array(row), total: number(), page: number(), pageSize: number(), ...(more as More) });
