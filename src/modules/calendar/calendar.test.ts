import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { classDateCancellations, classes, events } from "@db/schema.ts";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { scenarios } from "@tests/support/scenarios.ts";
import ICAL from "ical.js";

// Melbourne: daylight saving ends on Sunday 2027-04-04 at 3:00 AEDT (+11:00), clocks go back to 2:00 AEST (+10:00).
const NOW = new Date("2026-11-21T00:00:00Z");
const SITE = "https://vedanta.example.org";
let t: TestApp;

const event = {
  type: "retreat",
  location: "Sky High Retreat Centre, Mount Dandenong",
  description: "<p>Three days of silence and study.</p>",
};

/** An app holding the events and classes of these tests. */
const freshApp = async () => {
  const t = await createTestApp({ now: () => NOW, env: { SITE_URL: SITE } });
  t.db
    .insert(events)
    .values([
      { id: 1, ...event, name: "Easter Retreat", startDate: "2027-04-02", endDate: "2027-04-05", time: "Fri 4:00 pm – Mon 11:00 am" },
      {
        id: 2,
        ...event,
        type: "workshop",
        name: "Satsang, Q&A; paths \\ questions",
        startDate: "2027-01-10",
        time: "7pm",
        description: '<p>Line one &amp; more</p><p>Line two, with <a href="https://example.org">a link</a></p>',
        registrationLink: "https://example.org/register",
      },
      { id: 3, ...event, name: "Open Day", startDate: "2027-02-20", endDate: "2027-02-21", time: "To be announced" },
      { id: 4, ...event, name: "Last year", startDate: "2025-03-01", time: "9:00 AM - 4:00 PM" },
      {
        id: 5,
        ...event,
        name: "Autumn Study Course",
        type: "course",
        startDate: "2027-03-20",
        endDate: "2027-04-17",
        time: "Saturdays, 10:00 am – 12:00 pm",
      },
      {
        id: 6,
        ...event,
        name: "Kirtan Night",
        startDate: "2027-03-06",
        time: "7:00 pm – 12:00 am",
        description: `<p>${"ॐ Long description with Sanskrit — श्री गुरुभ्यो नमः — and more words to fold. ".repeat(4)}</p>`,
      },
    ])
    .run();
  t.db
    .insert(classes)
    .values([
      {
        id: 1,
        name: "Morning Hatha",
        level: "Beginner",
        days: "Mon, Wed",
        time: "7:00 am – 8:15 am",
        location: "Fitzroy",
        description: "<p>Gentle start.</p>",
        icon: "yoga",
      },
      {
        id: 2,
        name: "Gita Study",
        level: "None",
        days: "Mondays and Thursdays",
        time: "7:30 pm – 9:00 pm",
        location: "Fitzroy",
        description: "<p>Chapter by chapter.</p>",
        icon: "book",
      },
      {
        id: 3,
        name: "Meditation",
        level: "Intermediate",
        days: "Tuesday",
        time: "6pm",
        location: "Carlton",
        description: "<p>Sitting practice.</p>",
        icon: "meditation",
      },
      {
        id: 4,
        name: "Workday Breath",
        level: "Advanced",
        days: "Mon–Fri",
        time: "12:30-1pm",
        location: "City",
        description: "<p>Lunchtime.</p>",
        icon: "breath",
      },
      {
        id: 5,
        name: "Private Lessons",
        level: "None",
        days: "By arrangement",
        time: "9:00 am – 10:00 am",
        location: "Home",
        description: "<p>Ask us.</p>",
        icon: "heart",
      },
      {
        id: 6,
        name: "Chanting",
        level: "None",
        days: "Sunday",
        time: "Evenings, times vary",
        location: "Fitzroy",
        description: "<p>Sing along.</p>",
        icon: "chant",
      },
    ])
    .run();
  return t;
};
beforeAll(async () => {
  t = await freshApp();
});
afterAll(() => t.cleanup());

async function fetchCalendar(path: string) {
  const response = await t.request("GET", path);
  const text = await response.text();
  return { response, text, calendar: parseCalendar(text) };
}

/** Parses with ical.js and registers the file's own VTIMEZONE, so times convert with exactly what the file says. */
function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return calendar;
}

const vevents = (calendar: ICAL.Component) => calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
const byUid = (calendar: ICAL.Component, uid: string) => vevents(calendar).find((entry) => entry.uid === uid)!;

describe("GET /calendar/events.ics", () => {
  test("a text/calendar file with CRLF lines of at most 75 octets", async () => {
    const { response, text } = await fetchCalendar("/calendar/events.ics");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(text.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(text).toContain("\r\n "); // the long description was folded
  });

  test("upcoming events only, with UIDs that stay the same from one request to the next", async () => {
    const first = await fetchCalendar("/calendar/events.ics");
    const second = await fetchCalendar("/calendar/events.ics");
    const uids = vevents(first.calendar)
      .map((entry) => entry.uid)
      .sort();
    expect(uids).toEqual([1, 2, 3, 5, 6].map((id) => `event-${id}@vedanta.example.org`));
    expect(
      vevents(second.calendar)
        .map((entry) => entry.uid)
        .sort(),
    ).toEqual(uids);
    expect(first.text).not.toContain("Last year");
  });

  test("times carry TZID=SITE_TIMEZONE and the file holds that zone's VTIMEZONE with Melbourne's rules", async () => {
    const { text, calendar } = await fetchCalendar("/calendar/events.ics");
    expect(text).toContain("DTSTART;TZID=Australia/Melbourne:20270402T160000");
    const zones = calendar.getAllSubcomponents("vtimezone");
    expect(zones.map((zone) => zone.getFirstPropertyValue("tzid"))).toEqual(["Australia/Melbourne"]);
    const standard = zones[0]!.getFirstSubcomponent("standard")!;
    const daylight = zones[0]!.getFirstSubcomponent("daylight")!;
    expect(String(standard.getFirstPropertyValue("rrule"))).toBe("FREQ=YEARLY;BYMONTH=4;BYDAY=1SU");
    expect(standard.getFirstPropertyValue("tzoffsetfrom")!.toString()).toBe("+11:00");
    expect(standard.getFirstPropertyValue("tzoffsetto")!.toString()).toBe("+10:00");
    expect((standard.getFirstPropertyValue("dtstart") as ICAL.Time).toString()).toEndWith("T03:00:00");
    expect(String(daylight.getFirstPropertyValue("rrule"))).toBe("FREQ=YEARLY;BYMONTH=10;BYDAY=1SU");
    expect((daylight.getFirstPropertyValue("dtstart") as ICAL.Time).toString()).toEndWith("T02:00:00");
    expect(standard.getFirstPropertyValue("tzname")).toBe("AEST");
    expect(daylight.getFirstPropertyValue("tzname")).toBe("AEDT");
  });

  test("a retreat across the end of daylight saving: local times and UTC are right on both sides", async () => {
    const { calendar } = await fetchCalendar("/calendar/events.ics");
    const retreat = byUid(calendar, "event-1@vedanta.example.org");
    expect(retreat.startDate.zone.tzid).toBe("Australia/Melbourne");
    expect([retreat.startDate.day, retreat.startDate.hour, retreat.startDate.minute]).toEqual([2, 16, 0]);
    expect([retreat.endDate.day, retreat.endDate.hour]).toEqual([5, 11]);
    expect(retreat.startDate.toJSDate().toISOString()).toBe("2027-04-02T05:00:00.000Z"); // AEDT, +11:00
    expect(retreat.endDate.toJSDate().toISOString()).toBe("2027-04-05T01:00:00.000Z"); // AEST, +10:00
    expect(retreat.summary).toBe("Easter Retreat");
    expect(retreat.location).toBe("Sky High Retreat Centre, Mount Dandenong");
    expect(retreat.component.getFirstPropertyValue("url")).toBe(`${SITE}/?event=1`);
  });

  test("'Saturdays, …' over several weeks repeats weekly until the end date, each at 10 am local time", async () => {
    const { calendar } = await fetchCalendar("/calendar/events.ics");
    const course = byUid(calendar, "event-5@vedanta.example.org");
    expect(course.isRecurring()).toBe(true);
    const iterator = course.iterator();
    const starts: string[] = [];
    for (let next = iterator.next(); next; next = iterator.next()) starts.push(next.toJSDate().toISOString());
    expect(starts).toEqual([
      "2027-03-19T23:00:00.000Z", // 20 March, 10:00 AEDT
      "2027-03-26T23:00:00.000Z",
      "2027-04-02T23:00:00.000Z", // 3 April, still AEDT
      "2027-04-10T00:00:00.000Z", // 10 April, 10:00 AEST
      "2027-04-17T00:00:00.000Z", // the end date is included
    ]);
  });

  test("a time that cannot be read makes an all-day event; DTEND is the day after the last day", async () => {
    const { text, calendar } = await fetchCalendar("/calendar/events.ics");
    const openDay = byUid(calendar, "event-3@vedanta.example.org");
    expect(openDay.startDate.isDate).toBe(true);
    expect(openDay.startDate.toString()).toBe("2027-02-20");
    expect(openDay.endDate.toString()).toBe("2027-02-22");
    expect(text).toContain("DTSTART;VALUE=DATE:20270220\r\nDTEND;VALUE=DATE:20270222\r\n");
  });

  test("an evening that ends at midnight ends on the next day; a lone start time has no end", async () => {
    const { text, calendar } = await fetchCalendar("/calendar/events.ics");
    const kirtan = byUid(calendar, "event-6@vedanta.example.org");
    expect(kirtan.endDate.toString()).toBe("2027-03-07T00:00:00");
    expect(text).toContain("DTSTART;TZID=Australia/Melbourne:20270110T190000\r\nSUMMARY");
  });

  test("text is escaped (, ; \\ and line breaks) and descriptions are plain text", async () => {
    const { text, calendar } = await fetchCalendar("/calendar/events.ics");
    expect(text).toContain("SUMMARY:Satsang\\, Q&A\\; paths \\\\ questions\r\n");
    const satsang = byUid(calendar, "event-2@vedanta.example.org");
    expect(satsang.summary).toBe("Satsang, Q&A; paths \\ questions");
    expect(satsang.description).toBe("Line one & more\nLine two, with a link\n\nRegister: https://example.org/register");
    expect(text).not.toContain("<p>");
    const kirtan = byUid(calendar, "event-6@vedanta.example.org");
    expect(kirtan.description).toStartWith("ॐ Long description with Sanskrit — श्री गुरुभ्यो नमः —");
    expect(kirtan.description.length).toBeGreaterThan(200);
  });
});

describe("GET /calendar/events/:id.ics", () => {
  test("one event as a download, with the same UID as in the feed", async () => {
    const { response, calendar } = await fetchCalendar("/calendar/events/1.ics");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="easter-retreat.ics"');
    expect(vevents(calendar).map((entry) => entry.uid)).toEqual(["event-1@vedanta.example.org"]);
    expect(calendar.getAllSubcomponents("vtimezone")).toHaveLength(1);
  });

  scenarios(freshApp, [
    { name: "an unknown event is a 404", send: (_api, raw) => raw("GET", "/calendar/events/999.ics"), status: 404, contains: ["Event not found"] },
    { name: "a malformed id is a 404", send: (_api, raw) => raw("GET", "/calendar/events/1.json"), status: 404 },
    { name: "traversal is a 404", send: (_api, raw) => raw("GET", "/calendar/events/..%2F..%2Fsite.db"), status: 404 },
    {
      name: "an unknown calendar path is a JSON 404",
      send: (_api, raw) => raw("GET", "/calendar/nothing.ics"),
      status: 404,
      contains: ['"error"'],
    },
  ]);
});

describe("GET /calendar/classes.ics", () => {
  test("weekly recurrences from the days and times; classes that cannot be read are left out", async () => {
    const { response, text, calendar } = await fetchCalendar("/calendar/classes.ics");
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const entries = vevents(calendar);
    expect(entries.map((entry) => entry.uid)).toEqual([1, 2, 3, 4].map((id) => `class-${id}@vedanta.example.org`));
    expect(text).not.toContain("Private Lessons");
    expect(text).not.toContain("Chanting");
    const rule = (id: number) => String(entries[id - 1]!.component.getFirstPropertyValue("rrule"));
    expect(rule(1)).toBe("FREQ=WEEKLY;BYDAY=MO,WE");
    expect(rule(2)).toBe("FREQ=WEEKLY;BYDAY=MO,TH");
    expect(rule(3)).toBe("FREQ=WEEKLY;BYDAY=TU");
    expect(rule(4)).toBe("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR");
    // The first matching day on or after 2026-01-01 (a Thursday).
    expect(entries.map((entry) => entry.startDate.toString())).toEqual([
      "2026-01-05T07:00:00",
      "2026-01-01T19:30:00",
      "2026-01-06T18:00:00",
      "2026-01-01T12:30:00",
    ]);
    expect(entries[0]!.endDate.toString()).toBe("2026-01-05T08:15:00");
    expect(entries[0]!.description).toBe("Level: Beginner\n\nGentle start.");
  });

  test("occurrences keep their local time across daylight saving changes", async () => {
    const { calendar } = await fetchCalendar("/calendar/classes.ics");
    const hatha = vevents(calendar)[0]!;
    const iterator = hatha.iterator();
    const starts: string[] = [];
    for (let next = iterator.next(); next && starts.length < 4; next = iterator.next()) {
      const instant = next.toJSDate().toISOString();
      if (instant >= "2027-03-28") starts.push(instant);
    }
    expect(starts).toEqual([
      "2027-03-28T20:00:00.000Z", // Mon 29 March 7:00 AEDT
      "2027-03-30T20:00:00.000Z", // Wed 31 March
      "2027-04-04T21:00:00.000Z", // Mon 5 April 7:00 AEST
      "2027-04-06T21:00:00.000Z",
    ]);
  });
});

describe("another SITE_TIMEZONE", () => {
  test("the feed's VTIMEZONE is computed for the configured zone", async () => {
    const london = await createTestApp({ now: () => NOW, env: { SITE_TIMEZONE: "Europe/London", SITE_URL: SITE } });
    try {
      london.db
        .insert(events)
        .values({ id: 9, ...event, name: "Summer Talk", startDate: "2027-07-01", time: "18:00–19:30" })
        .run();
      const text = await (await london.request("GET", "/calendar/events.ics")).text();
      const calendar = parseCalendar(text);
      expect(text).toContain("TZID:Europe/London");
      const talk = byUid(calendar, "event-9@vedanta.example.org");
      expect(talk.startDate.toJSDate().toISOString()).toBe("2027-07-01T17:00:00.000Z"); // BST, +01:00
      expect(talk.endDate.toJSDate().toISOString()).toBe("2027-07-01T18:30:00.000Z");
    } finally {
      london.cleanup();
    }
  });
});

describe("GET /calendar/classes.ics: a class booked by the date (issue 39)", () => {
  test("from its first date, weekly on its weekdays until its last date, less each skipped date, across daylight saving", async () => {
    const app = await createTestApp({ now: () => NOW, env: { SITE_URL: SITE } });
    try {
      app.db
        .insert(classes)
        .values({
          id: 9,
          name: "Evening Pranayama",
          level: "None",
          days: "Tuesday, Thursday",
          time: "6:30 pm",
          location: "Fitzroy",
          description: "<p>Slow breathing.</p>",
          icon: "breath",
          schedule: { weekdays: [2, 4], start: "18:30", minutes: 75, from: "2027-03-25", until: "2027-04-13", skip: ["2027-04-01"] },
        })
        .run();
      app.db.insert(classDateCancellations).values({ classId: 9, date: "2027-04-08", reason: "Swamiji is unwell" }).run();
      const text = await (await app.request("GET", "/calendar/classes.ics")).text();
      const [entry, off] = vevents(parseCalendar(text)).filter((item) => item.uid === "class-9@vedanta.example.org") as [ICAL.Event, ICAL.Event];
      // The date called off: its own occurrence again, cancelled, with her message.
      expect(off.isRecurrenceException()).toBe(true);
      expect(off.recurrenceId.toJSDate().toISOString()).toBe("2027-04-08T08:30:00.000Z");
      expect(off.component.getFirstPropertyValue("status")).toBe("CANCELLED");
      expect(off.description).toBe("Swamiji is unwell");
      expect(String(entry.component.getFirstPropertyValue("rrule"))).toBe("FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20270413T135900Z");
      const starts: string[] = [];
      const iterator = entry.iterator();
      for (let next = iterator.next(); next; next = iterator.next()) {
        if (!entry.component.getAllProperties("exdate").some((exdate) => String(exdate.getFirstValue()) === next.toString()))
          starts.push(next.toJSDate().toISOString());
      }
      expect(starts).toEqual([
        "2027-03-25T07:30:00.000Z", // Thu 25 March 6:30 pm AEDT
        "2027-03-30T07:30:00.000Z", // Tue 30 March (Thu 1 April skipped)
        "2027-04-06T08:30:00.000Z", // Tue 6 April 6:30 pm AEST
        "2027-04-08T08:30:00.000Z",
        "2027-04-13T08:30:00.000Z",
      ]);
      expect(entry.duration.toSeconds()).toBe(75 * 60);
    } finally {
      app.cleanup();
    }
  });
});
