import { expect, test } from "bun:test";
import { formatDateRange, formatLongDate, formatShortDate, shortMonth } from "./dates.ts";

// The table must say what Intl says for en-US: every month, both forms, and the edges of a year.
test("long and short dates read as en-US Intl formats them, for every month", () => {
  const long = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  const short = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
  for (let month = 0; month < 12; month++) {
    for (const day of [1, 9, 28]) {
      const date = new Date(Date.UTC(2027, month, day));
      expect(formatLongDate(date.toISOString().slice(0, 10))).toBe(long.format(date));
      expect(formatShortDate(date.toISOString())).toBe(short.format(date));
      expect(shortMonth(date.toISOString().slice(0, 10))).toBe(short.format(date).slice(0, 3));
    }
  }
});

test("a date's day is the one written, a date-time's its UTC day, and text that is no date stays as it is", () => {
  expect(formatLongDate("2027-01-15")).toBe("January 15, 2027");
  expect(formatLongDate("2027-12-31T23:30:00-10:00")).toBe("December 31, 2027");
  expect(formatShortDate("2027-12-31T23:30:00-10:00")).toBe("Jan 1, 2028");
  expect(formatLongDate("soon")).toBe("soon");
  expect(formatShortDate("")).toBe("");
  expect(shortMonth("soon")).toBe("");
  expect(formatDateRange("2027-03-05", "2027-03-07")).toBe("March 5, 2027 – March 7, 2027");
  expect(formatDateRange("2027-03-05", "2027-03-05")).toBe("March 5, 2027");
  expect(formatDateRange("2027-03-05", null)).toBe("March 5, 2027");
});
