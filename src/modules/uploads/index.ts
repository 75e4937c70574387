import { eq, sql } from "drizzle-orm";
import { Elysia } from "elysia";
import { join } from "node:path";
import { events } from "../../../db/schema.ts";
import type { AppContext, Module } from "../../context.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { parseId } from "../../lib/validate.ts";
import { ATTACHMENT_MAX_BYTES, PROFILE_IMAGE_MAX_BYTES } from "../../shared/constants.ts";
import { isPdf, readUploadedFile, serveUpload, sniffImage, storeUpload } from "./service.ts";
import { imageVariants } from "./variants.ts";

const PROFILE_IMAGE = {
  field: "image",
  maxBytes: PROFILE_IMAGE_MAX_BYTES,
  tooLargeMessage: "Image file is too large. Maximum size is 5MB.",
};
const ATTACHMENT = {
  field: "file",
  maxBytes: ATTACHMENT_MAX_BYTES,
  tooLargeMessage: `File is too large. Maximum size is ${ATTACHMENT_MAX_BYTES / 1024 / 1024}MB.`,
};

/**
 * Profile image and event attachment uploads (spec §7) and /uploads/<name>, photos resized with `?w=`. The upload
 * routes take the raw body (`parse: "none"`) so that its size is checked while it streams in, never after it was read
 * whole.
 */
export function uploadsModule(ctx: AppContext): Module {
  const uploadsDir = join(ctx.config.dataDir, "uploads");
  const variants = imageVariants(uploadsDir, join(ctx.config.dataDir, "image-cache"));
  const eventExists = ctx.db.select({ id: events.id }).from(events).where(eq(events.id, sql.placeholder("id"))).prepare();

  const storeImage = async (request: Request) => {
    const bytes = await readUploadedFile(request, PROFILE_IMAGE);
    const kind = sniffImage(bytes);
    if (!kind) throw badRequest("Selected file is not an image.");
    return storeUpload(uploadsDir, bytes, kind);
  };

  return {
    // The raw path, not the decoded parameter, is checked; Elysia answers HEAD from this route without the body.
    // `?w=<width>` asks for the photo resized to that width, as WebP (src/shared/images.ts).
    public: new Elysia().get("/uploads/:name", async ({ request }) => {
        const url = new URL(request.url);
        const name = url.pathname.slice("/uploads/".length);
        const width = url.searchParams.get("w");
        return width === null ? serveUpload(uploadsDir, name) : variants.serve(name, width);
      }),
    adminUploads: new Elysia()
      .post("/profile/image", async ({ request }) => ({ profileImage: await storeImage(request) }), { parse: "none" })
      // Event and archive photos: the same checks, for images that are not the profile's.
      .post("/uploads/image", async ({ request }) => ({ url: await storeImage(request) }), { parse: "none" })
      .post(
        "/events/:id/attachment",
        async ({ params, request }) => {
          // 'temp' is the spec's id for an event not created yet; any other id must name an event.
          if (params.id !== "temp" && !eventExists.get({ id: parseId(params.id, "Event not found") })) {
            throw notFound("Event not found");
          }
          const bytes = await readUploadedFile(request, ATTACHMENT);
          if (!isPdf(bytes)) throw badRequest("Please upload a PDF file");
          return { fileUrl: await storeUpload(uploadsDir, bytes, { ext: "pdf", type: "application/pdf" }) };
        },
        { parse: "none" },
      ),
  };
}
