import type { ModuleContext } from "@server/context.ts";
import { answers, deleted } from "@server/lib/answers.ts";
import { createSpamGuard, formBody } from "@server/lib/spam.ts";
import { idAndDateParams, idParam, standard } from "@server/lib/validate.ts";
import { cachedRead } from "@server/plugins/public-cache.ts";
import { HONEYPOT_FIELD } from "@server/shared/constants.ts";
import { classBookingSchema, classSchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
import { adminRegistration, type RegistrationAnswer, registrationAnswer, registrationList } from "../bookings/index.ts";
import {
  adminClassDates,
  adminClassList,
  attendanceSchema,
  classAnswer,
  classDates,
  classPatchSchema,
  dateCancelled,
  dateCancelSchema,
  datesQuerySchema,
  doorBookingSchema,
  publicClassList,
} from "./model.ts";
import { createClassesService } from "./service.ts";

export { describeClassDates } from "./bookable.ts";
export type { Class, PublicClass } from "./model.ts";
export { createClassesService };
export type ClassesService = ReturnType<typeof createClassesService>;

/** A class date's places, as the bookings core names them. */
const datePlaces = (id: number, date: string) => ({ kind: "class" as const, id, date });

/** When the public list next changes by itself: the soonest start (a date closes) or end (it leaves the list). */
const nextChange = (list: { upcoming: { state: string; startsAt: string; endsAt: string }[] }[]) =>
  Math.min(...list.flatMap((entry) => entry.upcoming.map((date) => Date.parse(date.state === "closed" ? date.endsAt : date.startsAt))));

export function classesModule(ctx: ModuleContext<"classes" | "bookings" | "payments" | "passes">) {
  const { classes: service, bookings, payments, passes } = ctx.services;
  const spam = createSpamGuard(ctx, 10);
  /** Each date with its door counts (booked, waiting, came). */
  const withDoor = <D extends { date: string }>(id: number, dates: D[]) => {
    const [first, last] = [dates[0], dates.at(-1)];
    const counts = first && last ? bookings.dateCounts(id, first.date, last.date) : new Map();
    return dates.map((date) => ({ ...date, booked: 0, waiting: 0, attended: 0, ...counts.get(date.date) }));
  };
  const params = idParam("Class not found");
  const datedParams = idAndDateParams({ id: "Class not found" });
  const bookingParams = idAndDateParams({ id: "Class not found", bookingId: "Booking not found" });
  return (
    new Elysia({ name: "classes", prefix: "/api" })
      .use(ctx.access)
      .get(
        "/classes",
        cachedRead(ctx.cache, publicClassList, () => service.publicList(), nextChange),
        { response: answers(publicClassList) },
      )
      .get("/classes/:id/dates", ({ params, query }) => service.dates(params.id, query.from, query.to), {
        params,
        query: standard(datesQuerySchema),
        response: answers(classDates),
      })
      // Issue 39: a place on one date, as an event's registration is taken (held for its drop-in payment, or waiting).
      .post(
        "/classes/:id/dates/:date/bookings",
        async ({ params, body: { [HONEYPOT_FIELD]: trap, ...input }, request, status }) => {
          // A bot is answered as if it had a place, and nothing is stored.
          const answer: RegistrationAnswer = spam.isBot(request, trap)
            ? { state: "confirmed" }
            : await payments.book(datePlaces(params.id, params.date), input, ctx.clientIp(request));
          ctx.cache.invalidate();
          return status(201, answer);
        },
        { form: true, params: datedParams, body: formBody(classBookingSchema), response: answers(registrationAnswer, 201) },
      )
      .group("/admin/classes", { admin: true }, (admin) =>
        admin
          .get("", () => service.list().map((entry) => ({ ...entry, upcoming: withDoor(entry.id, entry.upcoming) })), {
            response: answers(adminClassList),
          })
          // The door (issue 39): a range of dates counted, a date's bookings, who came, and someone at the door.
          .get("/:id/dates", ({ params, query }) => ({ dates: withDoor(params.id, service.dates(params.id, query.from, query.to).dates) }), {
            params,
            query: standard(datesQuerySchema),
            response: answers(adminClassDates),
          })
          .get(
            "/:id/dates/:date/bookings",
            ({ params }) => {
              const rows = bookings.list(datePlaces(params.id, params.date));
              const paid = payments.summaries(rows.map((row) => row.id));
              // Issue 40: each person's credits left for the class, and whether this is her first visit.
              const emails = [...new Set(rows.map((row) => row.email))];
              const credits = passes.creditsLeftFor(emails, params.id);
              const first = bookings.firstVisits(emails, params.date);
              return rows.map((row) => ({
                ...row,
                payment: paid.get(row.id),
                creditsLeft: credits.get(row.email) ?? 0,
                firstVisit: first.has(row.email),
              }));
            },
            { params: datedParams, response: answers(registrationList) },
          )
          .post(
            "/:id/dates/:date/bookings",
            ({ params, body, status }) => {
              service.assertRuns(params.id, params.date);
              return status(201, bookings.addAtDoor(datePlaces(params.id, params.date), body));
            },
            { params: datedParams, body: standard(doorBookingSchema), response: answers(adminRegistration, 201) },
          )
          .put(
            "/:id/dates/:date/bookings/:bookingId/attendance",
            ({ params, body }) => bookings.attendance(datePlaces(params.id, params.date), params.bookingId, body.attended),
            { params: bookingParams, body: standard(attendanceSchema), response: answers(adminRegistration) },
          )
          .post("", ({ body, status }) => status(201, service.create(body)), {
            body: standard(classSchema),
            response: answers(classAnswer, 201),
          })
          .patch("/:id", ({ params, body }) => service.update(params.id, body), {
            params,
            body: standard(classPatchSchema),
            response: answers(classAnswer),
          })
          .delete("/:id", ({ params }) => service.remove(params.id), { params, response: answers(deleted) })
          // 'Cancel this date' (issue 39): in one transaction the date off with her message (on the site and in the feed),
          // every booked and waiting person cancelled and mailed it, every drop-in owed back; then the refunds made.
          .post(
            "/:id/dates/:date/cancel",
            async ({ params, body }) => {
              const reason = body.reason.trim();
              const done = ctx.db.transaction(
                () => {
                  service.cancelDate(params.id, params.date, reason);
                  return bookings.cancelAll(datePlaces(params.id, params.date), reason || null);
                },
                { behavior: "immediate" },
              );
              ctx.cache.invalidate();
              await payments.makeOwedRefunds();
              return done;
            },
            { params: datedParams, body: standard(dateCancelSchema), response: answers(dateCancelled) },
          ),
      )
  );
}
