// toast() and the <Toaster/> mounted by the app. Ark's toaster (toast-viewport.tsx: @zag-js/toast and its parts) is
// loaded only on the first toast(), which is held until it is there; the public page does not ship it (issue 5).
// At most one toast at a time: a new one replaces the older one (a call made while loading replaces the held one);
// 5000 ms; swipe 50 px to dismiss; 420 px wide at most (spec §4, §9).
import { lazy, Suspense, useSyncExternalStore } from "react";

/** How far a toast must be dragged sideways to be dismissed (spec §9). */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" };

const ToastViewport = lazy(() => import("./toast-viewport.tsx"));

let show: ((input: ToastInput) => void) | null = null;
let held: ToastInput | null = null;
let wanted = false;
const listeners = new Set<() => void>();

/** Shows a toast, replacing any visible one. */
export function toast(input: ToastInput) {
  if (show) return show(input);
  held = input;
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}

/**
 * Called by the loaded viewport once mounted. Ark's toast group picks up new toasts once its own mount has settled, so
 * from the next task on toast() shows through it, starting with the held toast (the latest call). Returns the detach.
 */
export function attachToaster(viewportShow: (input: ToastInput) => void) {
  const timer = setTimeout(() => {
    show = viewportShow;
    if (held) viewportShow(held);
    held = null;
  }, 0);
  return () => {
    clearTimeout(timer);
    if (show === viewportShow) show = null;
  };
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Renders nothing until the first toast(); then the lazily loaded viewport. Nothing on the server. */
export function Toaster() {
  const active = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return active ? (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  ) : null;
}
