// "Add to Google Calendar": Google's event template link, built from an event exactly as the .ics feeds place it
// (the same reading of its free-text time, in the site's time zone).
import { basicDate, basicDateTime, eventSchedule } from "@server/shared/calendar.ts";
import { htmlToText } from "@server/shared/rich-text.ts";
import type { Event } from "@web/lib/api-types.ts";

export type CalendarEvent = Pick<Event, "id" | "name" | "startDate" | "endDate" | "time" | "location" | "description">;

/** Google's template URL limit is generous but not endless; long descriptions are cut. */
const DETAILS_MAX = 1000;

/**
 * https://calendar.google.com/calendar/render?action=TEMPLATE&text=..&dates=..&details=..&location=..&ctz=..
 * Timed events give local times with `ctz` (Google converts them); all-day events give dates with an exclusive end;
 * weekly ones add `recur`. Null when the event has no readable start date.
 */
export function googleCalendarUrl(event: CalendarEvent, timezone: string): string | null {
  const schedule = eventSchedule(event);
  if (!schedule) return null;
  const dates = schedule.allDay
    ? `${basicDate(schedule.start)}/${basicDate(schedule.endExclusive)}`
    : `${basicDateTime(schedule.start)}/${basicDateTime(schedule.end ?? schedule.start)}`;
  let details = htmlToText(event.description, { lines: true });
  if (details.length > DETAILS_MAX) details = `${details.slice(0, DETAILS_MAX - 1).trimEnd()}…`;
  const params = new URLSearchParams({ action: "TEMPLATE", text: event.name, dates, details, location: event.location, ctz: timezone });
  if (!schedule.allDay && schedule.weekly) {
    params.set("recur", `RRULE:FREQ=WEEKLY;BYDAY=${schedule.weekly.byDay.join(",")};UNTIL=${basicDate(schedule.weekly.untilDate)}`);
  }
  return `https://calendar.google.com/calendar/render?${params}`;
}

/** The one-event .ics download served by the calendar module. */
export const eventIcsPath = (id: number) => `/calendar/events/${id}.ics`;
