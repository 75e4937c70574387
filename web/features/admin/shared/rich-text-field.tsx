// A labelled rich-text editor with its error, for react-hook-form's Controller.
import { lazy, Suspense, useId } from "react";
import { css } from "../../../../styled-system/css" with { type: "macro" };

// The editor is part of the admin chunk; loading it lazily too keeps the first admin paint (the login card) light.
const RichTextEditor = lazy(() => import("../../../components/editor/rich-text-editor.tsx").then((module) => ({ default: module.RichTextEditor })));

type RichTextFieldProps = { label: string; value: string; onChange: (html: string) => void; onBlur?: () => void; error?: string; className?: string };

export function RichTextField({ label, value, onChange, onBlur, error, className }: RichTextFieldProps) {
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
            value={value}
            onChange={onChange}
            onBlur={onBlur}
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
