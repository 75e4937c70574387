import type { AppContext } from "@server/context.ts";
import { answers, deleted } from "@server/lib/answers.ts";
import { idAndDateParams, idParam, standard } from "@server/lib/validate.ts";
import { cachedRead } from "@server/plugins/public-cache.ts";
import { classSchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
import {
  adminClassList,
  classAnswer,
  classDates,
  classPatchSchema,
  dateCancelled,
  dateCancelSchema,
  datesQuerySchema,
  publicClassList,
} from "./model.ts";
import { createClassesService } from "./service.ts";

export type { Class, PublicClass } from "./model.ts";
export { createClassesService };

/** When the public list next changes by itself: the soonest start (a date closes) or end (it leaves the list). */
const nextChange = (list: { upcoming: { state: string; startsAt: string; endsAt: string }[] }[]) =>
  Math.min(...list.flatMap((entry) => entry.upcoming.map((date) => Date.parse(date.state === "closed" ? date.endsAt : date.startsAt))));

export function classesModule(ctx: AppContext) {
  const service = ctx.services.classes;
  const params = idParam("Class not found");
  const datedParams = idAndDateParams("Class not found");
  return new Elysia({ name: "classes", prefix: "/api" })
    .use(ctx.access)
    .get(
      "/classes",
      cachedRead(ctx.cache, publicClassList, () => service.publicList(), nextChange),
      { response: answers(publicClassList) },
    )
    .get("/classes/:id/dates", ({ params, query }) => service.dates(params.id, query.from, query.to), {
      params,
      query: standard(datesQuerySchema),
      response: answers(classDates),
    })
    .group("/admin/classes", { admin: true }, (admin) =>
      admin
        .get("", () => service.list(), { response: answers(adminClassList) })
        .post("", ({ body, status }) => status(201, service.create(body)), {
          body: standard(classSchema),
          response: answers(classAnswer, 201),
        })
        .patch("/:id", ({ params, body }) => service.update(params.id, body), {
          params,
          body: standard(classPatchSchema),
          response: answers(classAnswer),
        })
        .delete("/:id", ({ params }) => service.remove(params.id), { params, response: answers(deleted) })
        // 'Cancel this date' (issue 39): the date off, with her message, on the site and in the feed.
        .post("/:id/dates/:date/cancel", ({ params, body }) => service.cancelDate(params.id, params.date, body.reason.trim()), {
          params: datedParams,
          body: standard(dateCancelSchema),
          response: answers(dateCancelled),
        }),
    );
}
