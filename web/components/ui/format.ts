// Date and file-name formatting shared by the public sections (spec §2.1). Pure, so safe during server rendering.
export { htmlToText } from "../../../src/shared/rich-text.ts";

const parseDay = (value: string) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : new Date(value);
};

const LONG = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const SHORT = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });

/** "January 15, 2027" (en-US, long month) from a YYYY-MM-DD date. */
function formatLongDate(value: string): string {
  const date = parseDay(value);
  return Number.isNaN(date.getTime()) ? value : LONG.format(date);
}

/** "Jan 15, 2027" (en-US, short month) from an ISO date-time. */
export function formatShortDate(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : SHORT.format(date);
}

/** A start date, or "start – end" when the end differs. */
export function formatDateRange(start: string, end?: string | null): string {
  return end && end !== start ? `${formatLongDate(start)} – ${formatLongDate(end)}` : formatLongDate(start);
}

/** Photo download name (spec §2.1): the name lowercased with hyphens, then "-photo-N.jpg". */
export function photoFileName(name: string, index: number): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${slug || "photo"}-photo-${index + 1}.jpg`;
}
