// Validation of a form's values by a superstruct schema with coercion (use-schema-form.ts loads this with the schema).
import { validate, type Struct } from "superstruct";

export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

/** Each top-level field's first failure message, and the coerced output when valid. */
export function schemaErrors(values: unknown, schema: Struct<any, any>): { errors: Record<string, string>; output?: unknown } {
  const [error, output] = validate(values, schema, { coerce: true });
  if (!error) return { errors: {}, output };
  const errors: Record<string, string> = {};
  for (const failure of error.failures()) {
    const key = String(failure.path[0] ?? "");
    if (!(key in errors)) errors[key] = failure.message;
  }
  return { errors };
}
