import type { AppContext, Module } from "@server/context.ts";
import { createSpamGuard } from "@server/lib/spam.ts";
import { todayIn } from "@server/lib/time.ts";
import { parseBody, parseId } from "@server/lib/validate.ts";
import { cancelPagePath, registrationPath } from "@server/shared/registration-links.ts";
import { checkInSchema, eventPatchSchema, eventSchema, registrantsMailSchema, registrationSchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
import { createOutbox } from "../mail/outbox.ts";
import { availability, createRegistrations, registrationClosesAt, registrationLinks } from "./registrations.ts";
import { createEventsService } from "./service.ts";

type LinkQuery = { id?: string; token?: string };

export function eventsModule(ctx: AppContext): Module {
  const outbox = createOutbox(ctx.db, ctx.config);
  const registrations = createRegistrations({
    db: ctx.db,
    outbox,
    links: registrationLinks(ctx.jwtSecret, ctx.config.siteUrl),
    config: ctx.config,
    now: ctx.now,
  });
  const service = createEventsService(ctx.db, { fillPlaces: registrations.fillPlaces });
  const spam = createSpamGuard(ctx, 10);
  const id = (raw: string) => parseId(raw, "Event not found");
  const registrationId = (raw: string) => parseId(raw, "Registration not found");
  const linkId = (query: LinkQuery) => (query.id && /^\d{1,15}$/.test(query.id) ? Number(query.id) : 0);
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
      nextClosing = setTimeout(ctx.onPublicChange, Math.min(Math.min(...closings) - now.getTime() + 1000, 2 ** 31 - 1));
      nextClosing.unref();
    }
    return list;
  };
  // A registration changes the places the public reads show.
  const changed = <T>(value: T) => {
    ctx.onPublicChange();
    return value;
  };
  return {
    reads: { "/api/events": upcoming },
    public: new Elysia()
      .post("/api/events/:id/registrations", ({ params, body, request, set }) => {
        const eventId = id(params.id);
        const input = parseBody(body, registrationSchema);
        // A bot is answered as if it had a place, and nothing is stored.
        const answer = spam.isBot(request, body) ? { state: "confirmed" as const } : changed(registrations.register(eventId, input));
        set.status = 201;
        return answer;
      })
      // The cancel link of every registrant's mail lands on the site's page with one button (src/shared/registration-links.ts):
      // a mail scanner that follows links cancels nothing.
      .get("/api/registrations/cancel", ({ query, redirect }) => {
        const [linked, token] = [linkId(query), query.token ?? ""];
        return redirect(registrations.isCancelLink(linked, token) ? cancelPagePath(linked, token) : registrationPath("invalid"), 303);
      })
      .post("/api/registrations/cancel", ({ query, redirect }) =>
        redirect(registrationPath(changed(registrations.cancelByLink(linkId(query), query.token ?? "")) ? "cancelled" : "invalid"), 303),
      ),
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
      .get("/events/:id/registrations", ({ params }) => registrations.list(id(params.id)))
      .post("/events/:id/registrations/:registrationId/move-up", ({ params }) =>
        registrations.moveUp(id(params.id), registrationId(params.registrationId)),
      )
      .post("/events/:id/registrations/:registrationId/cancel", ({ params }) =>
        registrations.cancelByAdmin(id(params.id), registrationId(params.registrationId)),
      )
      .patch("/events/:id/registrations/:registrationId", ({ params, body }) =>
        registrations.checkIn(id(params.id), registrationId(params.registrationId), parseBody(body, checkInSchema).checkedIn),
      )
      .post("/events/:id/mail", ({ params, body, set }) => {
        const answer = registrations.mailRegistrants(id(params.id), parseBody(body, registrantsMailSchema));
        set.status = 201;
        return answer;
      }),
  };
}
