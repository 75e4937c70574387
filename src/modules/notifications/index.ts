import type { AppContext, Module } from "@server/context.ts";
import { todayIn } from "@server/lib/time.ts";
import { parseBody, parseId } from "@server/lib/validate.ts";
import { notificationPatchSchema, notificationSchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
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
