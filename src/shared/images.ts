// Responsive photos: the server makes WebP copies of an uploaded JPEG, PNG or WebP at a few widths
// (GET /uploads/<name>?w=<width>), and the page lists them in `srcset` so that a phone downloads a photo the size
// it shows, not the upload.

/** The widths (px) an upload is offered at; the server refuses any other. */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280, 1920] as const;

/** The uploads the server resizes: JPEG, PNG and WebP (a GIF may be animated, a PDF is no photo). */
export const RESIZABLE_EXTENSIONS: readonly string[] = ["jpg", "png", "webp"];
const RESIZABLE = new RegExp(`^/uploads/[A-Za-z0-9_-]+\\.(${RESIZABLE_EXTENSIONS.join("|")})$`);

/**
 * The hero portrait's width on the page (its column's `maxW` in web/features/hero), shared by the <img> and the
 * server's preload of it, which must ask for the same file.
 */
export const PORTRAIT_SIZES = "(min-width: 768px) 440px, (min-width: 640px) 360px, 300px";

export type ImageSources = { src: string; srcSet?: string; sizes?: string };

/**
 * The `src`, `srcSet` and `sizes` of an <img> showing `url` at `sizes` (the CSS widths it takes, as in the `sizes`
 * attribute). Only `src` for an image elsewhere (an address the administrator typed), which is shown as it is.
 */
export function imageSources(url: string, sizes: string): ImageSources {
  if (!RESIZABLE.test(url)) return { src: url };
  return { src: url, srcSet: IMAGE_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(", "), sizes };
}
