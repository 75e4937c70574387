import type { AppContext } from "@server/context.ts";
import { createSpamGuard, formBody } from "@server/lib/spam.ts";
import { todayIn } from "@server/lib/time.ts";
import { idParam, standard } from "@server/lib/validate.ts";
import { cachedRead } from "@server/plugins/public-cache.ts";
import { HONEYPOT_FIELD } from "@server/shared/constants.ts";
import { eventPatchSchema, eventSchema, registrationSchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
import { createOutbox } from "../mail/outbox.ts";
import { createEventsService } from "./service.ts";

export function eventsModule(ctx: AppContext) {
  const service = createEventsService(ctx.db);
  const today = () => todayIn(ctx.config.timezone, ctx.now());
  const spam = createSpamGuard(ctx, 10);
  const outbox = createOutbox(ctx.db, ctx.config);
  const params = idParam("Event not found");
  return new Elysia({ name: "events", prefix: "/api" })
    .use(ctx.access)
    .get(
      "/events",
      cachedRead(ctx.cache, () => service.upcoming(today())),
    )
    .post(
      "/events/:id/registrations",
      ({ params, body: { [HONEYPOT_FIELD]: trap, ...input }, request, set }) => {
        set.status = 201;
        if (!spam.isBot(request, trap)) service.register(params.id, input, today(), outbox);
        return { success: true };
      },
      { form: true, params, body: formBody(registrationSchema) },
    )
    .group("/admin/events", { admin: true }, (admin) =>
      admin
        .get("", () => service.all())
        .post(
          "",
          ({ body, set }) => {
            set.status = 201;
            return service.create(body);
          },
          { body: standard(eventSchema) },
        )
        .patch("/:id", ({ params, body }) => service.update(params.id, body), { params, body: standard(eventPatchSchema) })
        .delete("/:id", ({ params }) => service.remove(params.id), { params })
        .get("/:id/registrations", ({ params }) => service.registrations(params.id), { params }),
    );
}
