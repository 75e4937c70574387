// Builds the web app into dist/public: Panda CSS, the subset web fonts (scripts/fonts.ts), Bun's bundler
// (production React), the page's own first script (web/boot.ts), the stylesheet inlined into index.html, precompressed copies, and src/generated/web-assets.ts,
// the manifest through which the executable embeds every file.

import { mkdirSync, rmSync } from "node:fs";
import { relative } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { APP_SCRIPT_ID } from "@web/lib/app-start.ts";
import { $ } from "bun";
import { checkBudgets } from "./budgets.ts";
import { buildFonts } from "./fonts.ts";
import { inlineStylesheets, pruneUnusedCustomProperties } from "./inline-css.ts";

// `--outdir DIR` builds elsewhere (tests and parallel work); only the default build writes the embed manifest.
const outdirFlag = process.argv.indexOf("--outdir");
const OUT = outdirFlag > 0 ? process.argv[outdirFlag + 1]! : "dist/public";
const writeManifest = OUT === "dist/public";
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml|webmanifest|map)$/;

rmSync(OUT, { recursive: true, force: true });
// The fonts (scripts/fonts.ts: subset, hashed, their @font-face rules) are made here while Panda runs in its own
// processes; web/fonts.gen.css is written once Panda is done, before the bundler reads web/styles.css.
const fontFaces = buildFonts(OUT);
fontFaces.catch(() => {}); // awaited below; a failure fails the build there
await $`bunx panda codegen --silent`;
await $`bunx panda cssgen --silent --outfile web/styles.gen.css`;
await Bun.write("web/fonts.gen.css", await fontFaces);
// NODE_ENV=production whatever the caller's (`bun test` sets "test", which would bundle React's development build).
await $`bun build ./web/index.html --outdir ${OUT} --splitting --production --public-path=/ --external "/fonts/*"`
  .env({ ...process.env, NODE_ENV: "production" })
  .quiet();

// The page starts its app itself (web/boot.ts, ADR 7): the bundled app's script tag goes into an inert template, and
// the page's script, bundled on its own (a few hundred bytes, nothing shared with the app), beside it.
const boot = await Bun.build({ entrypoints: ["web/boot.ts"], outdir: OUT, naming: "boot-[hash].[ext]", minify: true, target: "browser" });
if (!boot.success) throw new AggregateError(boot.logs, "Bundling web/boot.ts failed");
const bootUrl = `/${relative(OUT, boot.outputs[0]!.path)}`;
const page = await Bun.file(`${OUT}/index.html`).text();
const appScript = /<script type="module"[^>]*><\/script>/.exec(page)?.[0];
if (!appScript) throw new Error("index.html has no module script to start");
await Bun.write(
  `${OUT}/index.html`,
  page.replace(appScript, `<template id="${APP_SCRIPT_ID}">${appScript}</template><script type="module" src="${bootUrl}"></script>`),
);

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
