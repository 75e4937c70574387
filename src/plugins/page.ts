// GET /: the built index.html with the page's metadata in <head> (and, when a renderer is given, the React tree
// rendered with its data), kept in the public cache so serving it costs a lookup until a write changes it.

import { readFileSync } from "node:fs";
import { Elysia } from "elysia";
import type { Config } from "../config.ts";
import { pageHead, portraitPreload } from "../lib/page-metadata.ts";
import { type PublicCache, respondCached } from "../lib/public-cache.ts";
import type { Event, PublicProfile } from "../shared/types.ts";
import { allowInlineStyles } from "./security-headers.ts";
import { ICON_LINKS, SITE_NAME } from "./site-files.ts";
import type { WebAssetFiles } from "./web-assets.ts";

const REVALIDATE = "public, max-age=0, must-revalidate";

/** What the page is rendered from: each public read by its path (what the API answers for it). */
type PageData = Record<string, unknown>;
/**
 * Renders the app's markup for `/` from the public reads (server-side rendering): the root's inner HTML and tags to
 * add after it. `assetUrls` maps a bundled file's plain name ("portrait-placeholder.svg") to its hashed URL.
 */
export type PageRenderer = (input: {
  request: Request;
  data: PageData;
  assetUrls: Record<string, string>;
}) => Promise<{ root: string; tail?: string }> | { root: string; tail?: string };

export type PageOptions = {
  files: WebAssetFiles;
  config: Config;
  cache: PublicCache;
  /** The public reads, by path (the modules' `reads`), called as the API's routes call them. */
  reads: Record<string, () => unknown>;
  render?: PageRenderer;
  /** Answers `/` when there is no build or rendering failed: the app shell (src/plugins/web-assets.ts). */
  fallback: (request: Request) => Response | Promise<Response>;
};

/**
 * GET /. The built shell is read when the plugin is made: it carries the stylesheet inline (scripts/build.ts), and
 * every page made from it (this one, /admin, the 404 page) needs the CSP to allow that <style> by its hash, which
 * src/plugins/security-headers.ts reads when the app is made, after this.
 */
export function page({ files, config, cache, reads, render, fallback }: PageOptions) {
  let shell: string | null = null;
  if (files["/index.html"]) {
    try {
      shell = readFileSync(files["/index.html"], "utf8");
      allowInlineStyles(shell);
    } catch (error) {
      console.error("Reading the page shell failed:", error);
    }
  }
  const assetUrls: Record<string, string> = {};
  for (const path of Object.keys(files)) {
    const match = /^\/([^/]+)-[a-z0-9]{8,}\.(svg|png|jpe?g|webp|gif|avif)$/.exec(path);
    if (match) assetUrls[`${match[1]}.${match[2]}`] = path;
  }

  const build = async (request: Request) => {
    shell ??= await Bun.file(files["/index.html"]!).text();
    const data: PageData = Object.fromEntries(Object.entries(reads).map(([path, read]) => [path, read()]));
    const head =
      portraitPreload(data["/api/profile"] as PublicProfile | null) +
      ICON_LINKS +
      pageHead({
        siteUrl: config.siteUrl,
        siteName: SITE_NAME,
        timezone: config.timezone,
        profile: data["/api/profile"] as PublicProfile,
        events: data["/api/events"] as Event[],
      });
    // The metadata takes the place of the shell's own title, description and icon (early in <head>, before the
    // stylesheet and the scripts).
    const withoutDescription = shell.replace(/\s*<meta name="description"[^>]*>/, "").replace(/\s*<link rel="icon"[^>]*>/, "");
    const titled = /<title>[\s\S]*?<\/title>/;
    let html = titled.test(withoutDescription)
      ? withoutDescription.replace(titled, () => head)
      : withoutDescription.replace("</head>", () => `${head}</head>`);
    if (render) {
      const rendered = await render({ request, data, assetUrls });
      html = html.replace('<div id="root"></div>', () => `<div id="root">${rendered.root}</div>${rendered.tail ?? ""}`);
      // Rendered, the page reads without its script, which only makes it interactive: the portrait and the fonts,
      // which the visitor sees, go first on the network.
      html = html.replace(/<script type="module"(?![^>]*fetchpriority)/, '<script type="module" fetchpriority="low"');
    }
    return { body: html, contentType: "text/html; charset=utf-8" };
  };

  return new Elysia({ name: "page" }).get("/", async ({ request }) => {
    if (!files["/index.html"]) return fallback(request);
    try {
      const answer = await cache.get("page:/", () => build(request));
      return answer instanceof Response ? answer : respondCached(request, answer, REVALIDATE);
    } catch (error) {
      // The plain app shell still works (it loads its data itself): better than an error page.
      console.error("Rendering / failed; serving the app shell:", error);
      return fallback(request);
    }
  });
}
