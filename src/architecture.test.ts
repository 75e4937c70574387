// The server's layout (issue 31, item 7), beside web/architecture.test.ts: modules reach each other only through
// their index.ts, nothing imports upward (shared < lib < plugins < modules < the composition root), no import circle,
// and src/shared/ — what the web app may import — imports nothing else of src/ nor of web/.
import { describe, expect, test } from "bun:test";
import { dirname, join, relative, resolve } from "node:path";
import { Glob } from "bun";

const ROOT = resolve(import.meta.dir, "..");
const ALIASES: Record<string, string> = { "@server/": "src/", "@web/": "web/", "@db/": "db/" };

/** One import of a product file: where it leads (from the repository root), and whether it names types only. */
type Import = { from: string; to: string; typeOnly: boolean };

function target(file: string, specifier: string): string | undefined {
  if (specifier.startsWith(".")) return relative(ROOT, resolve(dirname(file), specifier));
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  return alias && ALIASES[alias] + specifier.slice(alias.length);
}

const imports: Import[] = [];
for await (const path of new Glob("**/*.{ts,tsx}").scan(join(ROOT, "src"))) {
  if (/\.test\.tsx?$/.test(path) || path.startsWith("generated/")) continue;
  const file = join(ROOT, "src", path);
  const text = await Bun.file(file).text();
  for (const [statement, specifier] of text.matchAll(/\b(?:import|export)\b[^"';]*?\b(?:from\s*|import\s*\(?\s*)["']([^"']+)["']/g)) {
    const to = target(file, specifier!);
    if (to) imports.push({ from: `src/${path}`, to, typeOnly: /^(import|export)\s+type\b/.test(statement) });
  }
}
const show = ({ from, to }: Import) => `${from} -> ${to}`;

/** Each circle of a graph given by its edges, as "a -> b -> a". */
function circles(edges: [string, string][]): string[] {
  const next = Map.groupBy(edges, ([from]) => from);
  const found: string[] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (node: string, path: string[]) => {
    if (state.get(node) === "done") return;
    if (state.get(node) === "open") {
      found.push([...path.slice(path.indexOf(node)), node].join(" -> "));
      return;
    }
    state.set(node, "open");
    for (const [, to] of next.get(node) ?? []) visit(to, [...path, node]);
    state.set(node, "done");
  };
  for (const [from] of edges) visit(from, []);
  return found;
}

/**
 * The layer a path of src/ belongs to; the composition root (app.ts, api.ts, services.ts, main.ts...) is the top. The
 * settings and the runtime's facts (config.ts, runtime.ts, version.ts) are read by every layer but the shared one.
 */
const LAYERS = ["src/shared/", "src/lib/", "src/plugins/", "src/modules/"];
const FOUNDATIONS = new Set(["src/config.ts", "src/runtime.ts", "src/version.ts"]);
const layerOf = (path: string) => {
  if (FOUNDATIONS.has(path)) return LAYERS.indexOf("src/lib/");
  const index = LAYERS.findIndex((prefix) => path.startsWith(prefix));
  return index === -1 ? LAYERS.length : index;
};
/** The composition root's types a module is handed: its context, and the API the site renders `/` from. */
const CONTRACT_TYPES = new Set(["src/context.ts", "src/api.ts"]);
const moduleOf = (path: string) => (path.startsWith("src/modules/") ? path.split("/")[2] : undefined);

describe("the server's layout", () => {
  test("the scan sees the composition root build the services", () => {
    expect(imports.map(show)).toContain("src/services.ts -> src/modules/events/index.ts");
  });

  test("modules import each other only through their index.ts", () => {
    const inside = imports.filter(
      ({ from, to }) => moduleOf(from) && moduleOf(to) && moduleOf(from) !== moduleOf(to) && !/^src\/modules\/[^/]+\/index\.ts$/.test(to),
    );
    expect(inside.map(show)).toEqual([]);
  });

  test("no import runs upward (a module's one way up is a type of the composition root's contract)", () => {
    const upward = imports.filter(({ from, to, typeOnly }) => {
      if (!to.startsWith("src/") || layerOf(to) <= layerOf(from)) return false;
      return !(typeOnly && CONTRACT_TYPES.has(to) && from.startsWith("src/modules/"));
    });
    expect(upward.map(show)).toEqual([]);
  });

  test("src/shared/ imports nothing else of src/ nor of web/", () => {
    const out = imports.filter(
      ({ from, to }) => from.startsWith("src/shared/") && (to.startsWith("web/") || (to.startsWith("src/") && !to.startsWith("src/shared/"))),
    );
    expect(out.map(show)).toEqual([]);
  });

  test("no import circle between files (imports of types only are erased, and left out)", () => {
    expect(circles(imports.filter(({ typeOnly, to }) => !typeOnly && to.startsWith("src/")).map(({ from, to }) => [from, to]))).toEqual([]);
  });

  test("no circle between modules, types included", () => {
    const between = imports.filter(({ from, to }) => moduleOf(from) && moduleOf(to) && moduleOf(from) !== moduleOf(to));
    expect(circles(between.map(({ from, to }) => [moduleOf(from)!, moduleOf(to)!]))).toEqual([]);
  });
});

/**
 * Issue 39: the services' edges, as the composition root (src/services.ts) builds them — each definition leans on the
 * names it uses — and each module's, as its `ModuleContext<…>` names the services it takes.
 */
async function serviceEdges() {
  const text = await Bun.file(join(ROOT, "src/services.ts")).text();
  const body = text.slice(text.indexOf("export function createServices"));
  const definitions = new Map<string, string>();
  // Each `const name = …` (up to the next statement) and each `name: …` or `name,` of the returned object.
  for (const [, name, definition] of body.matchAll(/^ {2}const (\w+) = ([\s\S]*?)(?=^ {2}(?:const |return |\/\/))/gm))
    definitions.set(name!, definition!);
  const returned = body.slice(body.indexOf("  return {"));
  for (const [, name, definition] of returned.matchAll(/^ {4}(\w+)(?:: (.*))?,$/gm)) if (definition) definitions.set(name!, definition);
  const services = [...returned.matchAll(/^ {4}(\w+)(?::|,)/gm)].map(([, name]) => name!);
  const edges: [string, string][] = [];
  // A name used, not a member of something else (`config.payments` is a setting, not the payments service).
  for (const [name, definition] of definitions)
    for (const other of definitions.keys()) if (other !== name && new RegExp(`(?<![.\\w])${other}\\b`).test(definition)) edges.push([name, other]);
  const modules: [string, string][] = [];
  for await (const path of new Glob("modules/*/index.ts").scan(join(ROOT, "src"))) {
    const source = await Bun.file(join(ROOT, "src", path)).text();
    // A module built from the context (site and https are handed what they need) names the services it takes.
    if (!/function \w+Module\(ctx:/.test(source)) continue;
    const named = /function \w+Module\(ctx: ModuleContext(?:<([^>]*)>)?/.exec(source);
    if (!named) modules.push([path, "(takes no ModuleContext)"]);
    for (const [, service] of (named?.[1] ?? "").matchAll(/"(\w+)"/g)) modules.push([`module ${path.split("/")[1]}`, service!]);
  }
  return { services, edges, modules };
}

describe("the services' edges", () => {
  test("the composition root's services lean on each other without a circle (the scan sees payments -> bookings -> outbox)", async () => {
    const { services, edges } = await serviceEdges();
    expect(services).toEqual(expect.arrayContaining(["bookings", "payments", "events", "classes", "outbox"]));
    expect(edges).toEqual(expect.arrayContaining([["payments", "bookings"] as [string, string], ["bookings", "outbox"] as [string, string]]));
    expect(circles(edges)).toEqual([]);
  });

  test("each module takes the services it uses by name (ModuleContext<…>), each a service of the composition root", async () => {
    const { services, modules } = await serviceEdges();
    expect(modules.filter(([, service]) => !services.includes(service))).toEqual([]);
    expect(modules).toEqual(
      expect.arrayContaining([["module events", "bookings"] as [string, string], ["module classes", "bookings"] as [string, string]]),
    );
    expect(circles([...modules])).toEqual([]);
  });
});
