import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { todayIn } from "../../lib/time.ts";
import { parseBody, parseId } from "../../lib/validate.ts";
import { archiveEventPatchSchema, archiveEventSchema } from "../../shared/schemas.ts";
import { createArchiveService } from "./service.ts";

export function archiveModule(ctx: AppContext) {
  const service = createArchiveService(ctx.db);
  const id = (raw: string) => parseId(raw, "Archive event not found");
  return new Elysia()
    .get("/api/archive-events", () => service.list(todayIn(ctx.config.timezone, ctx.now())))
    .get("/api/admin/archive-events", () => service.rows())
    .post("/api/admin/archive-events", ({ body, set }) => {
      const created = service.create(parseBody(body, archiveEventSchema));
      ctx.onPublicChange();
      set.status = 201;
      return created;
    })
    .patch("/api/admin/archive-events/:id", ({ params, body }) => {
      const updated = service.update(id(params.id), parseBody(body, archiveEventPatchSchema));
      ctx.onPublicChange();
      return updated;
    })
    .delete("/api/admin/archive-events/:id", ({ params }) => {
      const result = service.remove(id(params.id));
      ctx.onPublicChange();
      return result;
    });
}
