import { Elysia } from "elysia";
import type { AppContext, Module } from "../../context.ts";
import { todayIn } from "../../lib/time.ts";
import { parseBody, parseId } from "../../lib/validate.ts";
import { notificationPatchSchema, notificationSchema } from "../../shared/schemas.ts";
import { createNotificationsService } from "./service.ts";

export function notificationsModule(ctx: AppContext): Module {
  const service = createNotificationsService(ctx.db);
  const id = (raw: string) => parseId(raw, "Notification not found");
  return {
    reads: { "/api/notifications": () => service.showing(todayIn(ctx.config.timezone, ctx.now())) },
    // Paths under /api/admin, behind the login guard (src/app.ts).
    admin: new Elysia()
      .get("/notifications", () => service.all())
      .post("/notifications", ({ body, set }) => {
        const created = service.create(parseBody(body, notificationSchema));
        set.status = 201;
        return created;
      })
      .patch("/notifications/:id", ({ params, body }) => service.update(id(params.id), parseBody(body, notificationPatchSchema)))
      .delete("/notifications/:id", ({ params }) => service.remove(id(params.id))),
  };
}
