// Every form: react-hook-form validated by the server's own superstruct schema (src/shared/schemas.ts), with its
// coercions, so a form shows the spec's §5 messages and submits what the API accepts (one schema, both sides).
import { superstructResolver } from "@hookform/resolvers/superstruct";
import { type DefaultValues, type FieldValues, useForm } from "react-hook-form";
import type { Struct } from "superstruct";

/** `Values` are the fields as typed (strings, booleans), `Output` what the schema makes of them for the API. */
export function useSchemaResolvedForm<Values extends FieldValues, Output extends FieldValues>(
  schema: Struct<Output, unknown>,
  defaultValues: DefaultValues<Values>,
) {
  return useForm<Values, unknown, Output>({ resolver: superstructResolver<Values, unknown, Output>(schema, { coerce: true }), defaultValues });
}
