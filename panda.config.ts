import { defineConfig } from "@pandacss/dev";
import { adminRecipes, adminSlotRecipes } from "./web/theme/admin-recipes.ts";
import { recipes, slotRecipes } from "./web/theme/recipes.ts";
import { semanticTokens, tokens } from "./web/theme/tokens.ts";

export default defineConfig({
  preflight: true,
  include: ["./web/**/*.{ts,tsx}"],
  exclude: [],
  outdir: "styled-system",
  jsxFramework: "react",
  globalCss: {
    html: { scrollBehavior: "smooth", bg: "bg", color: "fg", fontFamily: "body", WebkitFontSmoothing: "antialiased" },
    body: { lineHeight: "1.6" },
    "h1, h2, h3": { fontFamily: "display", lineHeight: "1.15" },
    "a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible, [tabindex]:focus-visible": {
      outline: "3px solid token(colors.focusRing)",
      outlineOffset: "2px",
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
