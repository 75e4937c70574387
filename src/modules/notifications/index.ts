import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { todayIn } from "../../lib/time.ts";
import { parseBody, parseId } from "../../lib/validate.ts";
import { notificationPatchSchema, notificationSchema } from "../../shared/schemas.ts";
import { createNotificationsService } from "./service.ts";

export function notificationsModule(ctx: AppContext) {
  const service = createNotificationsService(ctx.db);
  const id = (raw: string) => parseId(raw, "Notification not found");
  return new Elysia()
    .get("/api/notifications", () => service.showing(todayIn(ctx.config.timezone, ctx.now())))
    .get("/api/admin/notifications", () => service.all())
    .post("/api/admin/notifications", ({ body, set }) => {
      const created = service.create(parseBody(body, notificationSchema));
      ctx.onPublicChange();
      set.status = 201;
      return created;
    })
    .patch("/api/admin/notifications/:id", ({ params, body }) => {
      const updated = service.update(id(params.id), parseBody(body, notificationPatchSchema));
      ctx.onPublicChange();
      return updated;
    })
    .delete("/api/admin/notifications/:id", ({ params }) => {
      const result = service.remove(id(params.id));
      ctx.onPublicChange();
      return result;
    });
}
