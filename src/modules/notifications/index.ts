import type { ModuleContext } from "@server/context.ts";
import { answers, deleted } from "@server/lib/answers.ts";
import { todayIn } from "@server/lib/time.ts";
import { idParam, standard } from "@server/lib/validate.ts";
import { cachedRead } from "@server/plugins/public-cache.ts";
import { notificationSchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
import { notificationAnswer, notificationList, notificationPatchSchema } from "./model.ts";
import { createNotificationsService } from "./service.ts";

export type { Notification } from "./model.ts";

export function notificationsModule(ctx: ModuleContext) {
  const service = createNotificationsService(ctx.db);
  const params = idParam("Notification not found");
  return new Elysia({ name: "notifications", prefix: "/api" })
    .use(ctx.access)
    .get(
      "/notifications",
      cachedRead(ctx.cache, notificationList, () => service.showing(todayIn(ctx.config.timezone, ctx.now()))),
      { response: answers(notificationList) },
    )
    .group("/admin/notifications", { admin: true }, (admin) =>
      admin
        .get("", () => service.all(), { response: answers(notificationList) })
        .post("", ({ body, status }) => status(201, service.create(body)), {
          body: standard(notificationSchema),
          response: answers(notificationAnswer, 201),
        })
        .patch("/:id", ({ params, body }) => service.update(params.id, body), {
          params,
          body: standard(notificationPatchSchema),
          response: answers(notificationAnswer),
        })
        .delete("/:id", ({ params }) => service.remove(params.id), { params, response: answers(deleted) }),
    );
}
