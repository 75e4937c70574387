import { profile } from "@db/schema.ts";
import type { ModuleContext } from "@server/context.ts";
import { notFound } from "@server/lib/errors.ts";
import { todayIn } from "@server/lib/time.ts";
import { DEFAULT_PROFILE } from "@server/shared/constants.ts";
import { Elysia } from "elysia";
import { type CalendarOptions, classDateCalendar, classesCalendar, eventFileName, eventsCalendar, singleEventCalendar } from "./service.ts";

export { classDateCalendar, eventFileName, singleEventCalendar };

const CALENDAR_HEADERS = { "Content-Type": "text/calendar; charset=utf-8", "Cache-Control": "public, max-age=300" };

/** Calendar feeds (issue 7): /calendar/events.ics, /calendar/events/<id>.ics (a download), /calendar/classes.ics. */
export function calendarModule(ctx: ModuleContext<"events" | "classes">) {
  const { events, classes } = ctx.services;
  const teacher = () => ctx.db.select({ name: profile.name }).from(profile).limit(1).get()?.name ?? DEFAULT_PROFILE.name;
  const options = (what: string): CalendarOptions => ({
    siteUrl: ctx.config.siteUrl,
    timezone: ctx.config.timezone,
    now: ctx.now(),
    name: `${teacher()} — ${what}`,
  });

  return new Elysia({ name: "calendar", prefix: "/calendar" })
    .get("/events.ics", () => {
      const upcoming = events.upcoming(todayIn(ctx.config.timezone, ctx.now()));
      return new Response(eventsCalendar(upcoming, options("Events")), { headers: CALENDAR_HEADERS });
    })
    .get("/events/:file", ({ params }) => {
      const match = /^([1-9]\d{0,9})\.ics$/.exec(params.file);
      if (!match) throw notFound("Event not found");
      const event = events.find(Number(match[1]));
      return new Response(singleEventCalendar(event, options(event.name)), {
        headers: { ...CALENDAR_HEADERS, "Content-Disposition": `attachment; filename="${eventFileName(event)}"` },
      });
    })
    .get(
      "/classes.ics",
      () => new Response(classesCalendar(classes.list(), classes.cancelledDates(), options("Weekly classes")), { headers: CALENDAR_HEADERS }),
    );
}
