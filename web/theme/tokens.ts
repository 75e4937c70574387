// Design tokens: one place for the palette, type, spacing and the spec §9 colour meanings.
import { defineSemanticTokens, defineTokens } from "@pandacss/dev";

export const tokens = defineTokens({
  colors: {
    cream: { 50: { value: "#fffdf8" }, 100: { value: "#fbf6ec" }, 200: { value: "#f3eadb" }, 300: { value: "#e6d8c0" } },
    saffron: {
      100: { value: "#fdebd3" },
      300: { value: "#f5b66b" },
      500: { value: "#d9822b" },
      600: { value: "#b8661a" },
      700: { value: "#8f4c12" },
    },
    indigo: {
      50: { value: "#eef0f8" },
      100: { value: "#dde1f0" },
      500: { value: "#4a5490" },
      700: { value: "#2c3366" },
      900: { value: "#1a1f3d" },
    },
    ink: { 500: { value: "#6b6459" }, 700: { value: "#3d3830" }, 900: { value: "#221f1a" } },
  },
  fonts: {
    display: { value: "'Fraunces Variable', Georgia, 'Times New Roman', serif" },
    body: { value: "'Inter Variable', system-ui, -apple-system, 'Segoe UI', sans-serif" },
  },
  radii: { card: { value: "1rem" }, control: { value: "0.625rem" } },
  shadows: {
    card: { value: "0 1px 2px rgba(34,31,26,0.06), 0 8px 24px -12px rgba(34,31,26,0.18)" },
    raised: { value: "0 12px 40px -12px rgba(34,31,26,0.35)" },
  },
});

export const semanticTokens = defineSemanticTokens({
  colors: {
    bg: { value: "{colors.cream.50}" },
    "bg.muted": { value: "{colors.cream.100}" },
    surface: { value: "#ffffff" },
    border: { value: "{colors.cream.300}" },
    fg: { value: "{colors.ink.900}" },
    "fg.muted": { value: "{colors.ink.500}" },
    accent: { value: "{colors.saffron.600}" },
    "accent.strong": { value: "{colors.saffron.700}" },
    "accent.soft": { value: "{colors.saffron.100}" },
    danger: { value: "#b42318" },
    "danger.soft": { value: "#fdecea" },
    success: { value: "#1b7a43" },
    "success.soft": { value: "#e6f4ec" },
    // Spec §9: event-type badges.
    "eventType.retreat": { value: "#1d4ed8" },
    "eventType.workshop": { value: "#15803d" },
    "eventType.celebration": { value: "#7e22ce" },
    "eventType.course": { value: "#b45309" },
    "eventType.symposium": { value: "#b91c1c" },
    "eventType.training": { value: "#4338ca" },
    "eventType.other": { value: "#4b5563" },
    // Spec §2.1: class levels.
    "level.beginner": { value: "#166534" },
    "level.beginner.soft": { value: "#dcfce7" },
    "level.intermediate": { value: "#854d0e" },
    "level.intermediate.soft": { value: "#fef9c3" },
    "level.advanced": { value: "#991b1b" },
    "level.advanced.soft": { value: "#fee2e2" },
    // Spec §3: higher notification priority, darker banner.
    "notice.priority1": { value: "#7c2d12" },
    "notice.priority2": { value: "#b45309" },
    "notice.priority3": { value: "#f5d9a8" },
    "notice.info": { value: "#dde1f0" },
    "notice.success": { value: "#dcfce7" },
    "notice.warning": { value: "#fef3c7" },
    "notice.error": { value: "#fee2e2" },
  },
});
