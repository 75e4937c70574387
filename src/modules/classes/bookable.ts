// One date of a weekly class as the bookings core books it (issue 39: src/modules/bookings): whether it runs, is called
// off, has started or is beyond the booking window, each refused in the words; its start, its refund deadline
// (CLASS_CANCEL_HOURS) and how its mails name it.
import type { Db } from "@db/client.ts";
import { classDateCancellations, classes } from "@db/schema.ts";
import type { Config } from "@server/config.ts";
import { badRequest, conflict } from "@server/lib/errors.ts";
import { todayIn } from "@server/lib/time.ts";
import { zonedToUtc } from "@server/lib/timezone.ts";
import { addDays, clockTime } from "@server/shared/calendar.ts";
import { formatTimeRange } from "@server/shared/dates.ts";
import { and, eq } from "drizzle-orm";
import type { Bookable } from "../bookings/index.ts";
import { runsOn } from "./dates.ts";

type Settings = Pick<Config, "timezone" | "classBookingWeeks" | "classCancelHours" | "classReminderMinutes">;

/** The last date of the booking window that starts today: CLASS_BOOKING_WEEKS weeks ahead. */
const lastBookableDate = (today: string, weeks: number) => addDays(today, weeks * 7);

/** Each class date as a Bookable, read as it is now (a date it no longer runs on still describes its bookings). */
export function describeClassDates(db: Db, config: Settings) {
  const { timezone } = config;
  return (id: number, date: string): Bookable | undefined => {
    const entry = db.select().from(classes).where(eq(classes.id, id)).get();
    if (!entry || !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) return undefined;
    const called = db
      .select()
      .from(classDateCancellations)
      .where(and(eq(classDateCancellations.classId, id), eq(classDateCancellations.date, date)))
      .get();
    const { schedule } = entry;
    const startsAt = zonedToUtc(timezone, { date, ...clockTime(schedule?.start ?? "00:00") });
    const endsAt = new Date(startsAt.getTime() + (schedule?.minutes ?? 0) * 60_000);
    const online = entry.mode !== "in-person" && entry.joinUrl ? { joinUrl: entry.joinUrl, endsAt } : undefined;
    return {
      target: { kind: "class", id, date },
      occasion: {
        id,
        name: entry.name,
        startDate: date,
        endDate: null,
        time: formatTimeRange(startsAt.toISOString(), endsAt.toISOString(), timezone),
        location: entry.location,
        description: entry.description,
        classDate: { startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() },
      },
      capacity: entry.capacity,
      prices: entry,
      startsAt,
      // An online or hybrid date's reminder carries its join link; an in-person one has none.
      remindAt: online ? new Date(startsAt.getTime() - config.classReminderMinutes * 60_000) : null,
      online,
      refundUntil: new Date(startsAt.getTime() - config.classCancelHours * 3_600_000),
      lateCancel: `the class starts in less than ${config.classCancelHours} hours`,
      cancelled: called !== undefined,
      alreadyBooked: `You're already booked for this class on ${date}`,
      refuse(at) {
        if (!schedule || !runsOn(schedule, date)) throw badRequest(`This class does not run on ${date}`);
        if (called) throw conflict(`This class on ${date} is cancelled`);
        if (at >= startsAt) throw conflict(`Bookings for this class on ${date} have closed`);
        const last = lastBookableDate(todayIn(timezone, at), config.classBookingWeeks);
        if (date > last) throw badRequest(`Bookings for this class on ${date} open ${config.classBookingWeeks} weeks ahead`);
        if (entry.capacity === null) throw badRequest("This class needs no booking: just come along");
      },
    };
  };
}
