// A text input of an admin form, labelled and with its error (react-hook-form): `<FormInput form={form} name="title" label="Title" />`.

import { Field, Input } from "@web/components/ui/field.tsx";
import type { InputHTMLAttributes, ReactNode } from "react";
import { type FieldError, type FieldValues, get, type Path, type UseFormReturn } from "react-hook-form";

type FormInputProps<V extends FieldValues, O extends FieldValues> = Omit<InputHTMLAttributes<HTMLInputElement>, "form" | "name"> & {
  form: UseFormReturn<V, unknown, O>;
  name: Path<V>;
  label: ReactNode;
};

export function FormInput<V extends FieldValues, O extends FieldValues>({ form, name, label, ...input }: FormInputProps<V, O>) {
  const error: FieldError | undefined = get(form.formState.errors, name);
  return (
    <Field label={label} error={error?.message}>
      <Input {...input} {...form.register(name)} />
    </Field>
  );
}
