// biome-ignore-all lint/style/noNonNullAssertion: reads of Intl parts and of groups it has just built non-empty; noUncheckedIndexedAccess cannot see that
// A VTIMEZONE for any IANA zone, computed from the runtime's time zone data (Intl) rather than written by hand:
// the offset changes of the years a feed covers are found, and each recurring change becomes a yearly rule.
import type { LocalDateTime } from "@server/shared/calendar.ts";

const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at an instant, in minutes east of Greenwich. */
function offsetMinutes(zone: string, utcMs: number): number {
  const instant = Math.floor(utcMs / 1000) * 1000;
  const parts: Record<string, number> = {};
  for (const part of wallClockFormatter(zone).formatToParts(new Date(instant))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
  return Math.round((wall - instant) / 60_000);
}

/** The instant of a wall-clock time in the zone (a time skipped by a clock change is read with the earlier offset). */
export function zonedToUtc(zone: string, local: LocalDateTime): Date {
  const [year, month, day] = local.date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, local.hour, local.minute);
  let utc = wall - offsetMinutes(zone, wall) * 60_000;
  utc = wall - offsetMinutes(zone, utc) * 60_000;
  return new Date(utc);
}

type Transition = { utcMs: number; from: number; to: number };

const DAY_MS = 86_400_000;

/** Every offset change of the zone from 1 January `fromYear` to 31 December `toYear` (UTC), to the minute. */
function transitions(zone: string, fromYear: number, toYear: number): Transition[] {
  const found: Transition[] = [];
  const end = Date.UTC(toYear + 1, 0, 1);
  let at = Date.UTC(fromYear, 0, 1);
  let offset = offsetMinutes(zone, at);
  while (at < end) {
    const next = at + DAY_MS;
    const nextOffset = offsetMinutes(zone, next);
    if (nextOffset !== offset) {
      // The first minute in (at, next] with the new offset.
      let low = at;
      let high = next;
      while (high - low > 60_000) {
        const mid = low + Math.floor((high - low) / 120_000) * 60_000;
        if (offsetMinutes(zone, mid) === offset) low = mid;
        else high = mid;
      }
      found.push({ utcMs: high, from: offset, to: nextOffset });
      offset = nextOffset;
    }
    at = next;
  }
  return found;
}

/** `+1100`, `-0330`. */
function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
}

/** A short name for the zone at an instant ("AEDT"), or null when the runtime only knows "GMT+11". */
function abbreviation(zone: string, utcMs: number): string | null {
  for (const locale of ["en-AU", "en-GB", "en-US"]) {
    const name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "short" })
      .formatToParts(new Date(utcMs))
      .find((part) => part.type === "timeZoneName")?.value;
    if (name && !/^(GMT|UTC)[+-]/.test(name)) return name;
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, "0");
const BYDAY = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];

type Local = { year: number; month: number; day: number; hour: number; minute: number; weekday: number };

function wallTime(utcMs: number, offset: number): Local {
  const date = new Date(utcMs + offset * 60_000);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    weekday: date.getUTCDay(),
  };
}

const basic = (local: Local) => `${local.year}${pad(local.month)}${pad(local.day)}T${pad(local.hour)}${pad(local.minute)}00`;
const basicUtc = (utcMs: number) =>
  new Date(utcMs)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/**
 * The VTIMEZONE lines for `zone`, valid for the years `fromYear`..`toYear` and, when its rules keep recurring, after.
 * A change that happens on the same "nth (or last) weekday of a month at a wall-clock time" every year of the range
 * becomes one STANDARD or DAYLIGHT component with a yearly RRULE; anything irregular is listed with RDATEs.
 */
export function vtimezoneLines(zone: string, fromYear: number, toYear: number): string[] {
  const key = `${zone}|${fromYear}|${toYear}`;
  let lines = computed.get(key);
  if (!lines) {
    lines = computeVtimezone(zone, fromYear, toYear);
    computed.set(key, lines);
  }
  return lines;
}

const computed = new Map<string, string[]>();

function computeVtimezone(zone: string, fromYear: number, toYear: number): string[] {
  const changes = transitions(zone, fromYear, toYear);
  const lines = ["BEGIN:VTIMEZONE", `TZID:${zone}`];
  if (changes.length === 0) {
    const at = Date.UTC(fromYear, 0, 1);
    const offset = formatOffset(offsetMinutes(zone, at));
    const name = abbreviation(zone, at);
    lines.push("BEGIN:STANDARD", "DTSTART:19700101T000000", `TZOFFSETFROM:${offset}`, `TZOFFSETTO:${offset}`);
    if (name) lines.push(`TZNAME:${name}`);
    lines.push("END:STANDARD", "END:VTIMEZONE");
    return lines;
  }

  // Group the changes that look like one yearly rule: same offsets, month, weekday and wall-clock time.
  const groups = new Map<string, { change: Transition; local: Local }[]>();
  for (const change of changes) {
    const local = wallTime(change.utcMs, change.from);
    const key = [change.from, change.to, local.month, local.weekday, local.hour, local.minute].join("|");
    groups.set(key, [...(groups.get(key) ?? []), { change, local }]);
  }

  const components = [...groups.values()].sort((a, b) => a[0]!.change.utcMs - b[0]!.change.utcMs);
  for (const group of components) {
    const { change, local } = group[0]!;
    const kind = change.to < change.from ? "STANDARD" : "DAYLIGHT";
    const name = abbreviation(zone, change.utcMs + 60_000);
    lines.push(`BEGIN:${kind}`, `DTSTART:${basic(local)}`, `TZOFFSETFROM:${formatOffset(change.from)}`, `TZOFFSETTO:${formatOffset(change.to)}`);
    const rule = yearlyRule(group.map((entry) => entry.local));
    if (rule) {
      const lastYear = group.at(-1)!.local.year;
      // A rule that held until the end of the range is taken to continue; one that stopped earlier ends there.
      const until = lastYear < toYear ? `;UNTIL=${basicUtc(group.at(-1)!.change.utcMs)}` : "";
      lines.push(`RRULE:FREQ=YEARLY;BYMONTH=${local.month};BYDAY=${rule}${BYDAY[local.weekday]}${until}`);
    } else if (group.length > 1) {
      lines.push(
        `RDATE:${group
          .slice(1)
          .map((entry) => basic(entry.local))
          .join(",")}`,
      );
    }
    if (name) lines.push(`TZNAME:${name}`);
    lines.push(`END:${kind}`);
  }
  lines.push("END:VTIMEZONE");
  return lines;
}

// "1" (first), "2", ... or "-1" (last) when every change of the group falls on that week of the month, one per
// consecutive year; null otherwise.
function yearlyRule(locals: Local[]): string | null {
  if (locals.length < 2) return null;
  const consecutive = locals.every((local, index) => index === 0 || local.year === locals[index - 1]!.year + 1);
  if (!consecutive) return null;
  const nth = (local: Local) => Math.ceil(local.day / 7);
  const isLast = (local: Local) => local.day + 7 > new Date(Date.UTC(local.year, local.month, 0)).getUTCDate();
  if (locals.every((local) => nth(local) === nth(locals[0]!))) return String(nth(locals[0]!));
  if (locals.every(isLast)) return "-1";
  return null;
}
