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
    public: new Elysia()
      .get("/api/notifications", () => service.showing(todayIn(ctx.config.timezone, ctx.now()))),
    // Paths under /api/admin, behind the login guard (src/api.ts).
    admin: new Elysia()
      .get("/notifications", () => service.all())
      .post("/notifications", ({ body, set }) => {
        const created = service.create(parseBody(body, notificationSchema));
        ctx.onPublicChange();
        set.status = 201;
        return created;
      })
      .patch("/notifications/:id", ({ params, body }) => {
        const updated = service.update(id(params.id), parseBody(body, notificationPatchSchema));
        ctx.onPublicChange();
        return updated;
      })
      .delete("/notifications/:id", ({ params }) => {
        const result = service.remove(id(params.id));
        ctx.onPublicChange();
        return result;
      }),
  };
}
