// Builds the web app into dist/public: Panda CSS, Bun's bundler (production React), the stylesheet inlined into
// index.html, precompressed copies, and src/generated/web-assets.ts, the manifest through which the executable
// embeds every file.
import { $ } from "bun";
import { mkdirSync, rmSync } from "node:fs";
import { relative } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { checkBudgets } from "./budgets.ts";
import { inlineStylesheets, pruneUnusedCustomProperties } from "./inline-css.ts";

// `--outdir DIR` builds elsewhere (tests and parallel work); only the default build writes the embed manifest.
const outdirFlag = process.argv.indexOf("--outdir");
const OUT = outdirFlag > 0 ? process.argv[outdirFlag + 1]! : "dist/public";
const writeManifest = OUT === "dist/public";
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml|webmanifest|map)$/;

/**
 * The self-hosted fonts, each with a fallback face: a local font scaled to the web font's average glyph width and
 * given its ascent and descent, so that text set in the fallback while the web font loads (`font-display: swap`)
 * breaks into the same lines and the page does not shift when the web font arrives. The figures were measured in
 * Chromium on an English sample (the demo biography and headings): Inter at 400 against Arial's metrics (Liberation
 * Sans), Fraunces at 500 (the headings) against Times New Roman's (Liberation Serif); ascent and descent are the
 * fonts' own (OS/2 typo metrics) divided by the size adjustment.
 */
const FONTS = [
  {
    family: "Inter Variable",
    file: "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    fallback: { family: "Inter Fallback", local: ["Arial", "Liberation Sans", "Arimo"], sizeAdjust: "106.12%", ascent: "91.29%", descent: "22.73%" },
  },
  {
    family: "Fraunces Variable",
    file: "node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2",
    fallback: { family: "Fraunces Fallback", local: ["Times New Roman", "Liberation Serif", "Tinos"], sizeAdjust: "116.72%", ascent: "83.79%", descent: "21.85%" },
  },
];
const LATIN = "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD";

rmSync(OUT, { recursive: true, force: true });
// Fonts are copied as files with hashed names (Bun's CSS bundler would inline them into the stylesheet).
const fontFaces: string[] = [];
for (const font of FONTS) {
  const bytes = await Bun.file(font.file).bytes();
  const name = `/fonts/${font.file.split("/").pop()!.replace(".woff2", "")}-${Bun.hash(bytes).toString(36).slice(0, 10)}.woff2`;
  await Bun.write(`${OUT}${name}`, bytes);
  fontFaces.push(
    `@font-face {\n  font-family: "${font.family}";\n  font-style: normal;\n  font-display: swap;\n  font-weight: 100 900;\n  src: url("${name}") format("woff2");\n  unicode-range: ${LATIN};\n}`,
    `@font-face {\n  font-family: "${font.fallback.family}";\n  src: ${font.fallback.local.map((local) => `local("${local}")`).join(", ")};\n  size-adjust: ${font.fallback.sizeAdjust};\n  ascent-override: ${font.fallback.ascent};\n  descent-override: ${font.fallback.descent};\n  line-gap-override: 0%;\n}`,
  );
}
await Bun.write("web/fonts.gen.css", `${fontFaces.join("\n")}\n`);
await $`bunx panda codegen --silent`;
await $`bunx panda cssgen --silent --outfile web/styles.gen.css`;
// NODE_ENV=production whatever the caller's (`bun test` sets "test", which would bundle React's development build).
await $`bun build ./web/index.html --outdir ${OUT} --splitting --production --public-path=/ --external "/fonts/*"`
  .env({ ...process.env, NODE_ENV: "production" })
  .quiet();

// The stylesheet goes into index.html (ADR 7): no request blocks the first paint. The CSS file stays in the build
// with the same text (the budget measures it) but no page links it; the server allows the inline <style> by its
// hash (src/plugins/security-headers.ts).
const scripts = await Promise.all([...new Bun.Glob("**/*.js").scanSync({ cwd: OUT })].map((file) => Bun.file(`${OUT}/${file}`).text()));
const shell = await inlineStylesheets(await Bun.file(`${OUT}/index.html`).text(), async (href) => {
  const css = pruneUnusedCustomProperties(await Bun.file(`${OUT}${href}`).text(), scripts);
  await Bun.write(`${OUT}${href}`, css);
  return css;
});
if (!shell.inlined.length) throw new Error("index.html links no stylesheet to inline");
await Bun.write(`${OUT}/index.html`, shell.html);

const files: string[] = [];
for await (const file of new Bun.Glob("**/*").scan({ cwd: OUT })) files.push(file);
for (const file of files.filter((name) => COMPRESSIBLE.test(name))) {
  const bytes = await Bun.file(`${OUT}/${file}`).bytes();
  if (bytes.length < 1024) continue;
  await Bun.write(`${OUT}/${file}.gz`, gzipSync(bytes, { level: 9 }));
  await Bun.write(`${OUT}/${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

// Size budgets (issue 5): printed on every build; one exceeded fails it (after the files are written).
const budgets = await checkBudgets(OUT);
console.log(`budgets:\n${budgets.lines.join("\n")}`);
const finish = () => {
  console.log(`built ${files.length} files into ${OUT}`);
  if (budgets.failures.length) {
    console.error(`build failed, budget exceeded:\n  ${budgets.failures.join("\n  ")}`);
    process.exit(1);
  }
  process.exit(0);
};
if (!writeManifest) finish();
const all: string[] = [];
for await (const file of new Bun.Glob("**/*").scan({ cwd: OUT })) all.push(file);
all.sort();
mkdirSync("src/generated", { recursive: true });
const lines = all.map((file, i) => `import f${i} from "${relative("src/generated", `${OUT}/${file}`)}" with { type: "file" };`);
const entries = all.map((file, i) => `  "/${file}": f${i},`);
await Bun.write(
  "src/generated/web-assets.ts",
  `// @ts-nocheck -- generated by scripts/build.ts: every file of the web build, embedded when compiled.\n${lines.join("\n")}\n\nexport const webAssets: Record<string, string> = {\n${entries.join("\n")}\n};\n`,
);
finish();
