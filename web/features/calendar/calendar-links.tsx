// Calendar links for the public page (issue 7): 'Subscribe to calendar' near the events (or classes) section, and a
// per-event '.ics' download plus 'Add to Google Calendar' in the event detail dialog. Render-safe: no window or
// document during render, the same markup on the server and in the browser.
import { CalendarPlus, CalendarSync, Download } from "lucide-react";
import { css, cx } from "../../../styled-system/css";
import { button } from "../../../styled-system/recipes";
import { CALENDAR_FEEDS, eventIcsPath, googleCalendarUrl, type CalendarEvent } from "./google-calendar.ts";

export { CALENDAR_FEEDS, eventIcsPath, googleCalendarUrl, type CalendarEvent };

type SubscribeProps = {
  /** Which feed: the upcoming events (default) or the weekly classes. */
  feed?: keyof typeof CALENDAR_FEEDS;
  label?: string;
  className?: string;
};

/** A link to the .ics feed; calendar apps that subscribe to it follow later changes (stable UIDs). */
export function SubscribeToCalendar({ feed = "events", label = "Subscribe to calendar", className }: SubscribeProps) {
  return (
    <a
      href={CALENDAR_FEEDS[feed]}
      type="text/calendar"
      title="Open in your calendar app, or copy this link into its 'subscribe by URL' option to keep it up to date"
      className={cx(button({ variant: "link", size: "sm" }), css({ gap: "1.5" }), className)}
    >
      <CalendarSync size={16} aria-hidden />
      {label}
    </a>
  );
}

type EventLinksProps = {
  event: CalendarEvent;
  /** SITE_TIMEZONE; the site's default when not given. */
  timezone?: string;
  className?: string;
};

/** 'Download .ics' and 'Add to Google Calendar' for one event (the Google link is left out if the date is unreadable). */
export function EventCalendarLinks({ event, timezone, className }: EventLinksProps) {
  const google = googleCalendarUrl(event, timezone);
  return (
    <div role="group" aria-label="Add to your calendar" className={cx(css({ display: "flex", flexWrap: "wrap", gap: "2" }), className)}>
      <a href={eventIcsPath(event.id)} download className={button({ variant: "outline", size: "sm" })}>
        <Download size={16} aria-hidden />
        Download .ics
      </a>
      {google && (
        <a href={google} target="_blank" rel="noopener noreferrer" className={button({ variant: "outline", size: "sm" })}>
          <CalendarPlus size={16} aria-hidden />
          Add to Google Calendar
          <span className={css({ srOnly: true })}> (opens in a new tab)</span>
        </a>
      )}
    </div>
  );
}
