import { defineRecipe, defineSlotRecipe } from "@pandacss/dev";

export const button = defineRecipe({
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
    _disabled: { opacity: 0.55, cursor: "not-allowed" },
    _focusVisible: { outline: "3px solid", outlineColor: "saffron.300", outlineOffset: "2px" },
  },
  variants: {
    variant: {
      solid: { bg: "accent", color: "white", _hover: { bg: "accent.strong" } },
      outline: { borderWidth: "1px", borderColor: "border", bg: "surface", color: "fg", _hover: { bg: "bg.muted" } },
      ghost: { bg: "transparent", color: "fg", _hover: { bg: "bg.muted" } },
      danger: { bg: "danger", color: "white", _hover: { opacity: 0.9 } },
      link: { bg: "transparent", color: "accent.strong", textDecoration: "underline", px: "0!", h: "auto!" },
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

export const dialog = defineSlotRecipe({
  className: "dialog",
  slots: ["backdrop", "positioner", "content", "title", "description", "closeTrigger", "body", "footer"],
  base: {
    backdrop: { position: "fixed", inset: "0", bg: "rgba(26,31,61,0.55)", zIndex: "overlay", backdropFilter: "blur(2px)" },
    positioner: { position: "fixed", inset: "0", display: "flex", alignItems: "center", justifyContent: "center", p: "4", zIndex: "modal" },
    content: {
      position: "relative",
      bg: "surface",
      borderRadius: "card",
      boxShadow: "raised",
      w: "full",
      maxW: "2xl",
      maxH: "calc(100dvh - 2rem)",
      overflowY: "auto",
      p: { base: "5", md: "7" },
      _focusVisible: { outline: "none" },
    },
    title: { fontFamily: "display", fontSize: "2xl", fontWeight: "600", color: "fg", pr: "10" },
    description: { color: "fg.muted", mt: "1" },
    closeTrigger: { position: "absolute", top: "3", right: "3" },
    body: { mt: "4", display: "flex", flexDirection: "column", gap: "4" },
    footer: { mt: "6", display: "flex", justifyContent: "flex-end", gap: "3", flexWrap: "wrap" },
  },
});

export const recipes = { button };
export const slotRecipes = { dialog };
