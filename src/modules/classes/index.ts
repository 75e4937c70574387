import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { parseBody, parseId } from "../../lib/validate.ts";
import { classPatchSchema, classSchema } from "../../shared/schemas.ts";
import { createClassesService } from "./service.ts";

export function classesModule(ctx: AppContext) {
  const service = createClassesService(ctx.db);
  const id = (raw: string) => parseId(raw, "Class not found");
  return new Elysia()
    .get("/api/classes", () => service.list())
    .post("/api/admin/classes", ({ body, set }) => {
      const created = service.create(parseBody(body, classSchema));
      ctx.onPublicChange();
      set.status = 201;
      return created;
    })
    .patch("/api/admin/classes/:id", ({ params, body }) => {
      const updated = service.update(id(params.id), parseBody(body, classPatchSchema));
      ctx.onPublicChange();
      return updated;
    })
    .delete("/api/admin/classes/:id", ({ params }) => {
      const result = service.remove(id(params.id));
      ctx.onPublicChange();
      return result;
    });
}
