import { Elysia } from "elysia";
import type { AppContext, Module } from "../../context.ts";
import { parseBody, parseId } from "../../lib/validate.ts";
import { classPatchSchema, classSchema } from "../../shared/schemas.ts";
import { createClassesService } from "./service.ts";

export function classesModule(ctx: AppContext): Module {
  const service = createClassesService(ctx.db);
  const id = (raw: string) => parseId(raw, "Class not found");
  return {
    public: new Elysia()
      .get("/api/classes", () => service.list()),
    // Paths under /api/admin, behind the login guard (src/api.ts).
    admin: new Elysia()
      .post("/classes", ({ body, set }) => {
        const created = service.create(parseBody(body, classSchema));
        ctx.onPublicChange();
        set.status = 201;
        return created;
      })
      .patch("/classes/:id", ({ params, body }) => {
        const updated = service.update(id(params.id), parseBody(body, classPatchSchema));
        ctx.onPublicChange();
        return updated;
      })
      .delete("/classes/:id", ({ params }) => {
        const result = service.remove(id(params.id));
        ctx.onPublicChange();
        return result;
      }),
  };
}
