// The files search engines, browsers and phones ask for at the site's root (issue 5, findability): robots.txt,
// sitemap.xml, the favicon (our SVG, with PNG renderings for /favicon.ico and home screens) and the web manifest.
import { respondCached, toAnswer, type CachedAnswer } from "../lib/public-cache.ts";

export const SITE_NAME = "Vedanta & Yoga Melbourne";
export const SITE_SHORT_NAME = "Vedanta & Yoga";
/** The theme's deep indigo (web/theme/tokens.ts, indigo.900) and cream paper (sand.100). */
export const THEME_COLOR = "#1a1f3d";
const BACKGROUND_COLOR = "#fbf6ec";

// A saffron sun rising over the horizon on the night's indigo: drawn once as SVG and once as pixels (below).
const INDIGO = [0x1a, 0x1f, 0x3d] as const;
const SUN = [0xec, 0x9a, 0x45] as const;
const LINE = [0xf5, 0xb6, 0x6b] as const;
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${THEME_COLOR}"/><path d="M17 40a15 15 0 0 1 30 0z" fill="#ec9a45"/><rect x="10" y="43" width="44" height="4" rx="2" fill="#f5b66b"/></svg>`;

/** The same picture as FAVICON_SVG, as RGBA pixels of a size×size square (4×4 samples per pixel for smooth edges). */
function drawIcon(size: number, maskable: boolean): Uint8Array {
  const pixels = new Uint8Array(size * size * 4);
  const scale = 64 / size;
  // A maskable icon fills the square (the phone cuts its own shape) and keeps the drawing in the central 80%.
  const inset = maskable ? 0.1 : 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          const px = (x + (sx + 0.5) / 4) * scale;
          const py = (y + (sy + 0.5) / 4) * scale;
          if (!maskable && !insideRoundedSquare(px, py, 64, 14)) continue;
          const u = (px - 64 * inset) / (1 - 2 * inset);
          const v = (py - 64 * inset) / (1 - 2 * inset);
          const colour = u >= 10 && u <= 54 && v >= 43 && v <= 47 ? LINE : v <= 40 && (u - 32) ** 2 + (v - 40) ** 2 <= 225 ? SUN : INDIGO;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          a += 255;
        }
      }
      const i = (y * size + x) * 4;
      const n = a / 255;
      pixels.set(n ? [Math.round(r / n), Math.round(g / n), Math.round(b / n), Math.round(a / 16)] : [0, 0, 0, 0], i);
    }
  }
  return pixels;
}

function insideRoundedSquare(x: number, y: number, size: number, radius: number): boolean {
  const dx = Math.max(radius - x, 0, x - (size - radius));
  const dy = Math.max(radius - y, 0, y - (size - radius));
  return dx * dx + dy * dy <= radius * radius;
}

/** A minimal PNG encoder (8-bit RGBA, no interlace). */
export function encodePng(size: number, rgba: Uint8Array): Uint8Array<ArrayBuffer> {
  const raw = new Uint8Array(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) raw.set(rgba.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(data, 8);
    view.setUint32(8 + data.length, Bun.hash.crc32(out.subarray(4, 8 + data.length)));
    return out;
  };
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  header.set([8, 6, 0, 0, 0], 8);
  // node:zlib is loaded with the first icon, not at start (it costs the server ~6 ms and ~8 MB there).
  const { deflateSync } = process.getBuiltinModule("node:zlib");
  const parts = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(raw, { level: 9 })), chunk("IEND", new Uint8Array())];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    png.set(part, offset);
    offset += part.length;
  }
  return png;
}

/** An .ico holding one PNG (supported by every browser since Windows Vista's format change). */
function icoFromPng(size: number, png: Uint8Array): Uint8Array<ArrayBuffer> {
  const ico = new Uint8Array(22 + png.length);
  const view = new DataView(ico.buffer);
  view.setUint16(2, 1, true); // type: icon
  view.setUint16(4, 1, true); // one image
  ico.set([size % 256, size % 256, 0, 0], 6);
  view.setUint16(10, 1, true); // colour planes
  view.setUint16(12, 32, true); // bits per pixel
  view.setUint32(14, png.length, true);
  view.setUint32(18, 22, true);
  ico.set(png, 22);
  return ico;
}

const DAY = "public, max-age=86400";

type SiteFile = { cacheControl: string; make: () => CachedAnswer };

/** The root files, by path; each is made on first request and kept. */
export function createSiteFiles(siteUrl: string) {
  const files: Record<string, SiteFile> = {
    "/robots.txt": {
      cacheControl: DAY,
      make: () => toAnswer(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${siteUrl}/sitemap.xml\n`, "text/plain; charset=utf-8"),
    },
    "/sitemap.xml": {
      cacheControl: DAY,
      make: () =>
        toAnswer(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>${siteUrl}/</loc><changefreq>weekly</changefreq></url>\n</urlset>\n`,
          "application/xml; charset=utf-8",
        ),
    },
    "/favicon.svg": { cacheControl: DAY, make: () => toAnswer(FAVICON_SVG, "image/svg+xml") },
    "/favicon.ico": { cacheControl: DAY, make: () => toAnswer(icoFromPng(32, encodePng(32, drawIcon(32, false))), "image/x-icon") },
    "/apple-touch-icon.png": { cacheControl: DAY, make: () => toAnswer(encodePng(180, drawIcon(180, true)), "image/png") },
    "/icon-192.png": { cacheControl: DAY, make: () => toAnswer(encodePng(192, drawIcon(192, false)), "image/png") },
    "/icon-512.png": { cacheControl: DAY, make: () => toAnswer(encodePng(512, drawIcon(512, false)), "image/png") },
    "/icon-maskable-512.png": { cacheControl: DAY, make: () => toAnswer(encodePng(512, drawIcon(512, true)), "image/png") },
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
    respond(request: Request, pathname: string): Response | Promise<Response> {
      const file = files[pathname]!;
      let answer = made.get(pathname);
      if (!answer) made.set(pathname, (answer = file.make()));
      return respondCached(request, answer, file.cacheControl);
    },
  };
}

/** The <head> links to the icons and the manifest (the page adds them to the built index.html). */
export const ICON_LINKS = [
  `<link rel="icon" href="/favicon.ico" sizes="32x32">`,
  `<link rel="icon" href="/favicon.svg" type="image/svg+xml">`,
  `<link rel="apple-touch-icon" href="/apple-touch-icon.png">`,
  `<link rel="manifest" href="/manifest.webmanifest">`,
  `<meta name="theme-color" content="${THEME_COLOR}">`,
].join("");
