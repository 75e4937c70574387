// The readers of free-text times and days (src/shared/calendar.ts) and the iCalendar text helpers.
import { describe, expect, test } from "bun:test";
import { eventSchedule, parseTimeRange, parseWeekdays } from "@server/shared/calendar.ts";
import { htmlToText } from "@server/shared/rich-text.ts";
import { escapeText, foldLine } from "./ics.ts";

const at = (hour: number, minute = 0) => ({ hour, minute });

describe("parseTimeRange", () => {
  test.each([
    ["9:00 AM - 4:00 PM", { start: at(9), end: at(16) }],
    ["7pm", { start: at(19), end: null }],
    ["7.30 p.m.", { start: at(19, 30), end: null }],
    ["10-11am", { start: at(10), end: at(11) }],
    ["11-1pm", { start: at(11), end: at(13) }],
    ["9:30-11am", { start: at(9, 30), end: at(11) }],
    ["19:00–21:00", { start: at(19), end: at(21) }],
    ["noon to 2pm", { start: at(12), end: at(14) }],
    ["7:00 pm – 12:00 am", { start: at(19), end: at(0) }],
    ["Fri 3:00 pm – Mon 2:00 pm", { start: at(15), end: at(14) }],
    ["Saturdays, 10:00 am – 12:00 pm", { start: at(10), end: at(12) }],
  ])("%p", (text, expected) => expect(parseTimeRange(text)).toEqual(expected));

  test.each(["TBA", "All day", "Evenings, times vary", "Jan 15 2027", "9:00 - 4:00", "13pm", ""])("%p cannot be read", (text) =>
    expect(parseTimeRange(text)).toBeNull(),
  );
});

describe("parseWeekdays", () => {
  test.each([
    ["Mon, Wed", ["MO", "WE"]],
    ["Mondays and Thursdays", ["MO", "TH"]],
    ["Tuesday", ["TU"]],
    ["Mon–Fri", ["MO", "TU", "WE", "TH", "FR"]],
    ["Fri - Mon", ["MO", "FR", "SA", "SU"]],
    ["Tues/Thurs", ["TU", "TH"]],
    ["Sat & Sun", ["SA", "SU"]],
    ["Weekdays", ["MO", "TU", "WE", "TH", "FR"]],
    ["Every day", ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]],
    ["every Wednesday", ["WE"]],
  ])("%p", (text, expected) => expect(parseWeekdays(text)).toEqual(expected as never));

  test.each(["By arrangement", "Fortnightly Tuesdays", "First Monday of the month", "Mon or Wed", "Mon-", ""])("%p cannot be read", (text) =>
    expect(parseWeekdays(text)).toBeNull(),
  );
});

describe("eventSchedule", () => {
  test("one day with a range; one day with only a start; multi-day span; weekly; all-day", () => {
    expect(eventSchedule({ startDate: "2027-05-22", time: "9:30 am – 4:30 pm" })).toEqual({
      allDay: false,
      start: { date: "2027-05-22", ...at(9, 30) },
      end: { date: "2027-05-22", ...at(16, 30) },
      weekly: null,
    });
    expect(eventSchedule({ startDate: "2027-05-22", time: "7pm" })).toEqual({
      allDay: false,
      start: { date: "2027-05-22", ...at(19) },
      end: null,
      weekly: null,
    });
    expect(eventSchedule({ startDate: "2027-01-15", endDate: "2027-01-18", time: "Fri 3:00 pm – Mon 2:00 pm" })).toEqual({
      allDay: false,
      start: { date: "2027-01-15", ...at(15) },
      end: { date: "2027-01-18", ...at(14) },
      weekly: null,
    });
    expect(eventSchedule({ startDate: "2027-02-01", endDate: "2027-03-27", time: "Saturdays, 10:00 am – 12:00 pm" })).toEqual({
      allDay: false,
      start: { date: "2027-02-06", ...at(10) },
      end: { date: "2027-02-06", ...at(12) },
      weekly: { byDay: ["SA"], untilDate: "2027-03-27" },
    });
    expect(eventSchedule({ startDate: "2027-02-01", endDate: "2027-02-03", time: "from 6pm" })).toEqual({
      allDay: true,
      start: "2027-02-01",
      endExclusive: "2027-02-04",
    });
    expect(eventSchedule({ startDate: "2027-02-01", endDate: "2027-01-01", time: "TBA" })).toEqual({
      allDay: true,
      start: "2027-02-01",
      endExclusive: "2027-02-02",
    });
    expect(eventSchedule({ startDate: "not a date", time: "7pm" })).toBeNull();
  });
});

describe("iCalendar text", () => {
  test("escapes backslash, semicolon, comma and line breaks", () => {
    expect(escapeText("a\\b;c,d\r\ne\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  test("folds at 75 octets without splitting a UTF-8 character", () => {
    const line = `DESCRIPTION:${"ॐ नमः ".repeat(30)}`;
    const folded = foldLine(line);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(1);
    for (const part of physical) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(physical.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    expect(foldLine("SUMMARY:short")).toBe("SUMMARY:short");
  });

  test("plain text from rich text", () => {
    expect(htmlToText("<p>One &amp; two</p><ul><li>a</li><li>b</li></ul><p>x<br>y &#8212; z&nbsp;!</p>", { lines: true })).toBe(
      "One & two\n• a\n• b\n\nx\ny — z !",
    );
  });
});
