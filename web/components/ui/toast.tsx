// At most one toast at a time: a new one replaces the older one (spec §4, §9).
import { Toast, Toaster as ArkToaster, createToaster } from "@ark-ui/react/toast";
import { Portal } from "@ark-ui/react/portal";
import { X } from "lucide-react";
import { css } from "../../../styled-system/css";
import { TOAST_DURATION_MS } from "../../../src/shared/constants.ts";

const toaster = createToaster({ placement: "bottom-end", max: 1, duration: TOAST_DURATION_MS, gap: 12 });

export type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" };

/** Shows a toast, replacing any visible one. */
export function toast({ title, description, variant = "default" }: ToastInput) {
  toaster.remove();
  toaster.create({ title, description, type: variant === "destructive" ? "error" : "info" });
}

export function Toaster() {
  return (
    <Portal>
      <ArkToaster toaster={toaster} className={css({ maxW: "420px", w: "calc(100% - 2rem)" })}>
        {(item) => (
          <Toast.Root
            data-testid="toast"
            className={css({
              bg: "surface",
              color: "fg",
              borderRadius: "card",
              boxShadow: "raised",
              borderLeftWidth: "4px",
              borderColor: item.type === "error" ? "danger" : "accent",
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
            <Toast.Title className={css({ fontWeight: "700" })}>{item.title}</Toast.Title>
            {item.description && <Toast.Description className={css({ fontSize: "sm", color: "fg.muted" })}>{item.description}</Toast.Description>}
            <Toast.CloseTrigger aria-label="Dismiss" className={css({ position: "absolute", top: "3", right: "3", cursor: "pointer", color: "fg.muted" })}>
              <X size={16} aria-hidden />
            </Toast.CloseTrigger>
          </Toast.Root>
        )}
      </ArkToaster>
    </Portal>
  );
}
