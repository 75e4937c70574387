// A scheduled class's dates (issue 39): which days it runs on, when each starts and ends as instants (the start is a
// wall-clock time in SITE_TIMEZONE, right across daylight saving), and the state of each at a moment.
import type { ClassSchedule } from "@db/schema.ts";
import { zonedToUtc } from "@server/lib/timezone.ts";
import { addDays, clockTime } from "@server/shared/calendar.ts";

/**
 * A class with a schedule: its places per date, the places of a date taken (confirmed, and held for their payment), and
 * the dates called off, each with the teacher's message.
 */
export type Scheduled = {
  schedule: ClassSchedule;
  capacity: number | null;
  taken: (date: string) => number;
  cancelled: ReadonlyMap<string, string>;
};
/** A moment, in the site's zone. */
type At = { now: Date; zone: string };

export type ClassDate = {
  date: string;
  startsAt: string;
  endsAt: string;
  capacity: number | null;
  placesLeft: number | null;
} & ({ state: "open" | "full" | "closed" } | { state: "cancelled"; reason: string });

/** The ISO weekday (1 = Monday) of a YYYY-MM-DD date. */
const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** Whether the class runs on `date`: one of its weekdays, within from–until, not skipped. */
export function runsOn(schedule: ClassSchedule, date: string): boolean {
  return (
    schedule.weekdays.includes(isoWeekday(date)) &&
    date >= schedule.from &&
    (schedule.until === null || date <= schedule.until) &&
    !schedule.skip.includes(date)
  );
}

/** One date of the class: its start and end as instants, its places, and its state at `now`. */
export function classDate(entry: Scheduled, date: string, { now, zone }: At): ClassDate {
  const startsAt = zonedToUtc(zone, { date, ...clockTime(entry.schedule.start) });
  const endsAt = new Date(startsAt.getTime() + entry.schedule.minutes * 60_000);
  const placesLeft = entry.capacity === null ? null : Math.max(0, entry.capacity - entry.taken(date));
  const times = { date, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(), capacity: entry.capacity, placesLeft };
  const reason = entry.cancelled.get(date);
  if (reason !== undefined) return { ...times, state: "cancelled", reason };
  return { ...times, state: now >= startsAt ? "closed" : placesLeft === 0 ? "full" : "open" };
}

/** The dates from `from` to `to` (YYYY-MM-DD, both included) on which the class runs, in order. */
export function datesBetween(entry: Scheduled, from: string, to: string, at: At): ClassDate[] {
  const dates: ClassDate[] = [];
  for (let date = from > entry.schedule.from ? from : entry.schedule.from; date <= to; date = addDays(date, 1)) {
    if (entry.schedule.until !== null && date > entry.schedule.until) break;
    if (runsOn(entry.schedule, date)) dates.push(classDate(entry, date, at));
  }
  return dates;
}

/** The next `count` dates that have not ended (a date that started shows 'closed' until it ends). */
export function upcomingDates(entry: Scheduled, count: number, at: At & { today: string }) {
  const upcoming: ClassDate[] = [];
  // A year ahead at most: a schedule whose dates are all skipped or past ends the search.
  for (let from = addDays(at.today, -1); upcoming.length < count && from <= addDays(at.today, 366); from = addDays(from, 28)) {
    for (const date of datesBetween(entry, from, addDays(from, 27), at)) {
      if (upcoming.length < count && Date.parse(date.endsAt) > at.now.getTime()) upcoming.push(date);
    }
  }
  return upcoming;
}
