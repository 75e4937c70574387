import type { AppContext, Module } from "@server/context.ts";
import { todayIn } from "@server/lib/time.ts";
import { parseBody, parseId } from "@server/lib/validate.ts";
import { archiveEventPatchSchema, archiveEventSchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
import { createArchiveService } from "./service.ts";

export function archiveModule(ctx: AppContext): Module {
  const service = createArchiveService(ctx.db);
  const id = (raw: string) => parseId(raw, "Archive event not found");
  return {
    reads: { "/api/archive-events": () => service.list(todayIn(ctx.config.timezone, ctx.now())) },
    // Paths under /api/admin, behind the login guard (src/app.ts).
    admin: new Elysia()
      .get("/archive-events", () => service.rows())
      .post("/archive-events", ({ body, set }) => {
        const created = service.create(parseBody(body, archiveEventSchema));
        set.status = 201;
        return created;
      })
      .patch("/archive-events/:id", ({ params, body }) => service.update(id(params.id), parseBody(body, archiveEventPatchSchema)))
      .delete("/archive-events/:id", ({ params }) => service.remove(id(params.id))),
  };
}
