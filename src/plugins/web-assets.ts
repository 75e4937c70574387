// Serves the built web app: only files of the build output, compressed when the client accepts it.

import { join, normalize } from "node:path";
import { Elysia } from "elysia";
import { etagMatches, type ResponseSet } from "../lib/public-cache.ts";
import { APP_PAGES } from "../shared/constants.ts";

/** The site's root files (src/modules/site/site-files.ts), answered before the build's. */
type SiteFiles = { has: (path: string) => boolean; respond: (request: Request, path: string, set: ResponseSet) => unknown };

/** Path in the build (e.g. "/assets/main-1a2b.js") → file on disk or embedded in the executable. */
export type WebAssetFiles = Record<string, string>;

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, max-age=0, must-revalidate";

/** Lists a build folder the same way the embedded manifest does (used by tests and development). */
export async function assetsFromDirectory(dir: string): Promise<WebAssetFiles> {
  const files: WebAssetFiles = {};
  for await (const file of new Bun.Glob("**/*").scan({ cwd: dir, dot: false })) {
    files[`/${file.split("\\").join("/")}`] = normalize(join(dir, file));
  }
  return files;
}

const isAppPage = (pathname: string) => (APP_PAGES as readonly string[]).includes(pathname.replace(/(.)\/+$/, "$1"));

const isHashed = (path: string) => /-[a-z0-9]{8,}\.\w+$/.test(path);

/** Answers a GET for a build file, or the app shell for any other page path (the app shows its own 404). */
export function createWebAssetHandler(files: WebAssetFiles) {
  // Build files never change while the server runs: each ETag is computed once, on first request.
  const etags = new Map<string, string>();
  const etagOf = async (source: string) => {
    let etag = etags.get(source);
    if (!etag) {
      const bytes = await Bun.file(source).bytes();
      etag = `"${Bun.hash(bytes).toString(36)}-${bytes.length.toString(36)}"`;
      etags.set(source, etag);
    }
    return etag;
  };
  return async function serveWebAsset(request: Request, pathname: string): Promise<Response> {
    const path = files[pathname] ? pathname : "/index.html";
    const source = files[path];
    if (!source) return new Response("The web app has not been built. Run `bun run build`.", { status: 503 });
    if (pathname !== path && /\.\w{2,5}$/.test(pathname)) return new Response("Not found", { status: 404 });
    // Any other page path gets the app, which shows the spec's 404 page, with a real 404 status for crawlers.
    if (pathname !== path && !isAppPage(pathname)) {
      return new Response(request.method === "HEAD" ? null : Bun.file(source), {
        status: 404,
        headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" },
      });
    }
    const accepts = request.headers.get("accept-encoding") ?? "";
    const variant = accepts.includes("br") && files[`${path}.br`] ? "br" : accepts.includes("gzip") && files[`${path}.gz`] ? "gzip" : null;
    // biome-ignore lint/style/noNonNullAssertion: the variant was chosen from the files that exist
    const file = Bun.file(variant ? files[`${path}.${variant === "br" ? "br" : "gz"}`]! : source);
    const etag = await etagOf(source);
    const headers = new Headers({
      "Content-Type": Bun.file(source).type,
      "Cache-Control": isHashed(path) ? IMMUTABLE : REVALIDATE,
      Vary: "Accept-Encoding",
      ETag: etag,
    });
    if (etagMatches(request.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
    if (variant) headers.set("Content-Encoding", variant);
    return new Response(request.method === "HEAD" ? null : file, { headers });
  };
}

/**
 * The built web app (our own plugin: @elysia/static cannot choose a precompressed twin by Accept-Encoding, nor mark
 * only hashed files immutable, nor serve files embedded in the executable; ADR 12): the root files (robots, sitemap,
 * icons, manifest), the build's files, and the app shell for any other page path (the app shows its 404). Other
 * methods are a 405.
 */
export function webApp(serve: ReturnType<typeof createWebAssetHandler>, siteFiles: SiteFiles) {
  return new Elysia({ name: "web-app" })
    .get("/*", ({ request, path, set }) => (siteFiles.has(path) ? siteFiles.respond(request, path, set) : serve(request, path)))
    .all("/*", () => new Response("Method not allowed", { status: 405, headers: { Allow: "GET, HEAD" } }), { parse: "none" });
}
