// Uploaded files: the type is read from the bytes, sizes are capped while the body streams in, names are ours.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { readBodyWithLimit } from "@server/lib/body.ts";
import { badRequest, payloadTooLarge } from "@server/lib/errors.ts";
import { writeFileAtomic } from "@server/lib/files.ts";

export type UploadKind = { ext: "jpg" | "png" | "gif" | "webp" | "pdf"; type: string };

/** Room for the multipart boundaries and part headers around the file itself. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** What a stored upload may be called; anything else under /uploads/ is a 404. */
export const UPLOAD_NAME = /^[A-Za-z0-9_-]+\.(jpg|png|gif|webp|pdf)$/;
export const CONTENT_TYPES: Record<UploadKind["ext"], string> = {
  jpg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
};

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);

/**
 * JPEG, PNG, GIF or WEBP from the file's magic numbers plus the first structure each format requires (so a
 * text or HTML file that merely starts with a signature is refused); null for anything else.
 */
export function sniffImage(bytes: Uint8Array): UploadKind | null {
  // JPEG: SOI (FF D8) then the first marker segment (FF xx).
  // biome-ignore lint/style/noNonNullAssertion: bytes.length >= 4 was checked on this line
  if (bytes.length >= 4 && startsWith(bytes, [0xff, 0xd8, 0xff]) && bytes[3]! >= 0xc0 && bytes[3]! !== 0xff) {
    return { ext: "jpg", type: CONTENT_TYPES.jpg };
  }
  // PNG: the 8-byte signature, then the 13-byte IHDR chunk.
  if (
    bytes.length >= 33 &&
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) &&
    startsWith(bytes.subarray(8), [0, 0, 0, 13]) &&
    ascii(bytes, 12, 16) === "IHDR"
  ) {
    return { ext: "png", type: CONTENT_TYPES.png };
  }
  // GIF: header, logical screen descriptor, optional global colour table, then an extension, image or trailer.
  if (bytes.length >= 14 && (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a")) {
    // biome-ignore lint/style/noNonNullAssertion: the length was checked before reading the header
    const flags = bytes[10]!;
    const firstBlock = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
    if ([0x21, 0x2c, 0x3b].includes(bytes[firstBlock] ?? -1)) return { ext: "gif", type: CONTENT_TYPES.gif };
  }
  // WEBP: RIFF container of form WEBP whose first chunk is VP8, VP8L or VP8X.
  if (bytes.length >= 20 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP" && /^VP8[ LX]$/.test(ascii(bytes, 12, 16))) {
    return { ext: "webp", type: CONTENT_TYPES.webp };
  }
  return null;
}

/** A PDF starts with "%PDF-" and a version digit. */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && ascii(bytes, 0, 5) === "%PDF-" && /[0-9]/.test(ascii(bytes, 5, 6));
}

export type UploadRules = { field: string; maxBytes: number; tooLargeMessage: string };

/** The bytes of the file in multipart field `field`, read within the size limit; clear 400s for anything else. */
export async function readUploadedFile(request: Request, rules: UploadRules): Promise<Uint8Array> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;.*boundary=/i.test(contentType)) {
    throw badRequest(`Expected a multipart/form-data upload with the file in the "${rules.field}" field.`);
  }
  const body = await readBodyWithLimit(request, rules.maxBytes + MULTIPART_OVERHEAD_BYTES, rules.tooLargeMessage);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw badRequest("The upload could not be read as a multipart form.");
  }
  const file = form.get(rules.field);
  if (file === null || typeof file === "string") throw badRequest(`No file was uploaded in the "${rules.field}" field.`);
  if (file.size === 0) throw badRequest("The uploaded file is empty.");
  if (file.size > rules.maxBytes) throw payloadTooLarge(rules.tooLargeMessage);
  return new Uint8Array(await file.arrayBuffer());
}

/** Writes `bytes` atomically under a new random name and answers its public path. */
export async function storeUpload(uploadsDir: string, bytes: Uint8Array, kind: UploadKind): Promise<string> {
  await mkdir(uploadsDir, { recursive: true });
  const name = `${Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url")}.${kind.ext}`;
  writeFileAtomic(join(uploadsDir, name), bytes);
  return `/uploads/${name}`;
}

export const IMMUTABLE = "public, max-age=31536000, immutable";
