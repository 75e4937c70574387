// The public page's forms load their code (react-hook-form, superstruct and the shared schema) when the form first
// comes near the viewport, or is focused or submitted before that, so the page's first JavaScript stays small
// (issue 14). Until then the same fields render without behaviour, as the server sent them; the loaded form replaces
// them and takes over what was typed, the focus and a submit asked for meanwhile.
import { type FormEvent, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { FieldValues, Path, PathValue, UseFormReturn } from "react-hook-form";

/** What the unbound fields held when the loaded form replaced them. */
export type FormStart = { values: Record<string, string>; focus: number; selection: [number, number] | null; submit: boolean };

/** How far below (or above) the viewport a form starts loading. */
const NEAR_VIEWPORT = "400px";

function snapshot(form: HTMLFormElement, submit: boolean): FormStart {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string") values[name] = value;
  const active = document.activeElement;
  const focus = [...form.elements].indexOf(active as Element);
  const caret = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement ? active : null;
  // Inputs of type email have no caret to read (selectionStart is null).
  const selection: [number, number] | null =
    caret && caret.selectionStart !== null ? [caret.selectionStart, caret.selectionEnd ?? caret.selectionStart] : null;
  return { values, focus, selection, submit };
}

/**
 * `load` imports the form's code. Returns the module with the start to hand it once loaded (null before), and the
 * props of the unbound <form>: its ref, and the focus and submit handlers that load it at once.
 */
export function useLazyForm<M>(load: () => Promise<M>) {
  const [loaded, setLoaded] = useState<{ module: M; start: FormStart } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const submitWanted = useRef(false);
  const loading = useRef<Promise<void> | null>(null);

  const begin = () => {
    // The swap is synchronous (flushSync), so nothing typed between the snapshot and the swap is lost.
    loading.current ??= load().then(
      (module) => {
        const form = formRef.current;
        if (form) flushSync(() => setLoaded({ module, start: snapshot(form, submitWanted.current) }));
      },
      () => {
        loading.current = null; // a later focus or submit tries again
      },
    );
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: `begin` works through refs and the state setter
  useEffect(() => {
    const form = formRef.current;
    if (!form || loaded) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        begin();
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(form);
    return () => observer.disconnect();
  }, [loaded]);

  const formProps = {
    ref: formRef,
    onFocus: begin,
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      submitWanted.current = true;
      begin();
    },
  };
  return { loaded, formProps };
}

/**
 * In the loaded form, once mounted: puts back what was typed into the form's own fields, the focus and caret, and
 * submits when a submit was asked for before. Returns the ref for the loaded <form>.
 */
export function useFormStart<V extends FieldValues, C, O extends FieldValues>(form: UseFormReturn<V, C, O>, start: FormStart, submit: () => void) {
  const formRef = useRef<HTMLFormElement>(null);
  const done = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount: the start is what the unbound fields held
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const fields = form.getValues();
    for (const [name, value] of Object.entries(start.values)) {
      if (value && name in fields) form.setValue(name as Path<V>, value as PathValue<V, Path<V>>);
    }
    const element = formRef.current?.elements[start.focus];
    if (element instanceof HTMLElement) {
      element.focus();
      if (start.selection && (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement))
        element.setSelectionRange(...start.selection);
    }
    if (start.submit) submit();
    // Once, on mount: the start is what the unbound fields held.
  }, []);
  return formRef;
}
