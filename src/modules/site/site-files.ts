// The files search engines, browsers and phones ask for at the site's root (issue 5, findability): robots.txt,
// sitemap.xml (its text; src/modules/site/page.ts serves it), the icons (made from the site's mark by scripts/icons.ts, served as
// they are) and the web manifest.
import { readFileSync } from "node:fs";
import { type CachedAnswer, type ResponseSet, sendCached, toAnswer } from "@server/lib/public-cache.ts";
import appleTouchIcon from "@web/features/layout/assets/icons/apple-touch-icon.png" with { type: "file" };
import faviconIco from "@web/features/layout/assets/icons/favicon.ico" with { type: "file" };
import faviconSvg from "@web/features/layout/assets/icons/favicon.svg" with { type: "file" };
import icon192 from "@web/features/layout/assets/icons/icon-192.png" with { type: "file" };
import icon512 from "@web/features/layout/assets/icons/icon-512.png" with { type: "file" };
import iconMaskable512 from "@web/features/layout/assets/icons/icon-maskable-512.png" with { type: "file" };

export const SITE_NAME = "Vedanta & Yoga Melbourne";
const SITE_SHORT_NAME = "Vedanta & Yoga";
/** The theme's deep indigo (web/theme/tokens.ts, indigo.900) and cream paper (sand.100). */
const THEME_COLOR = "#1a1f3d";
const BACKGROUND_COLOR = "#fbf6ec";

const DAY = "public, max-age=86400";

type SiteFile = { cacheControl: string; make: () => CachedAnswer };

/** A file of the source tree (embedded in the executable), read on first request. */
const iconFile = (path: string, contentType: string): SiteFile => ({ cacheControl: DAY, make: () => toAnswer(readFileSync(path), contentType) });

/** The root files, by path; each is made on first request and kept. */
export function createSiteFiles(siteUrl: string) {
  const files: Record<string, SiteFile> = {
    "/robots.txt": {
      cacheControl: DAY,
      make: () =>
        toAnswer(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap.xml\n`, "text/plain; charset=utf-8"),
    },
    "/favicon.svg": iconFile(faviconSvg, "image/svg+xml"),
    "/favicon.ico": iconFile(faviconIco, "image/x-icon"),
    "/apple-touch-icon.png": iconFile(appleTouchIcon, "image/png"),
    "/icon-192.png": iconFile(icon192, "image/png"),
    "/icon-512.png": iconFile(icon512, "image/png"),
    "/icon-maskable-512.png": iconFile(iconMaskable512, "image/png"),
    "/manifest.webmanifest": {
      cacheControl: DAY,
      make: () =>
        toAnswer(
          JSON.stringify({
            name: SITE_NAME,
            short_name: SITE_SHORT_NAME,
            description: "Yoga and Vedanta classes, retreats and talks in Melbourne.",
            start_url: "/",
            scope: "/",
            display: "standalone",
            background_color: BACKGROUND_COLOR,
            theme_color: THEME_COLOR,
            icons: [
              { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
              { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
              { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
              { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
            ],
          }),
          "application/manifest+json",
        ),
    },
  };
  const made = new Map<string, CachedAnswer>();
  return {
    has: (pathname: string) => pathname in files,
    /** Answers a GET or HEAD for one of the root files (ETag, 304, compression as the public cache does). */
    respond(request: Request, pathname: string, set: ResponseSet) {
      // biome-ignore lint/style/noNonNullAssertion: respond() is only called after has(pathname)
      const file = files[pathname]!;
      let answer = made.get(pathname);
      if (!answer) {
        answer = file.make();
        made.set(pathname, answer);
      }
      return sendCached(request, answer, set, file.cacheControl);
    },
  };
}

/**
 * sitemap.xml: the page, then each event's and archive entry's link (issue 16) with the day it was added (the rows keep
 * no other date). Served by the page (src/modules/site/page.ts), which rebuilds it after every write.
 */
export function sitemapXml(siteUrl: string, links: { path: string; createdAt: string }[]): string {
  const urls = [
    `  <url><loc>${siteUrl}/</loc><changefreq>weekly</changefreq></url>`,
    ...links.map(({ path, createdAt }) => `  <url><loc>${siteUrl}${path}</loc><lastmod>${createdAt.slice(0, 10)}</lastmod></url>`),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** The <head> links to the icons and the manifest (the page adds them to the built index.html). */
export const ICON_LINKS = [
  `<link rel="icon" href="/favicon.ico" sizes="32x32">`,
  `<link rel="icon" href="/favicon.svg" type="image/svg+xml">`,
  `<link rel="apple-touch-icon" href="/apple-touch-icon.png">`,
  `<link rel="manifest" href="/manifest.webmanifest">`,
  `<meta name="theme-color" content="${THEME_COLOR}">`,
].join("");
