// A scheduled class's dates (issue 39): its weekdays within from–until less the skipped ones, each start a wall-clock
// time in the site's zone, right across daylight saving.
import { describe, expect, test } from "bun:test";
import type { ClassSchedule } from "@db/schema.ts";
import { datesBetween, upcomingDates } from "./dates.ts";

const zone = "Australia/Melbourne";
const schedule: ClassSchedule = { weekdays: [2, 4], start: "18:30", minutes: 75, from: "2026-12-01", until: "2027-06-30", skip: ["2026-12-29"] };
const entry = { schedule, capacity: 20, taken: () => 0, cancelled: new Map([["2026-12-10", "Swamiji is travelling"]]) };
const at = (iso: string) => ({ now: new Date(iso), zone, today: iso.slice(0, 10) });

describe("a class's dates", () => {
  test("its weekdays from `from`, less the skipped ones", () => {
    const dates = datesBetween(entry, "2026-11-25", "2027-01-07", at("2026-11-20T00:00:00Z")).map((date) => date.date);
    expect(dates).toEqual([
      "2026-12-01",
      "2026-12-03",
      "2026-12-08",
      "2026-12-10",
      "2026-12-15",
      "2026-12-17",
      "2026-12-22",
      "2026-12-24",
      "2026-12-31",
      "2027-01-05",
      "2027-01-07",
    ]);
  });

  test("6:30 pm in Melbourne is 07:30Z in summer and 08:30Z in winter (daylight saving ends on 4 April 2027)", () => {
    const [summer] = datesBetween(entry, "2027-04-01", "2027-04-01", at("2026-11-20T00:00:00Z"));
    const [winter] = datesBetween(entry, "2027-04-06", "2027-04-06", at("2026-11-20T00:00:00Z"));
    expect(summer).toMatchObject({ startsAt: "2027-04-01T07:30:00.000Z", endsAt: "2027-04-01T08:45:00.000Z" });
    expect(winter).toMatchObject({ startsAt: "2027-04-06T08:30:00.000Z", endsAt: "2027-04-06T09:45:00.000Z" });
  });

  test("nothing after `until`", () => {
    expect(datesBetween(entry, "2027-06-28", "2027-07-31", at("2026-11-20T00:00:00Z")).map((date) => date.date)).toEqual(["2027-06-29"]);
  });

  test("a date that started is closed until it ends, then leaves the next dates", () => {
    const during = upcomingDates(entry, 2, at("2026-12-01T08:00:00Z"));
    expect(during.map((date) => [date.date, date.state])).toEqual([
      ["2026-12-01", "closed"],
      ["2026-12-03", "open"],
    ]);
    expect(upcomingDates(entry, 1, at("2026-12-01T09:00:00Z"))[0]?.date).toBe("2026-12-03");
  });

  test("places per date; none set: nobody books", () => {
    expect(upcomingDates(entry, 1, at("2026-11-20T00:00:00Z"))[0]).toMatchObject({ capacity: 20, placesLeft: 20, state: "open" });
    expect(upcomingDates({ ...entry, capacity: null }, 1, at("2026-11-20T00:00:00Z"))[0]).toMatchObject({ capacity: null, placesLeft: null });
  });

  test("a date called off says so, with her message", () => {
    const dates = upcomingDates(entry, 4, at("2026-11-20T00:00:00Z"));
    expect(dates[3]).toMatchObject({ date: "2026-12-10", state: "cancelled", reason: "Swamiji is travelling" });
  });

  test("a schedule whose dates are over has no next dates", () => {
    expect(upcomingDates(entry, 4, at("2027-07-01T00:00:00Z"))).toEqual([]);
  });
});
