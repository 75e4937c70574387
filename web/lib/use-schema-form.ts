// A small form hook for the public forms (contact, event registration), so the public page does not ship
// react-hook-form (issue 5's 100 KB budget; the admin keeps react-hook-form). It validates with the same superstruct
// schemas as the server (src/shared/schemas.ts) with coercion: on submit, then on every change once submitted, like
// react-hook-form's default onSubmit / reValidate onChange modes. The first invalid field is focused on submit.
//
// The schema may be given as a loader (`() => import(...)`): superstruct and the schemas then stay out of the page's
// first load; the loader runs when a field is first focused or changed (or at the latest on submit).
import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import type { Struct } from "superstruct";
import type { FieldErrors } from "./schema-errors.ts";

export type { FieldErrors };

type Control = HTMLInputElement | HTMLTextAreaElement;
type Validate = (values: unknown) => { errors: Record<string, string>; output?: unknown };

/**
 * `values` (text fields), `errors`, `register(name)` for an input or textarea, `handleSubmit(onValid)` for the form's
 * onSubmit (onValid gets the schema's coerced output), and `reset()` back to `initial`.
 */
export function useSchemaForm<V extends Record<string, string>, Output>(schema: Struct<Output, any> | (() => Promise<Struct<Output, any>>), initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const submitted = useRef(false);
  const controls = useRef(new Map<string, Control | null>());
  const validator = useRef<Promise<Validate> | null>(null);

  /** The validator, the schema loaded (once) when given as a loader; the errors module comes with it. */
  const load = () =>
    (validator.current ??= Promise.all([typeof schema === "function" ? schema() : schema, import("./schema-errors.ts")]).then(
      ([struct, module]) =>
        (input: unknown) =>
          module.schemaErrors(input, struct),
    ));

  const register = <K extends keyof V & string>(name: K) => ({
    name,
    value: values[name],
    ref: (element: Control | null) => {
      controls.current.set(name, element);
    },
    onFocus: () => void load(),
    onChange: (event: ChangeEvent<Control>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (!submitted.current) return void load();
      void load().then((check) => {
        const message = check(next).errors[name];
        setErrors((previous) => (previous[name] === message ? previous : { ...previous, [name]: message }));
      });
    },
  });

  const handleSubmit = (onValid: (output: Output) => void) => (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const current = values;
    void load().then((check) => {
      const result = check(current);
      setErrors(result.errors as FieldErrors<V>);
      const invalid = Object.keys(result.errors);
      if (invalid.length === 0) return onValid(result.output as Output);
      // The first invalid field in the form's order gets the focus.
      for (const [name, element] of controls.current) {
        if (invalid.includes(name) && element) return element.focus();
      }
    });
  };

  const reset = () => {
    submitted.current = false;
    setValues(initial);
    setErrors({});
  };

  return { values, errors, register, handleSubmit, reset };
}
