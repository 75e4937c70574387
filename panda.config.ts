import { defineConfig } from "@pandacss/dev";
import { adminRecipes, adminSlotRecipes } from "./web/theme/admin-recipes.ts";
import { recipes, slotRecipes } from "./web/theme/recipes.ts";
import { semanticTokens, tokens } from "./web/theme/tokens.ts";

/** `&a, &b`: Panda's `&:is(a, b)` as a plain selector list, the same elements with the same specificity. */
const anyOf = (...states: string[]) => states.map((state) => `&${state}`).join(", ");

export default defineConfig({
  preflight: true,
  // Bun's bundler compiles CSS for Chrome 80 and Safari 14 (no option sets other targets) and so copies every rule
  // using `:is()` into `:-webkit-any()` and `:-moz-any()` rules: bytes, and parse errors in the Nu HTML Checker
  // (issue 14, item 7). The built-in conditions the site uses are written without `:is()`, which needs no copy.
  conditions: {
    extend: {
      hover: anyOf(":hover", "[data-hover]"),
      focus: anyOf(":focus", "[data-focus]"),
      focusVisible: anyOf(":focus-visible", "[data-focus-visible]"),
      disabled: anyOf(":disabled", "[disabled]", "[data-disabled]", "[aria-disabled=true]"),
      checked: anyOf(":checked", "[data-checked]", "[aria-checked=true]", '[data-state="checked"]'),
      invalid: anyOf(":invalid", "[data-invalid]", "[aria-invalid=true]"),
      selected: anyOf("[aria-selected=true]", "[data-selected]"),
    },
  },
  include: ["./web/**/*.{ts,tsx}"],
  exclude: [],
  outdir: "styled-system",
  jsxFramework: "react",
  // Styles come from css() and the recipes only: a component's prop named like a CSS property (the Pager's `page`)
  // was read as a style and made invalid CSS (`page: 1px`).
  jsxStyleProps: "none",
  globalCss: {
    html: { scrollBehavior: "smooth", bg: "bg", color: "fg", fontFamily: "body", WebkitFontSmoothing: "antialiased" },
    body: { lineHeight: "1.6" },
    "h1, h2, h3": { fontFamily: "display", lineHeight: "1.15" },
    "a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible, [tabindex]:focus-visible": {
      outline: "3px solid token(colors.focusRing)",
      outlineOffset: "2px",
    },
    // Native selects drawn like the other controls in every engine (WebKit keeps its grey platform look otherwise), with
    // lucide's chevron-down in fg.muted; the control's class gives the room on the right (`pr`).
    select: {
      appearance: "none",
      backgroundImage:
        "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%236b6459' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")",
      backgroundRepeat: "no-repeat",
      backgroundPosition: "right 0.75rem center",
      backgroundSize: "1rem",
    },
    "@media (prefers-reduced-motion: reduce)": {
      html: { scrollBehavior: "auto" },
      "*, *::before, *::after": { animationDuration: "0.01ms !important", transitionDuration: "0.01ms !important" },
    },
  },
  theme: {
    extend: { tokens, semanticTokens, recipes: { ...recipes, ...adminRecipes }, slotRecipes: { ...slotRecipes, ...adminSlotRecipes } },
  },
});
