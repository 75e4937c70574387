// Calendar links for the public page (issue 7): 'Subscribe to calendar' near the events (or classes) section, and a
// per-event '.ics' download plus 'Add to Google Calendar' in the event detail dialog. Render-safe: no window or
// document during render, the same markup on the server and in the browser. The subscribe link is its own module
// (subscribe-link.tsx): the public page loads this one, and src/shared/calendar.ts, only with the event dialog.

import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { button } from "@styled-system/recipes/button";
import { CalendarPlus, Download } from "lucide-react";
import { type CalendarEvent, eventIcsPath, googleCalendarUrl } from "./google-calendar.ts";

export { SubscribeToCalendar } from "./subscribe-link.tsx";
export { googleCalendarUrl };

type EventLinksProps = {
  event: CalendarEvent;
  /** SITE_TIMEZONE, as the server gives it with the profile. */
  timezone: string;
  className?: string;
};

/** 'Download .ics' and 'Add to Google Calendar' for one event (the Google link is left out if the date is unreadable). */
export function EventCalendarLinks({ event, timezone, className }: EventLinksProps) {
  const google = googleCalendarUrl(event, timezone);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of links; <fieldset> is for form controls
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
