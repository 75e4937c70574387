// The build's stylesheet step (scripts/inline-css.ts): unused theme variables dropped, the stylesheet inlined.
import { describe, expect, test } from "bun:test";
import { inlineStylesheets, pruneUnusedCustomProperties } from "./inline-css.ts";

const css = [
  "@layer reset,tokens,utilities;",
  "@layer reset{html{color:var(--colors-fg)}}",
  "@layer tokens{:where(:root,:host){--colors-fg:var(--colors-ink-900);--colors-ink-900:#221f1a;--colors-ink-500:#6b6459;",
  String.raw`--colors-notice\.info:#dde1f0;--colors-rose-50:#fff1f2;--sizes-4:1rem;--z-index-toast:9}`,
  "[data-theme=dark]{--colors-rose-50:#000}",
  "@keyframes spin{to{transform:rotate(var(--spin-turn))}}}",
  String.raw`@layer utilities{.p_4{padding:var(--sizes-4)}.bg_notice\.info{background:var(--colors-notice\.info)}.unused{--local:1}}`,
].join("");

describe("pruneUnusedCustomProperties", () => {
  const pruned = pruneUnusedCustomProperties(css, ['el.style.zIndex = "var(--z-index-toast)"']);

  test("keeps what the CSS reads, what kept variables read, and what the scripts name", () => {
    for (const name of ["--colors-fg:", "--colors-ink-900:", String.raw`--colors-notice\.info:`, "--sizes-4:", "--z-index-toast:"])
      expect(pruned).toContain(name);
  });

  test("drops the theme variables nothing reads, and rules left empty", () => {
    expect(pruned).not.toContain("--colors-ink-500");
    expect(pruned).not.toContain("--colors-rose-50");
    expect(pruned).not.toContain("[data-theme=dark]");
    expect(pruned).toContain(":where(:root,:host){--colors-fg:var(--colors-ink-900);--colors-ink-900:#221f1a;");
    expect(pruned).toContain("--z-index-toast:9}");
  });

  test("leaves everything outside the tokens layer alone", () => {
    expect(pruned).toContain("@keyframes spin{to{transform:rotate(var(--spin-turn))}}");
    expect(pruned).toContain(".unused{--local:1}");
    expect(pruned.startsWith("@layer reset,tokens,utilities;@layer reset{html{color:var(--colors-fg)}}")).toBe(true);
    expect(pruneUnusedCustomProperties(".a{--x:1}")).toBe(".a{--x:1}");
  });
});

describe("inlineStylesheets", () => {
  test("each linked stylesheet becomes a <style> with the file's text; `</style` in it cannot end the element", async () => {
    const html = `<head><meta charset="utf-8"><link rel="stylesheet" crossorigin href="/index-abc12345.css"><script type="module" src="/index-1.js"></script></head>`;
    const result = await inlineStylesheets(html, async (href) => (href === "/index-abc12345.css" ? `a::after{content:"</style>"}` : ""));
    expect(result.inlined).toEqual(["/index-abc12345.css"]);
    expect(result.html).toBe(
      `<head><meta charset="utf-8"><style>a::after{content:"<\\/style>"}</style><script type="module" src="/index-1.js"></script></head>`,
    );
  });
});
