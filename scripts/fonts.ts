// The self-hosted web fonts, made by scripts/build.ts: each family's variable font from @fontsource-variable,
// subset with HarfBuzz (`subset-font`, WebAssembly inside the package) to what the site can show, written with a
// hashed name, and its `@font-face` rules with a metric-matched fallback face.
import subsetFont from "subset-font";

/**
 * The Latin range of the fontsource files (their `unicode-range`). Every code point of it that a font maps stays in
 * the subset: the texts are edited by the administrator, so any Latin text must still render in the web font.
 */
export const LATIN =
  "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD";

/**
 * The OpenType features kept: those a browser applies to Latin text by itself (HarfBuzz's defaults for horizontal
 * text: kerning, marks, standard and required ligatures, contextual alternates, `rvrn` for the variable glyph
 * swaps, and `frac`/`numr`/`dnom`, applied around U+2044 FRACTION SLASH). The CSS asks for no other
 * (no `font-feature-settings` or `font-variant-*` anywhere), so Inter's `tnum` and `pnum` figures go, with the
 * glyphs only they reach.
 */
export const LAYOUT_FEATURES = [
  "rvrn",
  "ccmp",
  "locl",
  "mark",
  "mkmk",
  "rlig",
  "calt",
  "clig",
  "curs",
  "dist",
  "kern",
  "liga",
  "rclt",
  "frac",
  "numr",
  "dnom",
];

export type WebFont = {
  family: string;
  file: string;
  /** The `wght` range kept, which the `@font-face` declares: the lightest and heaviest weight the CSS gives the family. */
  weight: readonly [number, number];
  fallback: { family: string; local: string[]; sizeAdjust: string; ascent: string; descent: string };
};

/**
 * Each font has a fallback face: a local font scaled to the web font's average glyph width and given its ascent
 * and descent, so that text set in the fallback while the web font loads (`font-display: swap`) breaks into the same
 * lines and the page does not shift when the web font arrives. The figures were measured in Chromium on an English
 * sample (the demo biography and headings): Inter at 400 against Arial's metrics (Liberation Sans), Fraunces at 500
 * (the headings) against Times New Roman's (Liberation Serif); ascent and descent are the fonts' own (OS/2 typo
 * metrics) divided by the size adjustment. Subsetting keeps those metrics (scripts/fonts.test.ts).
 *
 * Weights in use (`fontWeight` in web/ and web/theme, the browser's `th` bold and `strong` bolder): Inter 400 (body),
 * 500, 550 (navigation), 600 (buttons, labels), 650 (`strong` in rich text), 700 (eyebrows, toast titles, table
 * heads, `strong` in the admin lists); Fraunces (h1–h3 and `fontFamily: "display"`) 400 (the italic quote and the
 * footer's mission, the browser's synthetic oblique of this upright font, as before), 500 (h1, section titles), 600
 * (card and dialog titles, brand), 650 (`strong` in rich-text headings), 700 (admin h3, editor headings). Nothing is
 * lighter than 400 or heavier than 700 (`bolder` only meets weights under 550), so both keep `wght` 400–700: one
 * variable file each, smaller than the six static instances the weights would take (~18 KB each).
 */
export const FONTS: WebFont[] = [
  {
    family: "Inter Variable",
    file: "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    weight: [400, 700],
    fallback: { family: "Inter Fallback", local: ["Arial", "Liberation Sans", "Arimo"], sizeAdjust: "106.12%", ascent: "91.29%", descent: "22.73%" },
  },
  {
    family: "Fraunces Variable",
    file: "node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2",
    weight: [400, 700],
    fallback: {
      family: "Fraunces Fallback",
      local: ["Times New Roman", "Liberation Serif", "Tinos"],
      sizeAdjust: "116.72%",
      ascent: "83.79%",
      descent: "21.85%",
    },
  },
];

/** The code points of a CSS `unicode-range` value. */
export function codePoints(range: string): number[] {
  const points: number[] = [];
  for (const part of range.split(",")) {
    const [from, to = from] = part.trim().replace(/^U\+/i, "").split("-") as [string, string?];
    for (let point = parseInt(from, 16); point <= parseInt(to, 16); point++) points.push(point);
  }
  return points;
}

/** One font subset: the Latin range, the features above, `wght` limited to the font's range. Same input, same bytes. */
async function subsetWebFont(font: WebFont): Promise<Uint8Array> {
  const original = Buffer.from(await Bun.file(font.file).arrayBuffer());
  const [min, max] = font.weight;
  return subsetFont(original, String.fromCodePoint(...codePoints(LATIN)), {
    targetFormat: "woff2",
    keepFeatures: LAYOUT_FEATURES,
    variationAxes: { wght: { min, max } },
  });
}

/**
 * Writes each font subset into `outdir/fonts/` under a name with its hash (Bun's CSS bundler would inline font
 * files, so they are not imported) and returns the `@font-face` rules for web/fonts.gen.css.
 */
export async function buildFonts(outdir: string): Promise<string> {
  const faces: string[] = [];
  for (const font of FONTS) {
    const bytes = await subsetWebFont(font);
    const name = `/fonts/${font.file.split("/").pop()!.replace(".woff2", "")}-${Bun.hash(bytes).toString(36).slice(0, 10)}.woff2`;
    await Bun.write(`${outdir}${name}`, bytes);
    faces.push(
      `@font-face {\n  font-family: "${font.family}";\n  font-style: normal;\n  font-display: swap;\n  font-weight: ${font.weight.join(" ")};\n  src: url("${name}") format("woff2");\n  unicode-range: ${LATIN};\n}`,
      `@font-face {\n  font-family: "${font.fallback.family}";\n  src: ${font.fallback.local.map((local) => `local("${local}")`).join(", ")};\n  size-adjust: ${font.fallback.sizeAdjust};\n  ascent-override: ${font.fallback.ascent};\n  descent-override: ${font.fallback.descent};\n  line-gap-override: 0%;\n}`,
    );
  }
  return `${faces.join("\n")}\n`;
}
