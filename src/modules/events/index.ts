import type { AppContext, Module } from "@server/context.ts";
import { createSpamGuard } from "@server/lib/spam.ts";
import { todayIn } from "@server/lib/time.ts";
import { parseBody, parseId } from "@server/lib/validate.ts";
import { eventPatchSchema, eventSchema, registrationSchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
import { createOutbox } from "../mail/outbox.ts";
import { createEventsService } from "./service.ts";

export function eventsModule(ctx: AppContext): Module {
  const service = createEventsService(ctx.db);
  const today = () => todayIn(ctx.config.timezone, ctx.now());
  const spam = createSpamGuard(ctx, 10);
  const outbox = createOutbox(ctx.db, ctx.config);
  const id = (raw: string) => parseId(raw, "Event not found");
  return {
    reads: { "/api/events": () => service.upcoming(today()) },
    public: new Elysia().post("/api/events/:id/registrations", ({ params, body, request, set }) => {
      const eventId = id(params.id);
      const input = parseBody(body, registrationSchema);
      set.status = 201;
      if (!spam.isBot(request, body)) service.register(eventId, input, today(), outbox);
      return { success: true };
    }),
    // Paths under /api/admin, behind the login guard (src/app.ts).
    admin: new Elysia()
      .get("/events", () => service.all())
      .post("/events", ({ body, set }) => {
        const created = service.create(parseBody(body, eventSchema));
        set.status = 201;
        return created;
      })
      .patch("/events/:id", ({ params, body }) => service.update(id(params.id), parseBody(body, eventPatchSchema)))
      .delete("/events/:id", ({ params }) => service.remove(id(params.id)))
      .get("/events/:id/registrations", ({ params }) => service.registrations(id(params.id))),
  };
}
