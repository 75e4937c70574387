// "Upcoming" and "past" are decided by the calendar date in SITE_TIMEZONE (DESIGN.md, Time).

// Building a DateTimeFormat costs far more than formatting with it, and public reads ask for today on every request.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date, YYYY-MM-DD, in the given time zone. */
export function todayIn(timezone: string, now: Date = new Date()): string {
  let format = dayFormats.get(timezone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone: timezone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timezone, format);
  }
  return format.format(now);
}
