// The calendar files (issue 7): upcoming events, one event, and the weekly classes, as iCalendar text.
import type { Class, ClassSchedule, Event } from "@db/schema.ts";
import { vtimezoneLines, zonedToUtc } from "@server/lib/timezone.ts";
import {
  addDays,
  basicDate,
  basicDateTime,
  classSchedule,
  clockTime,
  eventSchedule,
  firstMatchingDay,
  type LocalDateTime,
  type LocalTime,
  type Weekday,
} from "@server/shared/calendar.ts";
import { classPath, eventPath } from "@server/shared/links.ts";
import { htmlToText } from "@server/shared/rich-text.ts";
import { slugify } from "@server/shared/slug.ts";
import { escapeText, serialize } from "./ics.ts";

/** Weekly classes start on their first day on or after this date, so that the feed is the same on every request. */
const CLASS_ANCHOR_DATE = "2026-01-01";

export type CalendarOptions = {
  /** SITE_URL: links and the host part of every UID. */
  siteUrl: string;
  /** SITE_TIMEZONE: the TZID of every time. */
  timezone: string;
  now: Date;
  /** X-WR-CALNAME, the name a calendar app shows for a subscription. */
  name: string;
};

const PRODID = "-//Vedanta & Yoga Melbourne//Site calendar//EN";

/** `20270402T050000Z`. */
const utcStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** The host that makes UIDs unique to this site (`event-3@example.org`). */
const uidHost = (siteUrl: string) => {
  try {
    return new URL(siteUrl).hostname || "localhost";
  } catch {
    return "localhost";
  }
};

const eventUid = (id: number, siteUrl: string) => `event-${id}@${uidHost(siteUrl)}`;
const classUid = (id: number, siteUrl: string) => `class-${id}@${uidHost(siteUrl)}`;

function calendar(options: CalendarOptions, years: number[], events: string[][]): string {
  const nowYear = options.now.getUTCFullYear();
  const fromYear = Math.min(nowYear, ...years) - 1;
  const toYear = Math.max(nowYear, ...years) + 1;
  return serialize([
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODID}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(options.name)}`,
    `X-WR-TIMEZONE:${options.timezone}`,
    "REFRESH-INTERVAL;VALUE=DURATION:PT6H",
    "X-PUBLISHED-TTL:PT6H",
    ...vtimezoneLines(options.timezone, fromYear, toYear),
    ...events.flat(),
    "END:VCALENDAR",
  ]);
}

const localProperty = (name: string, value: LocalDateTime, timezone: string) => `${name};TZID=${timezone}:${basicDateTime(value)}`;

function eventLines(event: Event, options: CalendarOptions): string[] | null {
  const schedule = eventSchedule(event);
  if (!schedule) return null;
  const lines = ["BEGIN:VEVENT", `UID:${eventUid(event.id, options.siteUrl)}`, `DTSTAMP:${utcStamp(options.now)}`];
  if (schedule.allDay) {
    lines.push(`DTSTART;VALUE=DATE:${basicDate(schedule.start)}`, `DTEND;VALUE=DATE:${basicDate(schedule.endExclusive)}`);
  } else {
    lines.push(localProperty("DTSTART", schedule.start, options.timezone));
    if (schedule.end) lines.push(localProperty("DTEND", schedule.end, options.timezone));
    if (schedule.weekly) {
      // UNTIL is UTC when DTSTART has a TZID (RFC 5545 3.3.10); the end of the last day keeps its occurrence.
      const until = zonedToUtc(options.timezone, { date: schedule.weekly.untilDate, hour: 23, minute: 59 });
      lines.push(`RRULE:FREQ=WEEKLY;BYDAY=${schedule.weekly.byDay.join(",")};UNTIL=${utcStamp(until)}`);
    }
  }
  const description = [
    event.cancelledAt ? `Cancelled${event.cancelReason ? `: ${event.cancelReason}` : "."}` : "",
    htmlToText(event.description, { lines: true }),
    event.registrationLink && !event.cancelledAt ? `Register: ${event.registrationLink}` : "",
  ]
    .filter(Boolean)
    .join("\n\n");
  // Issue 38: a cancelled event stays in the feed, marked so: a calendar that subscribed shows it off.
  if (event.cancelledAt) lines.push("STATUS:CANCELLED");
  lines.push(`SUMMARY:${escapeText(event.name)}`, `LOCATION:${escapeText(event.location)}`);
  if (description) lines.push(`DESCRIPTION:${escapeText(description)}`);
  lines.push(`CATEGORIES:${escapeText(event.type)}`, `URL:${options.siteUrl}${eventPath(event.id)}`, "END:VEVENT");
  return lines;
}

const eventYears = (events: Event[]) =>
  events.flatMap((event) => [event.startDate, event.endDate ?? event.startDate].map((date) => Number(date.slice(0, 4)))).filter(Number.isFinite);

/** GET /calendar/events.ics: every event given (the upcoming ones), each with a stable UID. */
export function eventsCalendar(events: Event[], options: CalendarOptions): string {
  return calendar(
    options,
    eventYears(events),
    events.map((event) => eventLines(event, options)).filter((lines): lines is string[] => lines !== null),
  );
}

/** GET /calendar/events/:id.ics: one event (same UID as in the feed, so importing it twice updates it). */
export function singleEventCalendar(event: Event, options: CalendarOptions): string {
  return eventsCalendar([event], options);
}

const minutesOf = (time: LocalTime) => time.hour * 60 + time.minute;

/** iCalendar's weekday codes by ISO weekday (1 = Monday). */
const BYDAY: readonly Weekday[] = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];

/**
 * Issue 39: a class booked by the date, as its schedule says: from its first date, weekly on its weekdays, until its
 * last date (UTC, as RFC 5545 wants with a TZID), less each skipped date (EXDATE at its start).
 */
function scheduledClassLines(schedule: ClassSchedule, options: CalendarOptions): string[] {
  const start = clockTime(schedule.start);
  const byDay = schedule.weekdays.flatMap((day) => BYDAY[day - 1] ?? []);
  const first = firstMatchingDay(schedule.from, byDay);
  const until = schedule.until && zonedToUtc(options.timezone, { date: schedule.until, hour: 23, minute: 59 });
  return [
    ...dateTimes(schedule, first, options),
    `RRULE:FREQ=WEEKLY;BYDAY=${byDay.join(",")}${until ? `;UNTIL=${utcStamp(until)}` : ""}`,
    ...schedule.skip.map((date) => localProperty("EXDATE", { date, ...start }, options.timezone)),
  ];
}

/** One date's DTSTART (local, with its TZID) and DTEND (its length later). */
function dateTimes(schedule: ClassSchedule, date: string, options: CalendarOptions): string[] {
  const start = { date, ...clockTime(schedule.start) };
  const startsAt = zonedToUtc(options.timezone, start);
  return [localProperty("DTSTART", start, options.timezone), `DTEND:${utcStamp(new Date(startsAt.getTime() + schedule.minutes * 60_000))}`];
}

/** A date called off: the series' own occurrence (RECURRENCE-ID) again, marked cancelled, with her message. */
function cancelledDateLines(entry: Class, schedule: ClassSchedule, date: string, reason: string, options: CalendarOptions): string[] {
  const { hour, minute } = clockTime(schedule.start);
  return [
    "BEGIN:VEVENT",
    `UID:${classUid(entry.id, options.siteUrl)}`,
    `DTSTAMP:${utcStamp(options.now)}`,
    localProperty("RECURRENCE-ID", { date, hour, minute }, options.timezone),
    ...dateTimes(schedule, date, options),
    "STATUS:CANCELLED",
    `SUMMARY:${escapeText(`Cancelled: ${entry.name}`)}`,
    ...(reason ? [`DESCRIPTION:${escapeText(reason)}`] : []),
    "END:VEVENT",
  ];
}

function classLines(entry: Class, cancelled: ReadonlyMap<string, string>, options: CalendarOptions): string[] | null {
  if (entry.schedule) {
    const { schedule } = entry;
    const offs = [...cancelled].flatMap(([date, reason]) => cancelledDateLines(entry, schedule, date, reason, options));
    return [...classEntryLines(entry, options, scheduledClassLines(schedule, options)), ...offs];
  }
  const schedule = classSchedule(entry);
  if (!schedule) return null;
  const date = firstMatchingDay(CLASS_ANCHOR_DATE, schedule.byDay);
  const { start, end } = schedule.time;
  const times = [localProperty("DTSTART", { date, ...start }, options.timezone)];
  if (end) times.push(localProperty("DTEND", { date: minutesOf(end) <= minutesOf(start) ? addDays(date, 1) : date, ...end }, options.timezone));
  times.push(`RRULE:FREQ=WEEKLY;BYDAY=${schedule.byDay.join(",")}`);
  return classEntryLines(entry, options, times);
}

/** A class's VEVENT around its times: what it is, where, and its link. */
function classEntryLines(entry: Class, options: CalendarOptions, times: string[]): string[] {
  const lines = ["BEGIN:VEVENT", `UID:${classUid(entry.id, options.siteUrl)}`, `DTSTAMP:${utcStamp(options.now)}`, ...times];
  const description = [entry.level && entry.level !== "None" ? `Level: ${entry.level}` : "", htmlToText(entry.description, { lines: true })]
    .filter(Boolean)
    .join("\n\n");
  lines.push(`SUMMARY:${escapeText(entry.name)}`, `LOCATION:${escapeText(entry.location)}`);
  if (description) lines.push(`DESCRIPTION:${escapeText(description)}`);
  lines.push(`URL:${options.siteUrl}/#classes`, "END:VEVENT");
  return lines;
}

/**
 * GET /calendar/classes.ics: each class booked by the date as its schedule says, its dates called off marked so; each
 * other class whose days and time can be read, repeating weekly; the others left out.
 */
export function classesCalendar(classes: Class[], cancelled: ReadonlyMap<number, ReadonlyMap<string, string>>, options: CalendarOptions): string {
  return calendar(
    options,
    [Number(CLASS_ANCHOR_DATE.slice(0, 4))],
    classes.map((entry) => classLines(entry, cancelled.get(entry.id) ?? new Map(), options)).filter((lines): lines is string[] => lines !== null),
  );
}

/**
 * One date of a class as its booking's mail attaches it (issue 39): its own UID (`class-3-2026-12-01@host`), so that it
 * sits beside a subscription to the classes feed rather than replacing the series.
 */
export function classDateCalendar(
  occasion: { id: number; name: string; location: string; startDate: string; startsAt: string; endsAt: string },
  options: CalendarOptions,
): string {
  const lines = [
    "BEGIN:VEVENT",
    `UID:class-${occasion.id}-${occasion.startDate}@${uidHost(options.siteUrl)}`,
    `DTSTAMP:${utcStamp(options.now)}`,
    `DTSTART:${utcStamp(new Date(occasion.startsAt))}`,
    `DTEND:${utcStamp(new Date(occasion.endsAt))}`,
    `SUMMARY:${escapeText(occasion.name)}`,
    `LOCATION:${escapeText(occasion.location)}`,
    `URL:${options.siteUrl}${classPath(occasion.id)}`,
    "END:VEVENT",
  ];
  return calendar(options, [Number(occasion.startDate.slice(0, 4))], [lines]);
}

/** A file name for one event's download: `satsang-evening.ics`. */
export function eventFileName(event: Pick<Event, "id" | "name">): string {
  return `${slugify(event.name, `event-${event.id}`)}.ics`;
}
