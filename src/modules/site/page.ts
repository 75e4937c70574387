// GET /: the built index.html with the page's metadata in <head> and, when a renderer is given, the React tree
// rendered with its data (src/modules/site/page-document.ts fills the shell's slots), kept in the public cache so serving
// it costs a lookup until a write changes it. Each event's and archive entry's link (`/?event=<id>`, `/?archive=<id>`,
// issue 16) is a page of its own for crawlers and link previews, cached the same way. Where the mailed links (newsletter, registration cancel) land
// are src/modules/site/landing-pages.ts; the sitemap, which lists the links, src/modules/site/sitemap.ts.

import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { Config } from "@server/config.ts";
import { errorText, log } from "@server/lib/log.ts";
import { type PublicCache, sendCached, toAnswer } from "@server/lib/public-cache.ts";
import { requestId } from "@server/plugins/request-log.ts";
import type { WebAssetFiles } from "@server/plugins/web-assets.ts";
import { imageSources } from "@server/shared/images.ts";
import { archiveItemPath, classPath, eventPath, linkedDialog, linkPath } from "@server/shared/links.ts";
import { Elysia } from "elysia";
import type { ArchiveItem } from "../archive/index.ts";
import type { PublicClass } from "../classes/index.ts";
import type { PublicEvent as Event } from "../events/index.ts";
import { landingPages } from "./landing-pages.ts";
import { type LinkedItem, type PreviewImage, pageHead, portraitPreload } from "./metadata.ts";
import type { PageData, PageLinks } from "./page-data.ts";
import { parseShell, renderDocument } from "./page-document.ts";
import { ICON_LINKS, SITE_NAME } from "./site-files.ts";
import { sitemap } from "./sitemap.ts";

const REVALIDATE = "public, max-age=0, must-revalidate";
/** Link pages kept at once (between two writes); more are rendered on each request. */
const MAX_LINK_PAGES = 100;
/** The width of the resized copy a link preview shows (one of src/shared/images.ts's). */
const PREVIEW_WIDTH = 1280;
/** The mailed links' landings are no pages of their own for search engines (their canonical is `/`). */
const NOINDEX = '<meta name="robots" content="noindex">';

export type Linked = { path: string; createdAt: string } & ({ event: Event } | { entry: ArchiveItem } | { weekly: PublicClass });

/** Every link that exists, by its path: the upcoming events, the archive's entries (past events and rows), the classes. */
function linksOf({ events, archive, classes }: PageLinks): Map<string, Linked> {
  const links = new Map<string, Linked>();
  for (const event of events) links.set(eventPath(event.id), { path: eventPath(event.id), createdAt: event.createdAt, event });
  for (const entry of archive) links.set(archiveItemPath(entry), { path: archiveItemPath(entry), createdAt: entry.createdAt, entry });
  for (const weekly of classes) links.set(classPath(weekly.id), { path: classPath(weekly.id), createdAt: weekly.createdAt, weekly });
  return links;
}

/**
 * The preview of an upload is its copy at PREVIEW_WIDTH, whose size follows from the original's (never enlarged);
 * an image elsewhere is shown as it is, its size unknown.
 */
async function previewImage(siteUrl: string, uploadsDir: string, photo: string | undefined): Promise<PreviewImage | null> {
  if (!photo) return null;
  if (!imageSources(photo, "").srcSet) return { url: /^https?:\/\//.test(photo) ? photo : `${siteUrl}${photo}` };
  const url = `${siteUrl}${photo}?w=${PREVIEW_WIDTH}`;
  try {
    const original = await new Bun.Image(join(uploadsDir, basename(photo))).metadata();
    const width = Math.min(PREVIEW_WIDTH, original.width);
    return { url, width, height: Math.round((original.height * width) / original.width) };
  } catch {
    return { url };
  }
}

/**
 * Renders the app's markup for `/` from the public reads (server-side rendering): the root's inner HTML and tags to
 * add after it. `assetUrls` maps a bundled file's plain name ("portrait-placeholder.svg") to its hashed URL.
 */
export type PageRenderer = (input: {
  request: Request;
  data: PageData;
  /** The event or archive entry a link page is about, which the first page of its list may not hold. */
  link?: Linked;
  assetUrls: Record<string, string>;
}) => Promise<{ root: string; tail?: string }> | { root: string; tail?: string };

export type PageOptions = {
  files: WebAssetFiles;
  config: Config;
  /** The built index.html (readShell), or null without a build. */
  shell: string | null;
  cache: PublicCache;
  /** The public reads (src/modules/site/page-data.ts). */
  data: () => Promise<PageData>;
  /** Every upcoming event and archive entry (src/modules/site/page-data.ts). */
  links: () => Promise<PageLinks>;
  render?: PageRenderer;
  /** Answers `/` when there is no build or rendering failed: the app shell (src/plugins/web-assets.ts). */
  fallback: (request: Request) => Response | Promise<Response>;
};

/** The built index.html, read once when the app is made, or null without a build. */
export function readShell(files: WebAssetFiles): string | null {
  if (!files["/index.html"]) return null;
  try {
    return readFileSync(files["/index.html"], "utf8");
  } catch (error) {
    log.error("Reading the page shell failed", { error: errorText(error) });
    return null;
  }
}

/** GET /, the link pages, the mailed links' landings and /sitemap.xml. */
export function page({ files, shell: html, config, cache, data: loadData, links: loadLinks, render, fallback }: PageOptions) {
  const shell = html === null ? null : parseShell(html);
  if (html !== null && !shell) console.error("The page shell has no <!--page:head--> and <!--page:root--> slots: / is served as the shell.");
  const assetUrls: Record<string, string> = {};
  for (const path of Object.keys(files)) {
    const match = /^\/([^/]+)-[a-z0-9]{8,}\.(svg|png|jpe?g|webp|gif|avif)$/.exec(path);
    if (match) assetUrls[`${match[1]}.${match[2]}`] = path;
  }

  const uploadsDir = join(config.dataDir, "uploads");
  // The links that exist and the link pages kept, until the next write (or change of day) empties the cache.
  let links: Map<string, Linked> | null = null;
  let linkPagesKept = 0;
  cache.onInvalidate(() => {
    links = null;
    linkPagesKept = 0;
  });
  const currentLinks = async () => {
    if (links) return links;
    const generation = cache.generation;
    const made = linksOf(await loadLinks());
    // Kept unless a write came in meanwhile.
    if (cache.generation === generation) links = made;
    return made;
  };

  /** A page's document: its data read, its head made, its tree rendered, the shell's slots filled. */
  const build = async (request: Request, link?: Linked, noindex = false) => {
    if (!shell) throw new Error("No page shell with slots");
    const data = await loadData();
    let linked: LinkedItem | undefined;
    if (link) {
      const photo = "event" in link ? link.event.images[0] : "entry" in link ? link.entry.image || link.entry.images[0] : undefined;
      linked = { url: `${config.siteUrl}${link.path}`, image: await previewImage(config.siteUrl, uploadsDir, photo), ...link };
    }
    const head =
      (noindex ? NOINDEX : "") +
      portraitPreload(data.profile) +
      ICON_LINKS +
      pageHead({
        siteUrl: config.siteUrl,
        siteName: SITE_NAME,
        timezone: config.timezone,
        profile: data.profile,
        events: data.events.events,
        linked,
      });
    const rendered = render ? await render({ request, data, link, assetUrls }) : undefined;
    const root = rendered && { html: rendered.root, tail: rendered.tail ?? "" };
    return { body: renderDocument(shell, { head, root }), contentType: "text/html; charset=utf-8" };
  };

  const landings = landingPages(cache, (request) => build(request, undefined, true));

  /**
   * The page a request for `/` gets: a mailed link's landing; its link's own page when it names an event or entry
   * that exists (the address rendered is the link alone, whatever else the query holds); the plain `/` otherwise.
   */
  const answerFor = async (request: Request) => {
    const url = new URL(request.url);
    const landing = landings.answer(url);
    if (landing) return landing;
    const named = linkedDialog(url.searchParams);
    const path = named ? linkPath(named.kind, named.id) : "/";
    const key = `page:${path}`;
    const kept = cache.peek(key);
    if (kept) return kept;
    // After peek(), which drops everything (and so the links) when the day or the data has changed.
    const link = named ? (await currentLinks()).get(path) : undefined;
    if (!link) return cache.get("page:/", () => build(new Request(new URL("/", url))));
    const buildLink = () => build(new Request(new URL(path, url)), link);
    if (linkPagesKept >= MAX_LINK_PAGES) {
      const built = await buildLink();
      return toAnswer(built.body, built.contentType);
    }
    linkPagesKept += 1;
    return cache.get(key, buildLink);
  };

  return new Elysia({ name: "page" })
    .get("/", async ({ request, set }) => {
      if (!shell) return fallback(request);
      try {
        const answer = await answerFor(request);
        return sendCached(request, answer, set, REVALIDATE);
      } catch (error) {
        // The plain app shell still works (it loads its data itself): better than an error page.
        log.error("Rendering / failed; serving the app shell", { id: requestId(set), error: errorText(error) });
        return fallback(request);
      }
    })
    .use(sitemap(config.siteUrl, cache, async () => [...(await currentLinks()).values()]));
}
