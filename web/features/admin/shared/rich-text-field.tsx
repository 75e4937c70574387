// A labelled rich-text editor with its error, bound to a field of a react-hook-form form.

import { css } from "@styled-system/css" with { type: "macro" };
import { lazy, Suspense, useId } from "react";
import { type Control, type FieldValues, type Path, useController } from "react-hook-form";

// The editor is part of the admin chunk; loading it lazily too keeps the first admin paint (the login card) light.
const RichTextEditor = lazy(() => import("@web/components/editor/rich-text-editor.tsx").then((module) => ({ default: module.RichTextEditor })));

/** `V` is what the form hands its submit handler (the schema resolver's output), as react-hook-form's `Control` carries it. */
type RichTextFieldProps<T extends FieldValues, V extends FieldValues> = {
  control: Control<T, unknown, V>;
  name: Path<T>;
  label: string;
  className?: string;
};

export function RichTextField<T extends FieldValues, V extends FieldValues = T>({ control, name, label, className }: RichTextFieldProps<T, V>) {
  const { field, fieldState } = useController<T, Path<T>, V>({ control, name });
  const error = fieldState.error?.message;
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <div className={css({ display: "flex", flexDirection: "column", gap: "1.5" })}>
        <span id={labelId} className={css({ fontSize: "sm", fontWeight: "600" })}>
          {label}
        </span>
        <Suspense fallback={<div className={css({ minH: "250px", borderWidth: "1px", borderColor: "border", borderRadius: "control" })} />}>
          <RichTextEditor
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            labelledBy={labelId}
            describedBy={error ? errorId : undefined}
            invalid={!!error}
          />
        </Suspense>
        {error && (
          <p id={errorId} role="alert" className={css({ fontSize: "sm", color: "danger" })}>
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
