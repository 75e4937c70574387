import type { AppContext } from "@server/context.ts";
import { answers, deleted } from "@server/lib/answers.ts";
import { idParam, standard } from "@server/lib/validate.ts";
import { cachedRead } from "@server/plugins/public-cache.ts";
import { classSchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
import { classAnswer, classList, classPatchSchema } from "./model.ts";
import { createClassesService } from "./service.ts";

export type { Class } from "./model.ts";
export { createClassesService };

export function classesModule(ctx: AppContext) {
  const service = ctx.services.classes;
  const params = idParam("Class not found");
  return new Elysia({ name: "classes", prefix: "/api" })
    .use(ctx.access)
    .get(
      "/classes",
      cachedRead(ctx.cache, classList, () => service.list()),
      { response: answers(classList) },
    )
    .group("/admin/classes", { admin: true }, (admin) =>
      admin
        .post("", ({ body, status }) => status(201, service.create(body)), {
          body: standard(classSchema),
          response: answers(classAnswer, 201),
        })
        .patch("/:id", ({ params, body }) => service.update(params.id, body), {
          params,
          body: standard(classPatchSchema),
          response: answers(classAnswer),
        })
        .delete("/:id", ({ params }) => service.remove(params.id), { params, response: answers(deleted) }),
    );
}
