import type { AppContext, Module } from "@server/context.ts";
import { parseBody, parseId } from "@server/lib/validate.ts";
import { classPatchSchema, classSchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
import { createClassesService } from "./service.ts";

export function classesModule(ctx: AppContext): Module {
  const service = createClassesService(ctx.db);
  const id = (raw: string) => parseId(raw, "Class not found");
  return {
    reads: { "/api/classes": () => service.list() },
    // Paths under /api/admin, behind the login guard (src/app.ts).
    admin: new Elysia()
      .post("/classes", ({ body, set }) => {
        const created = service.create(parseBody(body, classSchema));
        set.status = 201;
        return created;
      })
      .patch("/classes/:id", ({ params, body }) => service.update(id(params.id), parseBody(body, classPatchSchema)))
      .delete("/classes/:id", ({ params }) => service.remove(id(params.id))),
  };
}
