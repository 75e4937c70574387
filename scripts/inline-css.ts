// Build step of scripts/build.ts (issue 5, ADR 7): the stylesheet goes into index.html as a <style> element, so no
// request blocks the first paint, and the theme's custom properties nothing uses are dropped from it first (Panda
// writes every token of its preset as a variable: two thirds of them are never read).

/** A custom property's name as CSS writes it (`--colors-notice\.info` keeps its escapes). */
const NAME = String.raw`--(?:[\w-]|\\.)+`;
const DECLARATION = new RegExp(String.raw`(${NAME})\s*:([^;{}]*)(;?)`, "g");
const REFERENCE = new RegExp(String.raw`var\(\s*(${NAME})`, "g");

/** The `@layer tokens { ... }` block (Panda's theme variables and keyframes): [start, end) or null. */
function tokensLayer(css: string): [number, number] | null {
  const start = css.indexOf("@layer tokens");
  if (start < 0) return null;
  const open = css.indexOf("{", start);
  if (open < 0) return null;
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    if (css[i] === "{") depth++;
    else if (css[i] === "}" && --depth === 0) return [start, i + 1];
  }
  return null;
}

/**
 * Drops the declarations of the tokens layer whose variable nothing reads: not a `var()` of the rest of the CSS, not
 * a `var()` in the value of a variable that is kept, and not named anywhere in `sources` (the built scripts, which may
 * read or set variables at run time). Everything outside the tokens layer is kept as it is.
 */
export function pruneUnusedCustomProperties(css: string, sources: string[] = []): string {
  const layer = tokensLayer(css);
  if (!layer) return css;
  const [start, end] = layer;
  const tokens = css.slice(start, end);
  const outside = css.slice(0, start) + css.slice(end);

  const values = new Map<string, string[]>();
  for (const [, name, value] of tokens.matchAll(DECLARATION)) {
    const list = values.get(name!) ?? [];
    list.push(value!);
    values.set(name!, list);
  }
  const used = new Set<string>();
  const queue: string[] = [];
  const use = (name: string) => {
    if (!used.has(name)) {
      used.add(name);
      queue.push(name);
    }
  };
  // References outside the tokens layer; inside it, only in the values of ordinary properties (keyframes).
  for (const [, name] of outside.matchAll(REFERENCE)) use(name!);
  for (const [, name] of tokens.replace(DECLARATION, "").matchAll(REFERENCE)) use(name!);
  const mentioned = new Set(sources.flatMap((source) => [...source.matchAll(new RegExp(NAME, "g"))].map((match) => match[0])));
  for (const name of values.keys()) if (mentioned.has(name) || mentioned.has(name.replace(/\\/g, ""))) use(name);
  while (queue.length) {
    for (const value of values.get(queue.pop()!) ?? []) for (const [, name] of value.matchAll(REFERENCE)) use(name!);
  }

  const pruned = tokens
    .replace(DECLARATION, (declaration, name: string) => (used.has(name) ? declaration : ""))
    // A rule left with a trailing `;` or no declarations at all.
    .replace(/;}/g, "}")
    .replace(/(^|[{}])[^{}@]+\{\}/g, "$1");
  return css.slice(0, start) + pruned + css.slice(end);
}

/**
 * Replaces each `<link rel="stylesheet" href="/x.css">` of `html` with a `<style>` holding that file's text (read by
 * `read`, which may also transform it). Answers the new HTML and the inlined files.
 */
export async function inlineStylesheets(html: string, read: (href: string) => Promise<string>): Promise<{ html: string; inlined: string[] }> {
  const links = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)];
  const inlined: string[] = [];
  for (const [tag] of links) {
    const href = /\bhref="(\/[^"]+\.css)"/.exec(tag)?.[1];
    if (!href) continue;
    // `</style` inside the CSS (in a string or comment) would end the element early.
    const css = (await read(href)).replace(/<\/style/gi, "<\\/style");
    html = html.replace(tag, () => `<style>${css}</style>`);
    inlined.push(href);
  }
  return { html, inlined };
}
