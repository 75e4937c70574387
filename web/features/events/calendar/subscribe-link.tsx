// 'Subscribe to calendar' near the events (or classes) section (issue 7). Apart from calendar-links.tsx so the public
// page's first load does not carry the calendar helpers (src/shared/calendar.ts), needed only by the event dialog.

import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { button } from "@styled-system/recipes/button";
import { CalendarSync } from "lucide-react";

/** The subscription feeds served by the calendar module. */
const CALENDAR_FEEDS = { events: "/calendar/events.ics", classes: "/calendar/classes.ics" } as const;

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
