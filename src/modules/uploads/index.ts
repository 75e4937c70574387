import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { events } from "@db/schema.ts";
import { staticPlugin } from "@elysia/static";
import type { ModuleContext } from "@server/context.ts";
import { answers } from "@server/lib/answers.ts";
import { answerError, badRequest, notFound } from "@server/lib/errors.ts";
import { idParam } from "@server/lib/validate.ts";
import { ATTACHMENT_MAX_BYTES, PROFILE_IMAGE_MAX_BYTES } from "@server/shared/constants.ts";
import { eq, sql } from "drizzle-orm";
import { Elysia } from "elysia";
import { attachmentStored, imageStored, profileImageStored } from "./model.ts";
import { IMMUTABLE, isPdf, readUploadedFile, sniffImage, storeUpload } from "./service.ts";
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
export async function uploadsModule(ctx: ModuleContext) {
  const uploadsDir = join(ctx.config.dataDir, "uploads");
  const variants = imageVariants(uploadsDir, join(ctx.config.dataDir, "image-cache"));
  const eventExists = ctx.db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.id, sql.placeholder("id")))
    .prepare();

  const storeImage = async (request: Request) => {
    const bytes = await readUploadedFile(request, PROFILE_IMAGE);
    const kind = sniffImage(bytes);
    if (!kind) throw badRequest("Selected file is not an image.");
    return storeUpload(uploadsDir, bytes, kind);
  };

  const storeAttachment = async (request: Request) => {
    const bytes = await readUploadedFile(request, ATTACHMENT);
    if (!isPdf(bytes)) throw badRequest("Please upload a PDF file");
    return { fileUrl: await storeUpload(uploadsDir, bytes, { ext: "pdf", type: "application/pdf" }) };
  };

  // The uploads folder as it is, by @elysia/static: never a dotfile (a temp file being written), never outside the
  // folder; names are unique, so a file never changes and is cached for good. `?w=<width>` asks for a photo resized
  // to that width, as WebP (src/shared/images.ts), made by our hook before the file is looked up.
  mkdirSync(uploadsDir, { recursive: true });
  const files = await staticPlugin({
    assets: uploadsDir,
    prefix: "/uploads",
    alwaysStatic: false,
    // Only the names the server generates (`/<name>.<ext>`); anything else in the folder (a temp file) is a 404.
    ignorePatterns: [/^(?![/\\][A-Za-z0-9_-]+\.(?:jpg|png|gif|webp|pdf)$)/],
    etag: false,
    headers: { "cache-control": IMMUTABLE },
    silent: true,
  });
  return new Elysia({ name: "uploads" })
    .use(ctx.access)
    .use(
      new Elysia({ name: "upload-files" })
        // The static plugin's own error hook swallows errors: a refused width is answered here. Its `/uploads/` route
        // has no params. Awaited here, so that the request log is given the answer, not its promise.
        .onBeforeHandle(async ({ params, query }) =>
          query.w === undefined ? undefined : await variants.serve((params as { "*"?: string } | undefined)?.["*"] ?? "", query.w).catch(answerError),
        )
        .onAfterHandle(({ path, set }) => {
          if (path.endsWith(".pdf")) set.headers["content-disposition"] = "inline";
        })
        .use(files),
    )
    .guard({ admin: "stream" }, (admin) =>
      admin
        .post("/api/admin/profile/image", async ({ request }) => ({ profileImage: await storeImage(request) }), {
          response: answers(profileImageStored),
        })
        // Event and archive photos: the same checks, for images that are not the profile's.
        .post("/api/admin/uploads/image", async ({ request }) => ({ url: await storeImage(request) }), { response: answers(imageStored) })
        .post(
          "/api/admin/events/:id/attachment",
          ({ params, request }) => {
            // 'temp' is the spec's id for an event not created yet; any other id must name an event.
            if (params.id !== "temp" && !eventExists.get({ id: params.id })) throw notFound("Event not found");
            return storeAttachment(request);
          },
          { params: idParam("Event not found", "temp"), response: answers(attachmentStored) },
        ),
    );
}
