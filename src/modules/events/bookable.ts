// An event as the bookings core books it (issue 39: src/modules/bookings): when it starts, when its registration
// closes, when its reminder goes, until when a paid place is refunded; and its places as the public reads show them.
import type { Db } from "@db/client.ts";
import { type Event, events } from "@db/schema.ts";
import type { Config } from "@server/config.ts";
import { conflict, notFound } from "@server/lib/errors.ts";
import { todayIn } from "@server/lib/time.ts";
import { zonedToUtc } from "@server/lib/timezone.ts";
import { addDays, eventSchedule } from "@server/shared/calendar.ts";
import { isPastEvent } from "@server/shared/dates.ts";
import { eq } from "drizzle-orm";
import type { Bookable } from "../bookings/index.ts";
import type { EventsService } from "./service.ts";

type Timing = Pick<Event, "startDate" | "endDate" | "time" | "registrationCloses">;

/** When the event starts as the calendar feeds read its time text; the end of its start day when it has no time. */
function eventStartsAt(event: Timing, timezone: string): Date {
  const schedule = eventSchedule(event);
  if (schedule && !schedule.allDay) return zonedToUtc(timezone, schedule.start);
  return zonedToUtc(timezone, { date: addDays(event.startDate, 1), hour: 0, minute: 0 });
}

/** The first moment at which registration is closed: the event's start, or the start of `registrationCloses`. */
function registrationClosesAt(event: Timing, timezone: string): Date {
  const start = eventStartsAt(event, timezone);
  if (!event.registrationCloses) return start;
  const closes = zonedToUtc(timezone, { date: event.registrationCloses, hour: 0, minute: 0 });
  return new Date(Math.min(closes.getTime(), start.getTime()));
}

/** The day before the event at 09:00 in the site's time zone. */
const reminderAt = (event: Pick<Event, "startDate">, timezone: string) =>
  zonedToUtc(timezone, { date: addDays(event.startDate, -1), hour: 9, minute: 0 });

/** What the public reads say about an event's places (`taken`: confirmed, and held for a payment). */
function availability(event: Event, taken: number, now: Date, timezone: string) {
  return {
    placesLeft: event.capacity === null ? null : Math.max(0, event.capacity - taken),
    registrationOpen: !event.cancelledAt && !isPastEvent(event, todayIn(timezone, now)) && now < registrationClosesAt(event, timezone),
  };
}

/**
 * The upcoming events as the public reads show them: with their places left (held places taken), whether
 * registration is open, and the currency of their prices (issue 32).
 */
export function upcomingWithAvailability(events: Pick<EventsService, "upcomingWithPlaces">, now: Date, timezone: string, currency: string) {
  return events
    .upcomingWithPlaces(todayIn(timezone, now), now)
    .map(({ event, taken }) => ({ ...event, currency, ...availability(event, taken, now, timezone) }));
}

/** When that list stops holding besides a write or a new day: the next closing of an open registration (ms). */
export function nextClosing(list: ReturnType<typeof upcomingWithAvailability>, timezone: string): number | undefined {
  const closings = list.filter((event) => event.registrationOpen).map((event) => registrationClosesAt(event, timezone).getTime());
  return closings.length ? Math.min(...closings) : undefined;
}

/** Each event as a Bookable, read as it is now. */
export function describeEvents(db: Db, config: Pick<Config, "timezone" | "payments">) {
  const { timezone } = config;
  const describe = (event: Event): Bookable => {
    const startsAt = eventStartsAt(event, timezone);
    return {
      target: { kind: "event", id: event.id },
      occasion: event,
      capacity: event.capacity,
      prices: event,
      startsAt,
      remindAt: reminderAt(event, timezone),
      refundUntil: new Date(startsAt.getTime() - config.payments.refundUntilDays * 86_400_000),
      lateCancel: `the event starts in less than ${config.payments.refundUntilDays} days`,
      cancelled: event.cancelledAt !== null,
      refuse(at) {
        if (isPastEvent(event, todayIn(timezone, at))) throw notFound("Event not found");
        if (event.cancelledAt) throw conflict("This event is cancelled");
        if (at >= registrationClosesAt(event, timezone)) throw conflict("Registration is closed");
      },
      raisePlaces(to) {
        const raised = db.update(events).set({ capacity: to }).where(eq(events.id, event.id)).returning().get();
        if (!raised) throw notFound("Event not found");
        return describe(raised);
      },
    };
  };
  return (id: number): Bookable | undefined => {
    const event = db.select().from(events).where(eq(events.id, id)).get();
    return event && describe(event);
  };
}
