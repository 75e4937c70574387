// The web app's layout (issue 14, item 6): features do not import each other (the admin area is one feature, each of
// its tabs a folder that imports no other tab, issue 31), the shared parts (components/, lib/, theme/) import no
// feature and not the app, and the server imports the web app only where listed below.
import { describe, expect, test } from "bun:test";
import { dirname, join, relative, resolve } from "node:path";
import { Glob } from "bun";

const ROOT = resolve(import.meta.dir, "..");

/** Where the server legitimately reaches into web/, and why. */
const SERVER_IMPORTS_OF_WEB: Record<string, { target: string; reason: string }> = {
  "src/main.ts": { target: "web/app/server-render.tsx", reason: "serve renders `/` with the web app's server renderer" },
  "src/modules/site/page.test.ts": { target: "web/app/server-render.tsx", reason: "the page plugin is tested with the real renderer" },
  "src/modules/site/site-files.ts": {
    target: "web/features/layout/assets/icons/",
    reason: "the icon files drawn from the site's mark, served at /favicon.ico etc.",
  },
};

type Import = { from: string; to: string };

/** The roots' import aliases (tsconfig.json `paths`). */
const ALIASES: Record<string, string> = {
  "@server/": "src/",
  "@web/": "web/",
  "@db/": "db/",
  "@tests/": "tests/",
  "@styled-system/": "styled-system/",
};

/** Where a specifier leads, from the repository root: relative ones from the importing file, aliased ones from their root. */
function target(file: string, specifier: string): string | undefined {
  if (specifier.startsWith(".")) return relative(ROOT, resolve(dirname(file), specifier));
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  return alias && ALIASES[alias] + specifier.slice(alias.length);
}

/** Every module path of the project a file names (static, dynamic, side-effect and re-export imports), from the repository root. */
async function importsUnder(folder: string): Promise<Import[]> {
  const found: Import[] = [];
  for await (const path of new Glob("**/*.{ts,tsx}").scan(join(ROOT, folder))) {
    const file = join(ROOT, folder, path);
    for (const [, specifier] of (await Bun.file(file).text()).matchAll(/\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
      const to = target(file, specifier!);
      if (to) found.push({ from: relative(ROOT, file), to });
    }
  }
  return found;
}

/** The feature a path belongs to: the first folder under web/features (all of web/features/admin is "admin"). */
const featureOf = (path: string) => (path.startsWith("web/features/") ? path.split("/")[2] : undefined);

/** The admin area's folders that are not tabs: the dashboard that shows the tabs, the login pages, the admin's shared UI. */
const ADMIN_SHELL = new Set(["dashboard", "login", "shared"]);
/** The admin tab a path belongs to: its folder under web/features/admin, when that folder is a tab. */
const adminTabOf = (path: string) => {
  const [, , feature, folder] = path.split("/");
  return feature === "admin" && folder && !ADMIN_SHELL.has(folder) && !folder.includes(".") ? folder : undefined;
};

const webImports = await importsUnder("web");
const show = ({ from, to }: Import) => `${from} -> ${to}`;

describe("the web app's layout", () => {
  test("the scan sees the home route compose the features", () => {
    expect(webImports.map(show)).toContain("web/app/routes/home.tsx -> web/features/events/components/events-section.tsx");
  });

  test("no feature imports another feature (the admin area counts as one)", () => {
    const crossing = webImports.filter(({ from, to }) => featureOf(from) && featureOf(to) && featureOf(from) !== featureOf(to));
    expect(crossing.map(show)).toEqual([]);
  });

  test("no admin tab imports another, and the admin's shared UI and login import no tab", () => {
    expect(webImports.map(show)).toContain("web/features/admin/events/events-tab.tsx -> web/features/admin/events/archive/archive-section.tsx");
    const crossing = webImports.filter(
      ({ from, to }) => adminTabOf(to) && adminTabOf(from) !== adminTabOf(to) && !from.startsWith("web/features/admin/dashboard/"),
    );
    expect(crossing.map(show)).toEqual([]);
  });

  test("components/, lib/ and theme/ import neither a feature nor the app", () => {
    const shared = /^web\/(components|lib|theme)\//;
    const upward = webImports.filter(({ from, to }) => shared.test(from) && /^web\/(features|app)\//.test(to));
    expect(upward.map(show)).toEqual([]);
  });

  test("the server imports the web app only where listed", async () => {
    const intoWeb = (await importsUnder("src")).filter(({ to }) => to.startsWith("web/"));
    const unlisted = intoWeb.filter(({ from, to }) => !(SERVER_IMPORTS_OF_WEB[from] && to.startsWith(SERVER_IMPORTS_OF_WEB[from].target)));
    expect(unlisted.map(show)).toEqual([]);
    const listedButUnused = Object.keys(SERVER_IMPORTS_OF_WEB).filter((from) => !intoWeb.some((found) => found.from === from));
    expect(listedButUnused).toEqual([]);
  });

  // ADR 14: style objects are resolved by Panda's own css() at build time, through Bun's macros, so none is resolved
  // in the browser during the first script run (a call whose argument is not static fails the build).
  test("every css() of Panda runs at build time", async () => {
    const atRuntime: string[] = [];
    for await (const path of new Glob("**/*.{ts,tsx}").scan(join(ROOT, "web"))) {
      const text = await Bun.file(join(ROOT, "web", path)).text();
      for (const [line] of text.matchAll(/^import \{[^}]*\bcss\b[^}]*\} from "(?:[./]*|@)styled-system\/css".*$/gm))
        if (!line.endsWith('with { type: "macro" };')) atRuntime.push(`web/${path}: ${line}`);
    }
    expect(atRuntime).toEqual([]);
  });
});
