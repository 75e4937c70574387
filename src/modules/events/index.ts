import type { AppContext } from "@server/context.ts";
import { createSpamGuard, formBody } from "@server/lib/spam.ts";
import { todayIn } from "@server/lib/time.ts";
import { idParam, type StandardSchema, standard, toId } from "@server/lib/validate.ts";
import { cachedRead } from "@server/plugins/public-cache.ts";
import { HONEYPOT_FIELD, INITIAL_VISIBLE_EVENTS } from "@server/shared/constants.ts";
import { cancelPagePath, registrationPath } from "@server/shared/registration-links.ts";
import { checkInSchema, eventPatchSchema, eventSchema, registrantsMailSchema, registrationSchema } from "@server/shared/schemas.ts";
import type { RegistrationAnswer } from "@server/shared/types.ts";
import { Elysia } from "elysia";
import { createOutbox } from "../mail/outbox.ts";
import { availability, createRegistrations, registrationClosesAt, registrationLinks } from "./registrations.ts";
import { createEventsService } from "./service.ts";

/** `/:id/registrations/:registrationId` as numbers; anything else is a 404 naming what was not found. */
const registrationParams: StandardSchema<{ id: string | number; registrationId: string | number }, { id: number; registrationId: number }> = {
  "~standard": {
    version: 1,
    vendor: "id",
    validate: (value) => {
      const raw = value as { id?: unknown; registrationId?: unknown } | null;
      const [id, registrationId] = [toId(String(raw?.id ?? "")), toId(String(raw?.registrationId ?? ""))];
      if (id <= 0) return { issues: [{ message: "Event not found", path: ["id"] }] };
      if (registrationId <= 0) return { issues: [{ message: "Registration not found", path: ["registrationId"] }] };
      return { value: { id, registrationId } };
    },
  },
};

export function eventsModule(ctx: AppContext) {
  const outbox = createOutbox(ctx.db, ctx.config, ctx.jwtSecret);
  const registrations = createRegistrations({
    db: ctx.db,
    outbox,
    links: registrationLinks(ctx.jwtSecret, ctx.config.siteUrl),
    config: ctx.config,
    now: ctx.now,
  });
  const service = createEventsService(ctx.db, { fillPlaces: registrations.fillPlaces });
  const spam = createSpamGuard(ctx, 10);
  const params = idParam("Event not found");
  // The public answers are kept until a write or a new day: they are also built again when the next event's
  // registration closes during the day (at its start time), so that `registrationOpen` turns false on time.
  let nextClosing: ReturnType<typeof setTimeout> | undefined;
  const upcoming = () => {
    const now = ctx.now();
    const list = service
      .upcomingWithPlaces(todayIn(ctx.config.timezone, now))
      .map(({ event, confirmed }) => ({ ...event, ...availability(event, confirmed, now, ctx.config.timezone) }));
    const closings = list.filter((event) => event.registrationOpen).map((event) => registrationClosesAt(event, ctx.config.timezone).getTime());
    clearTimeout(nextClosing);
    if (closings.length) {
      nextClosing = setTimeout(() => ctx.cache.invalidate(), Math.min(Math.min(...closings) - now.getTime() + 1000, 2 ** 31 - 1));
      nextClosing.unref();
    }
    return list;
  };
  return (
    new Elysia({ name: "events", prefix: "/api" })
      .use(ctx.access)
      .get("/events", cachedRead(ctx.cache, upcoming))
      // What `/` shows before 'View All Events': the first ones, and how many there are.
      .get(
        "/events/first",
        cachedRead(ctx.cache, () => {
          const list = upcoming();
          return { events: list.slice(0, INITIAL_VISIBLE_EVENTS), total: list.length };
        }),
      )
      // One upcoming event, for a link to it (`/?event=<id>`) when the list is not loaded. The link may be a past
      // event's (the archive shows it), so none is an answer, not an error.
      .get("/events/:id", ({ params }) => ({ event: upcoming().find((event) => event.id === params.id) ?? null }), { params })
      .post(
        "/events/:id/registrations",
        ({ params, body: { [HONEYPOT_FIELD]: trap, ...input }, request, set }): RegistrationAnswer => {
          // A bot is answered as if it had a place, and nothing is stored.
          const answer = spam.isBot(request, trap) ? ({ state: "confirmed" } as const) : registrations.register(params.id, input);
          // A registration changes the places the public reads show.
          ctx.cache.invalidate();
          set.status = 201;
          return answer;
        },
        { form: true, params, body: formBody(registrationSchema) },
      )
      // The cancel link of every registrant's mail lands on the site's page with one button
      // (src/shared/registration-links.ts): a mail scanner that follows links cancels nothing.
      .get("/registrations/cancel", ({ query, redirect }) => {
        const [id, token] = [toId(query.id), query.token ?? ""];
        return redirect(registrations.isCancelLink(id, token) ? cancelPagePath(id, token) : registrationPath("invalid"), 303);
      })
      .post(
        "/registrations/cancel",
        ({ query, redirect }) => {
          const done = registrations.cancelByLink(toId(query.id), query.token ?? "");
          if (done) ctx.cache.invalidate();
          return redirect(registrationPath(done ? "cancelled" : "invalid"), 303);
        },
        { form: true },
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
          .post(
            "/:id/mail",
            ({ params, body, set }) => {
              set.status = 201;
              return registrations.mailRegistrants(params.id, body);
            },
            { params, body: standard(registrantsMailSchema) },
          ),
      )
  );
}
