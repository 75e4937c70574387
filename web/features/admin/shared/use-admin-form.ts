// The admin forms: react-hook-form validated by the server's own superstruct schema (src/shared/schemas.ts), with
// its coercions, so a form shows the spec's messages and submits what the API accepts.
import { superstructResolver } from "@hookform/resolvers/superstruct";
import { useForm, type DefaultValues, type FieldValues } from "react-hook-form";
import type { Struct } from "superstruct";

/** `Values` are the fields as typed (strings, booleans), `Output` what the schema makes of them for the API. */
export function useAdminForm<Values extends FieldValues, Output extends FieldValues>(schema: Struct<Output, any>, defaultValues: DefaultValues<Values>) {
  // The resolver is typed for forms whose fields are the schema's output; here the schema also converts them.
  return useForm<Values, unknown, Output>({ resolver: superstructResolver(schema, { coerce: true }) as never, defaultValues });
}
