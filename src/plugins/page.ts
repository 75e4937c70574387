// GET /: the built index.html with the page's metadata in <head> (and, when a renderer is given, the React tree
// rendered with its data), kept in the public cache so serving it costs a lookup until a write changes it. Each
// event's and archive entry's link (`/?event=<id>`, `/?archive=<id>`, issue 16) is a page of its own for crawlers and
// link previews, cached the same way; and sitemap.xml, which lists those links. Where the newsletter's links land
// (`/?newsletter=<state>`, issue 15) is `/` with a notice, one kept page per state.

import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { Elysia } from "elysia";
import type { Config } from "../config.ts";
import { type LinkedItem, type PreviewImage, pageHead, portraitPreload } from "../lib/page-metadata.ts";
import { type PublicCache, sendCached, toAnswer } from "../lib/public-cache.ts";
import type { PageData } from "../page-data.ts";
import { imageSources } from "../shared/images.ts";
import { archiveItemPath, eventPath, linkedDialog, linkPath } from "../shared/links.ts";
import { type NewsletterNotice, newsletterNotice, newsletterPath, unsubscribeAction, unsubscribePagePath } from "../shared/newsletter-links.ts";
import {
  cancelPagePath,
  type RegistrationNotice,
  registrationCancelPath,
  registrationNotice,
  registrationPath,
} from "../shared/registration-links.ts";
import type { ArchiveItem, PublicEvent as Event } from "../shared/types.ts";
import { ICON_LINKS, SITE_NAME, sitemapXml } from "./site-files.ts";
import type { WebAssetFiles } from "./web-assets.ts";

const REVALIDATE = "public, max-age=0, must-revalidate";
const SITEMAP_CACHE = "public, max-age=3600";
/** Link pages kept at once (between two writes); more are rendered on each request. */
const MAX_LINK_PAGES = 100;
/** The width of the resized copy a link preview shows (one of src/shared/images.ts's). */
const PREVIEW_WIDTH = 1280;
/** The newsletter's landings are no pages of their own for search engines (their canonical is `/`). */
const NOINDEX = '<meta name="robots" content="noindex">';
/** The unsubscribe page is kept with this link in its form, which each request's own link replaces. */
const STAND_IN = { id: "1", token: "0".repeat(43) };
const formAction = (id: string, token: string) => unsubscribeAction(id, token).replace("&", "&amp;");

type Linked = { path: string; createdAt: string } & ({ event: Event } | { entry: ArchiveItem });

/** Every link that exists, by its path: the upcoming events, then the archive's entries (past events and rows). */
function linksOf(events: Event[], archive: ArchiveItem[]): Map<string, Linked> {
  const links = new Map<string, Linked>();
  for (const event of events) links.set(eventPath(event.id), { path: eventPath(event.id), createdAt: event.createdAt, event });
  for (const entry of archive) links.set(archiveItemPath(entry), { path: archiveItemPath(entry), createdAt: entry.createdAt, entry });
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
  assetUrls: Record<string, string>;
}) => Promise<{ root: string; tail?: string }> | { root: string; tail?: string };

export type PageOptions = {
  files: WebAssetFiles;
  config: Config;
  /** The built index.html (readShell), or null without a build. */
  shell: string | null;
  cache: PublicCache;
  /** The public reads (src/page-data.ts). */
  data: () => Promise<PageData>;
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
    console.error("Reading the page shell failed:", error);
    return null;
  }
}

/** GET / and /sitemap.xml. */
export function page({ files, shell: builtShell, config, cache, data: loadData, render, fallback }: PageOptions) {
  let shell = builtShell;
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
    const { events, archive } = await loadData();
    const made = linksOf(events, archive);
    // Kept unless a write came in meanwhile.
    if (cache.generation === generation) links = made;
    return made;
  };

  const build = async (request: Request, link?: Linked, noindex = false) => {
    // biome-ignore lint/style/noNonNullAssertion: the build always writes index.html (the asset table is generated from it)
    shell ??= await Bun.file(files["/index.html"]!).text();
    const data = await loadData();
    let linked: LinkedItem | undefined;
    if (link) {
      const photo = "event" in link ? link.event.images[0] : link.entry.image || link.entry.images[0];
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
        events: data.events,
        linked,
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

  const noticePage = async (notice: NewsletterNotice, url: URL) => {
    const path = notice.state === "unsubscribe" ? unsubscribePagePath(STAND_IN.id, STAND_IN.token) : newsletterPath(notice.state);
    const kept = await cache.get(`page:/?newsletter=${notice.state}`, () => build(new Request(new URL(path, url)), undefined, true));
    if (notice.state !== "unsubscribe" || kept instanceof Response) return kept;
    const html = new TextDecoder().decode(kept.body).replace(formAction(STAND_IN.id, STAND_IN.token), formAction(notice.id, notice.token));
    return toAnswer(html, kept.contentType);
  };

  // A registration's cancel link lands the same way (issue 23): its page is kept with a stand-in link in its form.
  const cancelAction = (id: string, token: string) => registrationCancelPath(id, token).replace("&", "&amp;");
  const registrationPage = async (notice: RegistrationNotice, url: URL) => {
    const path = notice.state === "cancel" ? cancelPagePath(STAND_IN.id, STAND_IN.token) : registrationPath(notice.state);
    const kept = await cache.get(`page:/?registration=${notice.state}`, () => build(new Request(new URL(path, url)), undefined, true));
    if (notice.state !== "cancel" || kept instanceof Response) return kept;
    const html = new TextDecoder().decode(kept.body).replace(cancelAction(STAND_IN.id, STAND_IN.token), cancelAction(notice.id, notice.token));
    return toAnswer(html, kept.contentType);
  };

  /**
   * The page a request for `/` gets: a newsletter link's landing; its link's own page when it names an event or entry
   * that exists (the address rendered is the link alone, whatever else the query holds); the plain `/` otherwise.
   */
  const answerFor = async (request: Request) => {
    const url = new URL(request.url);
    const notice = newsletterNotice(url.searchParams);
    if (notice) return noticePage(notice, url);
    const registration = registrationNotice(url.searchParams);
    if (registration) return registrationPage(registration, url);
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
      if (!files["/index.html"]) return fallback(request);
      try {
        const answer = await answerFor(request);
        return answer instanceof Response ? answer : sendCached(request, answer, set, REVALIDATE);
      } catch (error) {
        // The plain app shell still works (it loads its data itself): better than an error page.
        console.error("Rendering / failed; serving the app shell:", error);
        return fallback(request);
      }
    })
    .get("/sitemap.xml", async ({ request, set }) => {
      const answer = await cache.get("sitemap.xml", async () => ({
        body: sitemapXml(config.siteUrl, [...(await currentLinks()).values()]),
        contentType: "application/xml; charset=utf-8",
      }));
      return answer instanceof Response ? answer : sendCached(request, answer, set, SITEMAP_CACHE);
    });
}
