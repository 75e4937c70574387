import type { AppContext } from "@server/context.ts";
import { createSpamGuard, formBody } from "@server/lib/spam.ts";
import { idParam, idParams, linkQuery, standard } from "@server/lib/validate.ts";
import { cachedRead } from "@server/plugins/public-cache.ts";
import { HONEYPOT_FIELD } from "@server/shared/constants.ts";
import { cancelPagePath, registrationPath } from "@server/shared/registration-links.ts";
import { eventSchema, registrantsMailSchema, registrationSchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
import { checkInSchema, eventPatchSchema } from "./model.ts";
import { nextClosing, upcomingWithAvailability } from "./registrations.ts";
import { createEventsService, type EventsService } from "./service.ts";

export { createRegistrations, registrationLinks, scheduleReminders } from "./registrations.ts";
export { createEventsService, type EventsService };

import type { RegistrationAnswer } from "./model.ts";

export type { Event, PublicEvent } from "./model.ts";

export function eventsModule(ctx: AppContext) {
  const { events: service, registrations } = ctx.services;
  const spam = createSpamGuard(ctx, 10);
  const params = idParam("Event not found");
  const registrationParams = idParams({ id: "Event not found", registrationId: "Registration not found" });
  const { timezone } = ctx.config;
  return (
    new Elysia({ name: "events", prefix: "/api" })
      .use(ctx.access)
      .get(
        "/events",
        cachedRead(
          ctx.cache,
          () => upcomingWithAvailability(service, ctx.now(), timezone),
          (list) => nextClosing(list, timezone),
        ),
      )
      .post(
        "/events/:id/registrations",
        ({ params, body: { [HONEYPOT_FIELD]: trap, ...input }, request, status }) => {
          // A bot is answered as if it had a place, and nothing is stored.
          const answer: RegistrationAnswer = spam.isBot(request, trap) ? { state: "confirmed" } : registrations.register(params.id, input);
          // A registration changes the places the public reads show.
          ctx.cache.invalidate();
          return status(201, answer);
        },
        { form: true, params, body: formBody(registrationSchema) },
      )
      // The cancel link of every registrant's mail lands on the site's page with one button
      // (src/shared/registration-links.ts): a mail scanner that follows links cancels nothing.
      .get(
        "/registrations/cancel",
        ({ query: { id, token }, redirect }) =>
          redirect(registrations.isCancelLink(id, token) ? cancelPagePath(id, token) : registrationPath("invalid"), 303),
        { query: linkQuery },
      )
      .post(
        "/registrations/cancel",
        ({ query, redirect }) => {
          const done = registrations.cancelByLink(query.id, query.token);
          if (done) ctx.cache.invalidate();
          return redirect(registrationPath(done ? "cancelled" : "invalid"), 303);
        },
        { form: true, query: linkQuery },
      )
      .group("/admin/events", { admin: true }, (admin) =>
        admin
          .get("", () => service.all())
          .post("", ({ body, status }) => status(201, service.create(body)), { body: standard(eventSchema) })
          .patch("/:id", ({ params, body }) => service.update(params.id, body), { params, body: standard(eventPatchSchema) })
          .delete("/:id", ({ params }) => service.remove(params.id), { params })
          .get("/:id/registrations", ({ params }) => registrations.list(params.id), { params })
          .post("/:id/registrations/:registrationId/move-up", ({ params }) => registrations.moveUp(params.id, params.registrationId), {
            params: registrationParams,
          })
          .post("/:id/registrations/:registrationId/cancel", ({ params }) => registrations.cancelByAdmin(params.id, params.registrationId), {
            params: registrationParams,
          })
          .patch(
            "/:id/registrations/:registrationId",
            ({ params, body }) => registrations.checkIn(params.id, params.registrationId, body.checkedIn),
            { params: registrationParams, body: standard(checkInSchema) },
          )
          .post("/:id/mail", ({ params, body, status }) => status(201, registrations.mailRegistrants(params.id, body)), {
            params,
            body: standard(registrantsMailSchema),
          }),
      )
  );
}
