// The site's dates as the spec shows them, in US English whatever the reader's locale (spec §2.1): "January 15, 2027"
// for events, "Jan 15, 2027" for videos. Spelled from a table, not by Intl.DateTimeFormat: building a formatter loads
// ICU's locale data, ~20 ms of a phone's first script run (ADR 7), for formats that never vary.

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** A date's UTC calendar day: a YYYY-MM-DD prefix as written, anything else as `Date` parses it; null when invalid. */
function calendarDay(value: string, fromPrefix: boolean): Date | null {
  const prefix = fromPrefix ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  const date = prefix ? new Date(Date.UTC(Number(prefix[1]), Number(prefix[2]) - 1, Number(prefix[3]))) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Jan" for a YYYY-MM-DD date (the event card's date chip); "" when it does not parse. */
export function shortMonth(value: string): string {
  const day = calendarDay(value, true);
  // biome-ignore lint/style/noNonNullAssertion: getUTCMonth() is 0 to 11, MONTHS has 12
  return day ? MONTHS[day.getUTCMonth()]!.slice(0, 3) : "";
}

/** "January 15, 2027" from a YYYY-MM-DD date (its day as written); the text itself when it does not parse. */
export function formatLongDate(value: string): string {
  const day = calendarDay(value, true);
  return day ? `${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}` : value;
}

/** "Tuesday, March 16, 2027": a class date with its weekday (issue 39). */
export function formatWeekdayDate(value: string): string {
  const day = calendarDay(value, true);
  return day ? `${day.toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" })}, ${formatLongDate(value)}` : value;
}

/** "Jan 15, 2027" from an ISO date-time (its UTC day); the text itself when it does not parse. */
export function formatShortDate(value: string): string {
  const day = calendarDay(value, false);
  // biome-ignore lint/style/noNonNullAssertion: getUTCMonth() is 0 to 11, MONTHS has 12
  return day ? `${MONTHS[day.getUTCMonth()]!.slice(0, 3)} ${day.getUTCDate()}, ${day.getUTCFullYear()}` : value;
}

/** A start date, or "start – end" when the end differs. */
export function formatDateRange(start: string, end?: string | null): string {
  return end && end !== start ? `${formatLongDate(start)} – ${formatLongDate(end)}` : formatLongDate(start);
}

/** A class date's start as the site says it, in the site's zone: "Tue, Dec 1, 6:30 PM" (issue 39). */
export function formatClassStart(iso: string, timezone: string): string {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone: timezone || undefined,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
  return format.format(new Date(iso));
}

/** A class date's time as its mails say it: "6:30 PM – 7:45 PM" in the site's zone. */
export function formatTimeRange(startIso: string, endIso: string, timezone: string): string {
  const format = new Intl.DateTimeFormat("en-US", { timeZone: timezone || undefined, hour: "numeric", minute: "2-digit" });
  return `${format.format(new Date(startIso))} – ${format.format(new Date(endIso))}`;
}

/** An event is past once its last day (`endDate`, else `startDate`) is before `today` (YYYY-MM-DD: on the server, today in the site's time zone). */
export function isPastEvent(event: { startDate: string; endDate: string | null }, today: string): boolean {
  return (event.endDate || event.startDate) < today;
}
