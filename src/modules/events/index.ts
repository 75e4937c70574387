import type { ModuleContext } from "@server/context.ts";
import { answers, deleted } from "@server/lib/answers.ts";
import { createSpamGuard, formBody } from "@server/lib/spam.ts";
import { todayIn } from "@server/lib/time.ts";
import { idParam, idParams, standard } from "@server/lib/validate.ts";
import { cachedRead } from "@server/plugins/public-cache.ts";
import { HONEYPOT_FIELD, INITIAL_VISIBLE_EVENTS } from "@server/shared/constants.ts";
import { eventSchema, registrantsMailSchema, registrationSchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
import {
  adminRegistration,
  checkInSchema,
  type RegistrationAnswer,
  registrantsMailed,
  registrationAnswer,
  registrationList,
  registrationsPage,
  registrationsQuerySchema,
} from "../bookings/index.ts";
import { nextClosing, upcomingWithAvailability } from "./bookable.ts";
import {
  adminEventList,
  adminEventsPage,
  adminEventsQuerySchema,
  eventAnswer,
  eventCancelled,
  eventCancelSchema,
  eventPatchSchema,
  firstEvents,
  publicEventEntry,
  publicEventList,
} from "./model.ts";
import { createEventsService, type EventsService } from "./service.ts";

export { describeEvents } from "./bookable.ts";
export type { Event, PublicEvent } from "./model.ts";
export { createEventsService, type EventsService };

/** An event's places, as the bookings core names them. */
const eventPlaces = (id: number) => ({ kind: "event" as const, id });

export function eventsModule(ctx: ModuleContext<"events" | "bookings" | "payments">) {
  const { events: service, bookings, payments } = ctx.services;
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
          publicEventList,
          () => upcomingWithAvailability(service, ctx.now(), timezone, payments.currency),
          (list) => nextClosing(list, timezone),
        ),
        { response: answers(publicEventList) },
      )
      // What `/` shows before 'View All Events': the first ones, and how many there are.
      .get(
        "/events/first",
        cachedRead(
          ctx.cache,
          firstEvents,
          () => {
            const list = upcomingWithAvailability(service, ctx.now(), timezone, payments.currency);
            return { events: list.slice(0, INITIAL_VISIBLE_EVENTS), total: list.length };
          },
          (first) => nextClosing(first.events, timezone),
        ),
        { response: answers(firstEvents) },
      )
      // One upcoming event, for a link to it (`/?event=<id>`) when the list is not loaded. The link may be a past
      // event's (the archive shows it), so none is an answer, not an error.
      .get(
        "/events/:id",
        ({ params }) => ({
          event: upcomingWithAvailability(service, ctx.now(), timezone, payments.currency).find((event) => event.id === params.id) ?? null,
        }),
        { params, response: answers(publicEventEntry) },
      )
      .post(
        "/events/:id/registrations",
        async ({ params, body: { [HONEYPOT_FIELD]: trap, ...input }, request, status }) => {
          // A bot is answered as if it had a place, and nothing is stored.
          const answer: RegistrationAnswer = spam.isBot(request, trap)
            ? { state: "confirmed" }
            : await payments.book(eventPlaces(params.id), input, ctx.clientIp(request));
          // A registration changes the places the public reads show.
          ctx.cache.invalidate();
          return status(201, answer);
        },
        { form: true, params, body: formBody(registrationSchema), response: answers(registrationAnswer, 201) },
      )
      .group("/admin/events", { admin: true }, (admin) =>
        admin
          .get("", () => service.all(), { response: answers(adminEventList) })
          // Issue 33: the tab's page, searched and filtered in SQLite (the whole list above stays for the Data tab).
          .get("/page", ({ query }) => service.page(query, todayIn(timezone, ctx.now())), {
            query: standard(adminEventsQuerySchema),
            response: answers(adminEventsPage),
          })
          .post("", ({ body, status }) => status(201, service.create(body)), {
            body: standard(eventSchema),
            response: answers(eventAnswer, 201),
          })
          .patch(
            "/:id",
            ({ params, body }) =>
              ctx.db.transaction(
                () => {
                  const updated = service.update(params.id, body);
                  // Places raised go to the waiting list, in its order, in the same transaction.
                  if (body.capacity !== undefined) bookings.fillPlaces(eventPlaces(params.id));
                  return updated;
                },
                { behavior: "immediate" },
              ),
            {
              params,
              body: standard(eventPatchSchema),
              response: answers(eventAnswer),
            },
          )
          .delete("/:id", ({ params }) => service.remove(params.id), { params, response: answers(deleted) })
          .get(
            "/:id/registrations",
            ({ params }) => {
              const rows = bookings.list(eventPlaces(params.id));
              const paid = payments.summaries(rows.map((row) => row.id));
              return rows.map((row) => ({ ...row, payment: paid.get(row.id) }));
            },
            { params, response: answers(registrationList) },
          )
          // The dialog's page (issue 33); the whole list above is the CSV's.
          .get(
            "/:id/registrations/page",
            ({ params, query }) => {
              const answer = bookings.page(eventPlaces(params.id), query);
              const paid = payments.summaries(answer.items.map((row) => row.id));
              return { ...answer, items: answer.items.map((row) => ({ ...row, payment: paid.get(row.id) })) };
            },
            { params, query: standard(registrationsQuerySchema), response: answers(registrationsPage) },
          )
          .post("/:id/registrations/:registrationId/move-up", ({ params }) => bookings.moveUp(eventPlaces(params.id), params.registrationId), {
            params: registrationParams,
            response: answers(adminRegistration),
          })
          .post(
            "/:id/registrations/:registrationId/cancel",
            async ({ params }) => {
              const cancelled = bookings.cancelByAdmin(eventPlaces(params.id), params.registrationId);
              await payments.makeOwedRefunds();
              return cancelled;
            },
            { params: registrationParams, response: answers(adminRegistration) },
          )
          .patch(
            "/:id/registrations/:registrationId",
            ({ params, body }) => bookings.checkIn(eventPlaces(params.id), params.registrationId, body.checkedIn),
            { params: registrationParams, body: standard(checkInSchema), response: answers(adminRegistration) },
          )
          // 'Cancel this event' (issue 38): in one transaction the event marked off, every registrant cancelled and mailed
          // her message, every payment owed back; then the refunds made.
          .post(
            "/:id/cancel",
            async ({ params, body }) => {
              const reason = body.reason.trim() || null;
              const done = ctx.db.transaction(
                () => {
                  service.cancel(params.id, reason);
                  return bookings.cancelAll(eventPlaces(params.id), reason);
                },
                { behavior: "immediate" },
              );
              ctx.cache.invalidate();
              await payments.makeOwedRefunds();
              return done;
            },
            { params, body: standard(eventCancelSchema), response: answers(eventCancelled) },
          )
          .post("/:id/mail", ({ params, body, status }) => status(201, bookings.mailRegistrants(eventPlaces(params.id), body)), {
            params,
            body: standard(registrantsMailSchema),
            response: answers(registrantsMailed, 201),
          }),
      )
  );
}
