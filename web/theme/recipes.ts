import { defineRecipe, defineSlotRecipe } from "@pandacss/dev";

const focusRing = { outline: "3px solid", outlineColor: "focusRing", outlineOffset: "2px" } as const;

const button = defineRecipe({
  className: "button",
  base: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    gap: "2",
    fontWeight: "600",
    borderRadius: "control",
    cursor: "pointer",
    transition: "background 0.15s, color 0.15s, border-color 0.15s, box-shadow 0.15s",
    whiteSpace: "nowrap",
    textDecoration: "none",
    _disabled: { opacity: 0.55, cursor: "not-allowed" },
    _focusVisible: focusRing,
  },
  variants: {
    variant: {
      solid: { bg: "accent", color: "white", _hover: { bg: "accent.strong" } },
      outline: { borderWidth: "1px", borderColor: "border.strong", bg: "surface", color: "fg", _hover: { bg: "bg.muted", borderColor: "accent" } },
      ghost: { bg: "transparent", color: "fg", _hover: { bg: "bg.muted" } },
      danger: { bg: "danger", color: "white", _hover: { opacity: 0.9 } },
      link: { bg: "transparent", color: "accent.strong", textDecoration: "underline", px: "0!", h: "auto!" },
      /** Quiet accent, for secondary actions on cards. */
      subtle: { bg: "accent.soft", color: "accent.strong", _hover: { bg: "saffron.200" } },
      /** For dark (indigo) surfaces. */
      onDeep: {
        bg: "rgba(255,255,255,0.1)",
        color: "fg.onDeep",
        _hover: { bg: "rgba(255,255,255,0.2)" },
        _focusVisible: { outlineColor: "accent.bright" },
      },
    },
    size: {
      sm: { h: "8", px: "3", fontSize: "sm" },
      md: { h: "10", px: "4", fontSize: "sm" },
      lg: { h: "12", px: "6", fontSize: "md" },
      icon: { h: "10", w: "10", p: "0" },
    },
  },
  defaultVariants: { variant: "solid", size: "md" },
});

const tone = (name: string) => ({ color: name, bg: `${name}.soft` });

/** Small labels of the public page (the admin area has its own `badge`): event types (spec §9), class levels (spec §2.1), years. Every tone is generated (tones are data). */
const tag = defineRecipe({
  className: "tag",
  base: {
    display: "inline-flex",
    alignItems: "center",
    gap: "1",
    px: "2.5",
    py: "0.5",
    borderRadius: "pill",
    fontSize: "xs",
    fontWeight: "600",
    letterSpacing: "0.02em",
    lineHeight: "1.5",
    whiteSpace: "nowrap",
  },
  variants: {
    tone: {
      retreat: tone("eventType.retreat"),
      workshop: tone("eventType.workshop"),
      celebration: tone("eventType.celebration"),
      course: tone("eventType.course"),
      symposium: tone("eventType.symposium"),
      training: tone("eventType.training"),
      other: tone("eventType.other"),
      beginner: tone("level.beginner"),
      intermediate: tone("level.intermediate"),
      advanced: tone("level.advanced"),
      neutral: { color: "fg.muted", bg: "bg.muted" },
      accent: { color: "accent.strong", bg: "accent.soft" },
      year: { color: "white", bg: "indigo.900/80", backdropFilter: "blur(6px)" },
    },
  },
  defaultVariants: { tone: "neutral" },
  staticCss: ["*"],
});

/** A content card; `highlighted` gives the accent top border of a highlighted event (spec §2.1). */
const card = defineRecipe({
  className: "card",
  base: {
    position: "relative",
    display: "flex",
    flexDirection: "column",
    bg: "surface",
    borderRadius: "card",
    borderWidth: "1px",
    borderColor: "border",
    boxShadow: "card",
    overflow: "hidden",
    transition: "box-shadow 0.2s, transform 0.2s",
    _hover: { boxShadow: "raised" },
  },
  variants: {
    highlighted: { true: { borderTopWidth: "4px", borderTopColor: "accent" }, false: {} },
  },
  defaultVariants: { highlighted: false },
  staticCss: ["*"],
});

/** Notification banners: higher priority, darker background (spec §3). */
const notice = defineRecipe({
  className: "notice",
  base: { display: "flex", alignItems: "flex-start", gap: "3", px: { base: "4", md: "5" }, py: "3", borderRadius: "control", fontSize: "sm" },
  variants: {
    type: {
      "priority-1": { bg: "notice.priority1", color: "notice.priority1.fg" },
      "priority-2": { bg: "notice.priority2", color: "notice.priority2.fg" },
      "priority-3": { bg: "notice.priority3", color: "notice.priority3.fg" },
      info: { bg: "notice.info", color: "notice.info.fg" },
      success: { bg: "notice.success", color: "notice.success.fg" },
      warning: { bg: "notice.warning", color: "notice.warning.fg" },
      error: { bg: "notice.error", color: "notice.error.fg" },
    },
  },
  defaultVariants: { type: "info" },
  staticCss: ["*"],
});

const dialog = defineSlotRecipe({
  className: "dialog",
  slots: ["backdrop", "positioner", "content", "title", "description", "closeTrigger", "body", "footer"],
  base: {
    backdrop: { position: "fixed", inset: "0", bg: "rgba(17,21,43,0.6)", zIndex: "overlay", backdropFilter: "blur(3px)" },
    positioner: {
      position: "fixed",
      inset: "0",
      display: "flex",
      alignItems: "center",
      justifyContent: "center",
      p: { base: "2", sm: "4" },
      // A visible toast's band (toast-viewport.tsx) stays clear: the dialog moves up and shrinks above it.
      pb: { base: "max(token(spacing.2), var(--toast-space, 0px))", sm: "max(token(spacing.4), var(--toast-space, 0px))" },
      zIndex: "modal",
    },
    content: {
      position: "relative",
      bg: "surface",
      borderRadius: "card",
      boxShadow: "raised",
      w: "full",
      maxW: "2xl",
      maxH: "100%",
      overflowY: "auto",
      p: { base: "5", md: "7" },
      _focusVisible: { outline: "none" },
    },
    title: { fontFamily: "display", fontSize: "2xl", fontWeight: "600", color: "heading", pr: "10", lineHeight: "1.2" },
    description: { color: "fg.muted", mt: "1" },
    closeTrigger: { position: "absolute", top: "3", right: "3" },
    body: { mt: "4", display: "flex", flexDirection: "column", gap: "4" },
    footer: { mt: "6", display: "flex", justifyContent: "flex-end", gap: "3", flexWrap: "wrap" },
  },
});

/** The full-screen photo viewer of events and archive entries. */
const lightbox = defineSlotRecipe({
  className: "lightbox",
  slots: ["backdrop", "positioner", "content", "image", "nav", "toolbar", "counter"],
  base: {
    // Above an open dialog: the gallery opens from inside the event and archive dialogs.
    backdrop: { position: "fixed", inset: "0", bg: "rgba(10,12,26,0.94)", zIndex: "calc(token(zIndex.modal) + 10)" },
    positioner: { position: "fixed", inset: "0", zIndex: "calc(token(zIndex.modal) + 20)", display: "flex" },
    content: {
      position: "relative",
      flex: "1",
      display: "flex",
      alignItems: "center",
      justifyContent: "center",
      color: "white",
      _focusVisible: { outline: "none" },
    },
    image: {
      maxW: { base: "calc(100vw - 1rem)", md: "min(100vw - 9rem, 1400px)" },
      maxH: "calc(100dvh - 8rem)",
      objectFit: "contain",
      borderRadius: "control",
      boxShadow: "raised",
    },
    nav: {
      position: "absolute",
      top: "50%",
      translate: "0 -50%",
      w: "12",
      h: "12",
      display: "grid",
      placeItems: "center",
      borderRadius: "pill",
      bg: "rgba(255,255,255,0.12)",
      color: "white",
      cursor: "pointer",
      _hover: { bg: "rgba(255,255,255,0.24)" },
      _focusVisible: { outline: "3px solid", outlineColor: "accent.bright", outlineOffset: "2px" },
    },
    toolbar: { position: "absolute", top: "3", right: "3", display: "flex", gap: "2" },
    counter: {
      position: "absolute",
      bottom: "4",
      left: "50%",
      translate: "-50% 0",
      fontSize: "sm",
      fontWeight: "600",
      bg: "rgba(0,0,0,0.45)",
      px: "3",
      py: "1",
      borderRadius: "pill",
    },
  },
});

export const recipes = { button, tag, card, notice };
export const slotRecipes = { dialog, lightbox };
