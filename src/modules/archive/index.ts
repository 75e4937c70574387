import type { AppContext } from "@server/context.ts";
import { todayIn } from "@server/lib/time.ts";
import { idParam, standard } from "@server/lib/validate.ts";
import { cachedRead } from "@server/plugins/public-cache.ts";
import { archiveEventPatchSchema, archiveEventSchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
import { createArchiveService } from "./service.ts";

export type { ArchiveItem } from "./model.ts";
export { createArchiveService };

export function archiveModule(ctx: AppContext) {
  const service = ctx.services.archive;
  const params = idParam("Archive event not found");
  return new Elysia({ name: "archive", prefix: "/api" })
    .use(ctx.access)
    .get(
      "/archive-events",
      cachedRead(ctx.cache, () => service.list(todayIn(ctx.config.timezone, ctx.now()))),
    )
    .group("/admin/archive-events", { admin: true }, (admin) =>
      admin
        .get("", () => service.rows())
        .post("", ({ body, status }) => status(201, service.create(body)), { body: standard(archiveEventSchema) })
        .patch("/:id", ({ params, body }) => service.update(params.id, body), { params, body: standard(archiveEventPatchSchema) })
        .delete("/:id", ({ params }) => service.remove(params.id), { params }),
    );
}
