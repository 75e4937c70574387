// Labelled form controls with their error text, shared by every form.

import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { cloneElement, forwardRef, type InputHTMLAttributes, type ReactElement, type ReactNode, type TextareaHTMLAttributes, useId } from "react";

export const controlStyle = css({
  w: "full",
  bgColor: "surface",
  borderWidth: "1px",
  borderColor: "border",
  borderRadius: "control",
  px: "3",
  py: "2",
  fontSize: "md",
  color: "fg",
  _placeholder: { color: "fg.muted" },
  _invalid: { borderColor: "danger" },
  _disabled: { opacity: 0.6 },
});

type FieldProps = {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** The one control: it is given its id, what describes it (the hint, the error) and whether it is invalid. */
  children: ReactElement<{ id?: string; "aria-describedby"?: string; "aria-invalid"?: boolean }>;
  className?: string;
};

/** A label, its control, a hint and the error message, wired together for screen readers: the one way to lay out a form field. */
export function Field({ label, error, hint, children, className }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cx(css({ display: "flex", flexDirection: "column", gap: "1.5" }), className)}>
      <label htmlFor={id} className={css({ fontSize: "sm", fontWeight: "600", color: "fg" })}>
        {label}
      </label>
      {cloneElement(children, { id, "aria-describedby": describedBy, "aria-invalid": !!error })}
      {hint && (
        <p id={hintId} className={css({ fontSize: "xs", color: "fg.muted" })}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className={css({ fontSize: "sm", color: "danger" })}>
          {error}
        </p>
      )}
    </div>
  );
}

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...props }, ref) {
  return <input ref={ref} className={cx(controlStyle, className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea({ className, ...props }, ref) {
  return <textarea ref={ref} className={cx(controlStyle, className)} {...props} />;
});

/** A checkbox with its label beside it (the label is the click target too). */
export function Checkbox({ label, className, ...props }: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode }) {
  return (
    <label
      className={cx(css({ display: "flex", alignItems: "center", gap: "2", fontSize: "sm", color: "fg", cursor: "pointer", minH: "6" }), className)}
    >
      <input type="checkbox" className={css({ w: "4", h: "4", accentColor: "accent", flexShrink: "0" })} {...props} />
      {label}
    </label>
  );
}
