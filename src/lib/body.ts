// Request bodies are read within the limit of their route: a 413 as soon as a body is known to be too large, from its
// Content-Length before anything is read, else while it streams in. Nothing is read whole before that check.
import { badRequest, payloadTooLarge } from "./errors.ts";

/** JSON bodies of the public forms: room for the longest contact message (10,000 characters, every one escaped). */
export const PUBLIC_BODY_LIMIT = 64 * 1024;
/** JSON bodies of the admin's writes (a rich-text field holds up to 100,000 characters). */
export const ADMIN_BODY_LIMIT = 1024 * 1024;

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`);

/** The request body, or a 413 with `tooLargeMessage` once it is known to exceed `maxBytes`. */
export async function readBodyWithLimit(
  request: Request,
  maxBytes: number,
  tooLargeMessage = `The request body is too large. Maximum size is ${sizeText(maxBytes)}.`,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = request.headers.get("content-length");
  if (declared !== null && (!/^\d+$/.test(declared) || Number(declared) > maxBytes)) throw payloadTooLarge(tooLargeMessage);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw payloadTooLarge(tooLargeMessage);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * Elysia's body parser for the routes after it, within `maxBytes`: JSON, form fields, or else the text. It answers
 * every body itself, so Elysia's own unbounded parsers never run. Routes that stream their body take `parse: "none"`.
 */
export const limitedBodyParser =
  (maxBytes: number) =>
  async ({ request, contentType }: { request: Request; contentType: string }): Promise<unknown> => {
    const bytes = await readBodyWithLimit(request, maxBytes);
    if (bytes.length === 0) return null;
    const type = contentType.split(";", 1)[0]!.trim().toLowerCase();
    if (type === "multipart/form-data") {
      const form = await new Response(bytes, { headers: { "content-type": contentType } }).formData().catch(() => {
        throw badRequest("The request body is not a valid form");
      });
      return Object.fromEntries([...form].filter(([, value]) => typeof value === "string"));
    }
    const text = new TextDecoder().decode(bytes);
    if (type === "application/x-www-form-urlencoded") return Object.fromEntries(new URLSearchParams(text));
    if (type !== "application/json" && !type.endsWith("+json")) return text;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw badRequest("The request body is not valid JSON");
    }
  };
