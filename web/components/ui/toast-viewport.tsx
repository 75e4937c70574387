// The toast viewport (Ark's toaster), loaded by toast.tsx on the first toast() so the public page does not ship it.
// At most one toast at a time: a new one replaces the older one; 5000 ms; swipe 50 px to dismiss; 420 px wide at most
// (spec §4, §9).

import { Portal } from "@ark-ui/react/portal";
import { Toaster as ArkToaster, createToaster, Toast } from "@ark-ui/react/toast";
import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { TOAST_DURATION_MS } from "@web/lib/constants.ts";
import { CircleCheck, CircleX, X } from "lucide-react";
import { type PointerEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { attachToaster, TOAST_SWIPE_THRESHOLD_PX, type ToastInput } from "./toast.tsx";

const toaster = createToaster({ placement: "bottom-end", max: 1, duration: TOAST_DURATION_MS, gap: 12, offsets: "16px" });

/** Publishes the band a visible toast takes at the bottom (its height and its offset) as --toast-space: a dialog keeps
 * clear of it, so a toast never covers a dialog's buttons (issue 38). */
function keepClear(element: HTMLElement | null) {
  if (!element) return;
  const root = document.documentElement;
  const observer = new ResizeObserver(() => root.style.setProperty("--toast-space", `${element.offsetHeight + 16 * 2}px`));
  observer.observe(element);
  return () => {
    observer.disconnect();
    root.style.removeProperty("--toast-space");
  };
}

/** Shows a toast, replacing any visible one. */
function show({ title, description, variant = "default" }: ToastInput) {
  toaster.remove();
  toaster.create({ title, description, type: variant === "destructive" ? "error" : "info" });
}

/** Follows a horizontal drag and dismisses the toast past the threshold. */
function Swipeable({ id, children }: { id: string; children: ReactNode }) {
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const onPointerDown = (event: PointerEvent) => {
    if ((event.target as HTMLElement).closest("button, a")) return;
    start.current = event.clientX;
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setOffset(event.clientX - start.current);
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    start.current = null;
    if (Math.abs(offset) > TOAST_SWIPE_THRESHOLD_PX) toaster.dismiss(id);
    else setOffset(0);
  };
  return (
    <div
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      style={{ transform: offset ? `translateX(${offset}px)` : undefined, opacity: offset ? Math.max(0.2, 1 - Math.abs(offset) / 200) : undefined }}
      className={css({ touchAction: "pan-y", cursor: "grab", display: "flex", gap: "3", alignItems: "flex-start" })}
    >
      {children}
    </div>
  );
}

export default function ToastViewport() {
  // Mounted: toast() shows through this module from now on, starting with the call that loaded it.
  useEffect(() => attachToaster(show), []);
  return (
    <Portal>
      <ArkToaster toaster={toaster} className={css({ maxW: "420px", w: "calc(100% - 2rem)" })}>
        {(item) => (
          <Toast.Root
            ref={keepClear}
            data-testid="toast"
            data-variant={item.type === "error" ? "destructive" : "default"}
            className={css({
              bg: "surface",
              color: "fg",
              borderRadius: "card",
              boxShadow: "raised",
              borderWidth: "1px",
              borderLeftWidth: "4px",
              borderColor: "border",
              borderLeftColor: "accent",
              "&[data-variant=destructive]": { borderLeftColor: "danger" },
              p: "4",
              pr: "10",
              w: "full",
              translate: "var(--x) var(--y)",
              scale: "var(--scale)",
              zIndex: "var(--z-index)",
              height: "var(--height)",
              opacity: "var(--opacity)",
              willChange: "translate, opacity, scale",
              transition: "translate 0.3s, scale 0.3s, opacity 0.3s, height 0.3s",
            })}
          >
            {/* biome-ignore lint/style/noNonNullAssertion: Ark gives every toast an id */}
            <Swipeable id={item.id!}>
              <span className={cx(css({ mt: "0.5", flexShrink: 0 }), item.type === "error" ? css({ color: "danger" }) : css({ color: "success" }))}>
                {item.type === "error" ? <CircleX size={20} aria-hidden /> : <CircleCheck size={20} aria-hidden />}
              </span>
              <div>
                <Toast.Title className={css({ fontWeight: "700", color: "heading" })}>{item.title}</Toast.Title>
                {item.description && <Toast.Description className={css({ fontSize: "sm", color: "fg.muted" })}>{item.description}</Toast.Description>}
              </div>
            </Swipeable>
            <Toast.CloseTrigger
              aria-label="Dismiss"
              className={css({
                position: "absolute",
                top: "3",
                right: "3",
                cursor: "pointer",
                color: "fg.muted",
                borderRadius: "control",
                _focusVisible: { outline: "3px solid", outlineColor: "focusRing" },
              })}
            >
              <X size={16} aria-hidden />
            </Toast.CloseTrigger>
          </Toast.Root>
        )}
      </ArkToaster>
    </Portal>
  );
}
