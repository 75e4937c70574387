import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { EventCalendarLinks, googleCalendarUrl, SubscribeToCalendar } from "./calendar-links.tsx";

const TZ = "Australia/Melbourne";

const retreat = {
  id: 7,
  name: "Easter Retreat: silence & study",
  startDate: "2027-04-02",
  endDate: "2027-04-05",
  time: "Fri 4:00 pm – Mon 11:00 am",
  location: "Sky High, Mount Dandenong",
  description: "<p>Three days of <strong>silence</strong> &amp; study.</p>",
};

const params = (url: string | null) => Object.fromEntries(new URL(url!).searchParams);

describe("googleCalendarUrl", () => {
  test("a timed event: local times in the site's zone, plain-text details", () => {
    const url = googleCalendarUrl(retreat, "Australia/Melbourne");
    expect(url).toStartWith("https://calendar.google.com/calendar/render?action=TEMPLATE&text=");
    expect(params(url)).toEqual({
      action: "TEMPLATE",
      text: "Easter Retreat: silence & study",
      dates: "20270402T160000/20270405T110000",
      details: "Three days of silence & study.",
      location: "Sky High, Mount Dandenong",
      ctz: "Australia/Melbourne",
    });
  });

  test("an unreadable time gives whole days with an exclusive end; a weekly course adds recur", () => {
    expect(params(googleCalendarUrl({ ...retreat, time: "TBA" }, TZ)).dates).toBe("20270402/20270406");
    expect(params(googleCalendarUrl({ ...retreat, time: "TBA" }, TZ)).ctz).toBe("Australia/Melbourne");
    const course = params(
      googleCalendarUrl({ ...retreat, startDate: "2027-02-01", endDate: "2027-03-27", time: "Saturdays, 10:00 am – 12:00 pm" }, TZ),
    );
    expect(course.dates).toBe("20270206T100000/20270206T120000");
    expect(course.recur).toBe("RRULE:FREQ=WEEKLY;BYDAY=SA;UNTIL=20270327");
    expect(googleCalendarUrl({ ...retreat, startDate: "soon" }, TZ)).toBeNull();
  });

  test("long descriptions are cut", () => {
    const details = params(googleCalendarUrl({ ...retreat, description: `<p>${"word ".repeat(500)}</p>` }, TZ)).details!;
    expect(details.length).toBeLessThanOrEqual(1000);
    expect(details).toEndWith("…");
  });
});

describe("components (rendered on the server: no window or document needed)", () => {
  test("SubscribeToCalendar links the events feed, or the classes feed", () => {
    expect(renderToString(<SubscribeToCalendar />)).toContain('href="/calendar/events.ics"');
    expect(renderToString(<SubscribeToCalendar />)).toContain("Subscribe to calendar");
    expect(renderToString(<SubscribeToCalendar feed="classes" label="Classes calendar" />)).toContain('href="/calendar/classes.ics"');
  });

  test("EventCalendarLinks: the .ics download and the Google link in a new tab", () => {
    const html = renderToString(<EventCalendarLinks event={retreat} timezone="Australia/Melbourne" />);
    expect(html).toContain('href="/calendar/events/7.ics"');
    expect(html).toContain("download");
    expect(html).toContain("Download .ics");
    expect(html).toContain('target="_blank" rel="noopener noreferrer"');
    expect(html).toContain("Add to Google Calendar");
    expect(html).toContain("dates=20270402T160000%2F20270405T110000");
    expect(renderToString(<EventCalendarLinks event={{ ...retreat, startDate: "?" }} timezone={TZ} />)).not.toContain("Google");
  });
});
