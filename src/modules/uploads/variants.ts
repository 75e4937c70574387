// Resized copies of uploaded photos (src/shared/images.ts): made by Bun.Image on its worker thread the first time a
// width is asked for, kept on disk beside the data, and made again when the upload under that name changes.
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { badRequest, notFound } from "@server/lib/errors.ts";
import { removeTempFiles, writeFileAtomic } from "@server/lib/files.ts";
import { Semaphore } from "@server/lib/rate-limit.ts";
import { IMAGE_WIDTHS, RESIZABLE_EXTENSIONS } from "@server/shared/images.ts";
import { CONTENT_TYPES, IMMUTABLE, UPLOAD_NAME, type UploadKind } from "./service.ts";

/** Larger images are refused before their pixels are decoded (a small file may declare a huge canvas). */
const MAX_PIXELS = 50_000_000;
const WEBP_QUALITY = 75;

export type ImageVariants = { serve(name: string, width: string): Promise<Response> };

/** A file's answer with its Content-Length, which the request log reports (Bun knows it only once sending). */
function fileAnswer(path: string, headers: Record<string, string>): Response {
  const file = Bun.file(path);
  return new Response(file, { headers: { ...headers, "Content-Length": String(file.size) } });
}

/** Serves `<name>` from `uploadsDir` at a width of IMAGE_WIDTHS as WebP, the copies kept in `cacheDir`. */
export function imageVariants(uploadsDir: string, cacheDir: string, log: Pick<Console, "error"> = console): ImageVariants {
  const making = new Map<string, Promise<void>>();
  // Per upload name, the version (size and time) that Bun.Image could not decode or found too large: served as it
  // is from then on, not decoded and logged again on every request.
  const undecodable = new Map<string, string>();
  // One decode at a time: a decoded PNG of 24 megapixels holds ~100 MB; a page of new photos would otherwise decode
  // several at once on a small server.
  const decoding = new Semaphore(1);
  removeTempFiles(cacheDir); // left by a process stopped while writing a copy

  async function make(name: string, version: string, target: string, width: number) {
    await mkdir(cacheDir, { recursive: true });
    const bytes = await decoding
      .run(() =>
        new Bun.Image(join(uploadsDir, name), { maxPixels: MAX_PIXELS })
          .resize(width, undefined, { withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .bytes(),
      )
      .catch((error: unknown) => {
        undecodable.set(name, version);
        throw error;
      });
    writeFileAtomic(target, bytes);
  }

  /** Drops the copies of `name` at `width` made from an earlier file under that name. */
  async function dropStale(prefix: string, current: string) {
    const names = await readdir(cacheDir).catch(() => []);
    await Promise.all(
      names.filter((entry) => entry.startsWith(prefix) && entry !== current).map((entry) => rm(join(cacheDir, entry), { force: true })),
    );
  }

  return {
    async serve(name, widthParam) {
      const match = UPLOAD_NAME.exec(name);
      if (!match) throw notFound();
      const ext = match[1] as UploadKind["ext"];
      if (!RESIZABLE_EXTENSIONS.includes(ext)) throw badRequest("Only JPEG, PNG and WebP images are resized.");
      const width = IMAGE_WIDTHS.find((candidate) => String(candidate) === widthParam);
      if (!width) throw badRequest(`The width must be one of ${IMAGE_WIDTHS.join(", ")}.`);
      const source = join(uploadsDir, name);
      const info = await stat(source).catch(() => null);
      if (!info?.isFile()) throw notFound();

      // The upload's size and time are in the copy's name: a file restored or synced under the same name is
      // resized again rather than answered with the old picture.
      const version = `${info.size}-${Math.trunc(info.mtimeMs)}`;
      const original = () => fileAnswer(source, { "Content-Type": CONTENT_TYPES[ext], "Cache-Control": "no-cache" });
      if (undecodable.get(name) === version) return original();
      const prefix = `${name}.${width}.`;
      const variant = `${prefix}${version}.webp`;
      const target = join(cacheDir, variant);
      if (!(await Bun.file(target).exists())) {
        let pending = making.get(target);
        if (!pending) {
          pending = make(name, version, target, width)
            .then(() => dropStale(prefix, variant))
            .finally(() => making.delete(target));
          making.set(target, pending);
        }
        try {
          await pending;
        } catch (error) {
          // A file Bun.Image cannot read (or too many pixels) is still shown: the browser gets the upload itself.
          log.error(`Could not resize ${name} to ${width} px, serving the original: ${error instanceof Error ? error.message : error}`);
          return original();
        }
      }
      return fileAnswer(target, { "Content-Type": "image/webp", "Cache-Control": IMMUTABLE });
    },
  };
}
