// biome-ignore-all lint/style/noNonNullAssertion: a parser over token and table arrays it has bounds-checked; noUncheckedIndexedAccess cannot see the checks
// Reading the free-text `time` and `days` of events and classes as calendar times (issue 7). Shared by the server's
// .ics feeds and the web app's "Add to Google Calendar" link, so both place an event at the same time.
// The rule throughout: what cannot be read with confidence is not guessed (an event becomes all-day, a class is
// left out of the feed).

/** The site's time zone when SITE_TIMEZONE is not set (DESIGN.md runtime contract). */
export const DEFAULT_SITE_TIMEZONE = "Australia/Melbourne";

export type LocalTime = { hour: number; minute: number };
export type TimeRange = { start: LocalTime; end: LocalTime | null };
/** A wall-clock time on a date in the site's time zone. */
export type LocalDateTime = { date: string; hour: number; minute: number };
/** iCalendar weekday codes, Monday first. */
const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type Schedule =
  /** Whole days: `start` to `endExclusive` (the day after the last day), YYYY-MM-DD. */
  | { allDay: true; start: string; endExclusive: string }
  /** Timed; `end` null when only a start time can be read; `weekly` when the text names a weekday that repeats. */
  | { allDay: false; start: LocalDateTime; end: LocalDateTime | null; weekly: { byDay: Weekday[]; untilDate: string } | null };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written YYYY-MM-DD. */
function isIsoDate(value: string | null | undefined): value is string {
  if (!value || !ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A 24-hour "HH:MM" (a class schedule's start, issue 39) as hours and minutes. */
export function clockTime(text: string): LocalTime {
  const [hour = 0, minute = 0] = text.split(":").map(Number);
  return { hour, minute };
}

/** `date` plus `days` days (YYYY-MM-DD, calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** The weekdays' names, Monday (ISO weekday 1) first. */
export const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** The ISO weekday (1 = Monday) of a YYYY-MM-DD date. */
export const isoWeekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The weekday of a YYYY-MM-DD date. */
function weekdayOf(date: string): Weekday {
  return WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

/** The first date on or after `from` that falls on one of `days`. */
export function firstMatchingDay(from: string, days: readonly Weekday[]): string {
  let date = from;
  for (let n = 0; n < 7 && !days.includes(weekdayOf(date)); n += 1) date = addDays(date, 1);
  return date;
}

// ---------------------------------------------------------------- times

// One time of day: "noon", "7pm", "7:30 p.m.", "19:00", or a bare hour ("10" in "10-11am", only used in a range).
const TIME_TOKEN =
  /(?<![\w:.])(?:(noon|midday|midnight)|(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?\s?m\.?(?![a-z])|(\d{1,2})[:.](\d{2})(?!\d)|(\d{1,2})(?![\d:.]))/gi;
// What may stand between a start and an end time: a dash or "to", and the end's weekday ("Fri 3 pm – Mon 2 pm").
const RANGE_BETWEEN = /^\s*(?:-|–|—|to|until|till)\s*(?:[a-z]{3,9}\.?,?\s*)?$/i;

type Token = { index: number; length: number; hour: number; minute: number; meridiem: "a" | "p" | null; style: "word" | "meridiem" | "24h" | "bare" };

function timeTokens(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TIME_TOKEN)) {
    const [whole, word, mHour, mMinute, meridiem, hHour, hMinute, bare] = match;
    const base = { index: match.index, length: whole.length };
    if (word) {
      const noon = word.toLowerCase() !== "midnight";
      tokens.push({ ...base, hour: noon ? 12 : 0, minute: 0, meridiem: null, style: "word" });
    } else if (mHour) {
      tokens.push({ ...base, hour: Number(mHour), minute: Number(mMinute ?? 0), meridiem: meridiem!.toLowerCase() as "a" | "p", style: "meridiem" });
    } else if (hHour) {
      tokens.push({ ...base, hour: Number(hHour), minute: Number(hMinute), meridiem: null, style: "24h" });
    } else if (bare) {
      tokens.push({ ...base, hour: Number(bare), minute: 0, meridiem: null, style: "bare" });
    }
  }
  return tokens;
}

function toTime(token: Token, meridiem: "a" | "p" | null): LocalTime | null {
  const { hour, minute } = token;
  if (minute > 59) return null;
  if (token.style === "word") return { hour, minute };
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    return { hour: (hour % 12) + (meridiem === "p" ? 12 : 0), minute };
  }
  return hour <= 23 ? { hour, minute } : null;
}

const minutesOf = (time: LocalTime) => time.hour * 60 + time.minute;

/**
 * Reads a start time and, when written as a range, an end time from free text such as "9:00 AM - 4:00 PM", "7pm",
 * "10-11am", "19:00–21:00" or "Fri 3:00 pm – Mon 2:00 pm". Null when no time of day can be read.
 */
export function parseTimeRange(text: string): TimeRange | null {
  const tokens = timeTokens(text);
  const joined = (a: Token, b: Token) => RANGE_BETWEEN.test(text.slice(a.index + a.length, b.index));
  for (let i = 0; i < tokens.length; i += 1) {
    const first = tokens[i]!;
    const next = tokens[i + 1];
    const isRange = next !== undefined && next.style !== "bare" && joined(first, next);
    if (first.style === "bare" && !(isRange && next.style === "meridiem")) continue;
    if (!isRange) {
      const start = toTime(first, first.meridiem);
      return start && { start, end: null };
    }
    const end = toTime(next, next.meridiem);
    if (!end) return null;
    let start: LocalTime | null;
    if (first.style === "bare" || (first.style === "24h" && first.meridiem === null && next.style === "meridiem")) {
      // "10-11am", "11-1pm", "9:30-11am": the start shares the end's am/pm unless that puts it after the end.
      start = toTime(first, next.meridiem);
      if (start && minutesOf(start) > minutesOf(end)) start = toTime(first, next.meridiem === "p" ? "a" : "p");
    } else {
      start = toTime(first, first.meridiem);
    }
    if (!start) return null;
    // "9:00 - 4:00" (no am/pm, end before start) is ambiguous: read as nothing rather than as an overnight event.
    if (first.style === "24h" && next.style === "24h" && minutesOf(end) <= minutesOf(start)) return null;
    return { start, end };
  }
  return null;
}

// ---------------------------------------------------------------- weekdays

const DAY_WORDS: Record<string, Weekday> = {};
const FULL_NAMES = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const SHORT_NAMES = [["mon"], ["tue", "tues"], ["wed", "weds"], ["thu", "thur", "thurs"], ["fri"], ["sat"], ["sun"]];
FULL_NAMES.forEach((name, index) => {
  const code = WEEKDAYS[index]!;
  DAY_WORDS[name] = code;
  DAY_WORDS[`${name}s`] = code;
  for (const short of SHORT_NAMES[index]!) DAY_WORDS[short] = code;
});
const GROUPS: Record<string, Weekday[]> = {
  weekdays: ["MO", "TU", "WE", "TH", "FR"],
  weekday: ["MO", "TU", "WE", "TH", "FR"],
  weekends: ["SA", "SU"],
  weekend: ["SA", "SU"],
  daily: [...WEEKDAYS],
  everyday: [...WEEKDAYS],
};
const LIST_WORDS = new Set(["and", "&", ",", "/", "+", "every", "each", "weekly", "on", "the"]);
const RANGE_WORDS = new Set(["-", "–", "—", "to", "through", "thru"]);

/**
 * The weekdays named by text such as "Mon, Wed", "Mondays and Thursdays", "Tuesday", "Mon–Fri", "Weekdays" or
 * "Every day". Null when any word is not part of a weekly pattern ("Fortnightly Tuesdays", "By arrangement").
 */
export function parseWeekdays(text: string): Weekday[] | null {
  const words =
    text
      .toLowerCase()
      .replace(/\./g, " ")
      .match(/[a-z]+|[–—&,/+-]/g) ?? [];
  const days = new Set<Weekday>();
  let pendingRange: Weekday | null = null;
  let last: Weekday | null = null;
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!;
    if (word === "every" && words[i + 1] === "day") {
      for (const day of GROUPS.daily!) days.add(day);
      i += 1;
      continue;
    }
    const day = DAY_WORDS[word];
    if (day) {
      if (pendingRange) {
        const from = WEEKDAYS.indexOf(pendingRange);
        const to = WEEKDAYS.indexOf(day);
        for (let n = from; n !== to; n = (n + 1) % 7) days.add(WEEKDAYS[n]!);
        pendingRange = null;
      }
      days.add(day);
      last = day;
    } else if (GROUPS[word]) {
      for (const groupDay of GROUPS[word]!) days.add(groupDay);
      last = null;
    } else if (RANGE_WORDS.has(word)) {
      if (!last || pendingRange) return null;
      pendingRange = last;
    } else if (!LIST_WORDS.has(word)) {
      return null;
    }
  }
  if (pendingRange || days.size === 0) return null;
  return WEEKDAYS.filter((day) => days.has(day));
}

// A weekday said as repeating: "Saturdays", "every Saturday", "Saturday weekly".
const REPEATING_DAY = /\b(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days|every\s+[a-z]+|weekly)\b/i;

// ---------------------------------------------------------------- events

/**
 * Where an event sits in a calendar. A readable time range gives a timed event (from the start time on `startDate`
 * to the end time on `endDate ?? startDate`, the next day when it ends at or before it starts); text that names a
 * repeating weekday on a multi-day event ("Saturdays, 10 am – 12 pm") gives a weekly event until `endDate`; a lone
 * start time gives a timed start on a one-day event; anything else is all-day over startDate..endDate.
 * Null when `startDate` is not a date.
 */
export function eventSchedule(event: { startDate: string; endDate?: string | null; time: string }): Schedule | null {
  if (!isIsoDate(event.startDate)) return null;
  const lastDate = isIsoDate(event.endDate) && event.endDate > event.startDate ? event.endDate : event.startDate;
  const allDay: Schedule = { allDay: true, start: event.startDate, endExclusive: addDays(lastDate, 1) };
  const range = parseTimeRange(event.time);
  if (!range) return allDay;
  const multiDay = lastDate > event.startDate;
  const at = (date: string, time: LocalTime): LocalDateTime => ({ date, ...time });
  const endOnSameOrNextDay = (date: string) => range.end && at(minutesOf(range.end) <= minutesOf(range.start) ? addDays(date, 1) : date, range.end);

  if (multiDay) {
    const firstTime = timeTokens(event.time)[0];
    const prefix = event.time.slice(0, firstTime?.index ?? 0).replace(/[\s,:;–—-]+$/, "");
    const byDay = REPEATING_DAY.test(prefix) ? parseWeekdays(prefix) : null;
    if (byDay) {
      const first = firstMatchingDay(event.startDate, byDay);
      if (first > lastDate) return allDay;
      return { allDay: false, start: at(first, range.start), end: endOnSameOrNextDay(first), weekly: { byDay, untilDate: lastDate } };
    }
    if (!range.end) return allDay;
    return { allDay: false, start: at(event.startDate, range.start), end: at(lastDate, range.end), weekly: null };
  }
  return { allDay: false, start: at(event.startDate, range.start), end: endOnSameOrNextDay(event.startDate), weekly: null };
}

/** A weekly class: its days and times, or null when either cannot be read (the class is then left out). */
export function classSchedule(entry: { days: string; time: string }): { byDay: Weekday[]; time: TimeRange } | null {
  const byDay = parseWeekdays(entry.days);
  const time = parseTimeRange(entry.time);
  return byDay && time ? { byDay, time } : null;
}

/** `YYYYMMDDTHHMMSS` (iCalendar and Google Calendar's local date-time form). */
export const basicDateTime = (value: LocalDateTime) =>
  `${value.date.replaceAll("-", "")}T${String(value.hour).padStart(2, "0")}${String(value.minute).padStart(2, "0")}00`;

/** `YYYYMMDD`. */
export const basicDate = (date: string) => date.replaceAll("-", "");
