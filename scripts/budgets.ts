// Size budgets of the web build (issue 5), checked after every build: what `/` loads (the entry script and every
// chunk it imports statically, by the import graph of the built chunks), the CSS, and the admin chunks (everything
// reachable only through the lazy admin import, editor included).
import { readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";

export type Budget = { name: string; limitKb: number };

/**
 * The budgets in KiB of gzip (issue 5; `/` raised to 140 KB by ADR 11, for the card's router and query cache, and to
 * 141 KB, the figure of issue 20, by ADR 7 for the page's own first script, to 141.5 KB by ADR 23 for what payments
 * add to the page's first script, to 142 KB by ADR 26 for a cancelled event's card and the cancel page's second
 * button, and to 143 KB by ADR 27 for a weekly class's dates on its card and its own link); the build fails when one
 * is exceeded.
 */
export const BUDGETS = {
  publicJs: { name: "JavaScript loaded by /", limitKb: 143 },
  css: { name: "CSS", limitKb: 20 },
  admin: { name: "admin chunks (lazy, editor included)", limitKb: 250 },
} satisfies Record<string, Budget>;

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'](\/[^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'](\/[^"']+\.js)["']\s*\)/g;

export type BudgetReport = {
  publicJs: { files: string[]; gzip: number };
  css: { files: string[]; gzip: number };
  admin: { files: string[]; gzip: number };
  otherLazy: { files: string[]; gzip: number };
  failures: string[];
  lines: string[];
};

/** Measures a build folder; `failures` lists the budgets exceeded. */
export async function checkBudgets(outdir: string): Promise<BudgetReport> {
  const html = await Bun.file(`${outdir}/index.html`).text();
  const gz = new Map<string, number>();
  const gzipOf = async (path: string) => {
    let size = gz.get(path);
    if (size === undefined) {
      size = gzipSync(await Bun.file(`${outdir}${path}`).bytes(), { level: 9 }).length;
      gz.set(path, size);
    }
    return size;
  };
  const sources = new Map<string, string>();
  const source = async (path: string) => {
    let text = sources.get(path);
    if (text === undefined) {
      text = await Bun.file(`${outdir}${path}`).text();
      sources.set(path, text);
    }
    return text;
  };
  const importsOf = async (path: string, pattern: RegExp) => [...(await source(path)).matchAll(pattern)].map((match) => match[1]!);

  /** Every chunk reachable from `roots` by static imports (and by dynamic ones too when `lazy`). */
  const closure = async (roots: string[], lazy: boolean, exclude = new Set<string>()) => {
    const seen = new Set<string>();
    const queue = roots.filter((root) => !exclude.has(root));
    while (queue.length) {
      const path = queue.pop()!;
      if (seen.has(path) || exclude.has(path)) continue;
      seen.add(path);
      queue.push(...(await importsOf(path, STATIC_IMPORT)));
      if (lazy) queue.push(...(await importsOf(path, DYNAMIC_IMPORT)));
    }
    return seen;
  };

  const entryScripts = [
    ...html.matchAll(/<script[^>]*\bsrc="(\/[^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="(\/[^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const publicSet = await closure(entryScripts, false);
  const lazyRoots = new Set<string>();
  for (const path of publicSet) for (const target of await importsOf(path, DYNAMIC_IMPORT)) if (!publicSet.has(target)) lazyRoots.add(target);
  const isAdmin = (path: string) => /^\/admin[-.]/.test(path);
  const adminSet = await closure([...lazyRoots].filter(isAdmin), true, publicSet);
  const otherLazySet = await closure(
    [...lazyRoots].filter((path) => !isAdmin(path)),
    true,
    new Set([...publicSet, ...adminSet]),
  );
  const cssFiles = readdirSync(outdir)
    .filter((name) => name.endsWith(".css"))
    .map((name) => `/${name}`);

  const total = async (files: Iterable<string>) => {
    let sum = 0;
    for (const file of files) sum += await gzipOf(file);
    return sum;
  };
  const report: BudgetReport = {
    publicJs: { files: [...publicSet], gzip: await total(publicSet) },
    css: { files: cssFiles, gzip: await total(cssFiles) },
    admin: { files: [...adminSet], gzip: await total(adminSet) },
    otherLazy: { files: [...otherLazySet], gzip: await total(otherLazySet) },
    failures: [],
    lines: [],
  };
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const key of ["publicJs", "css", "admin"] as const) {
    const budget = BUDGETS[key];
    const { files, gzip } = report[key];
    const over = gzip > budget.limitKb * 1024;
    const status = over ? "OVER BUDGET" : "ok";
    const detail = await Promise.all(files.map(async (file) => `${file.slice(1)} ${kb(await gzipOf(file))}`));
    report.lines.push(`  ${budget.name}: ${kb(gzip)} gzip of ${budget.limitKb} KB: ${status}  [${detail.join(", ")}]`);
    if (over) report.failures.push(`${budget.name} is ${kb(gzip)} gzip, over its ${budget.limitKb} KB budget`);
  }
  if (report.otherLazy.files.length)
    report.lines.push(
      `  other lazy chunks (loaded on demand by /): ${kb(report.otherLazy.gzip)} gzip [${report.otherLazy.files.map((f) => f.slice(1)).join(", ")}]`,
    );
  return report;
}

if (import.meta.main) {
  const report = await checkBudgets(process.argv[2] ?? "dist/public");
  console.log(`budgets:\n${report.lines.join("\n")}`);
  if (report.failures.length) {
    console.error(`budget exceeded:\n  ${report.failures.join("\n  ")}`);
    process.exit(1);
  }
}
