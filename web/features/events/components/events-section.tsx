// Upcoming Events (anchor "events"): the first 3, 'View All Events' / 'Show Less' (spec §2.1).

import { INITIAL_VISIBLE_EVENTS } from "@server/shared/constants.ts";
import { eventPath } from "@server/shared/links.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { Button } from "@web/components/ui/button.tsx";
import { useDialogLink } from "@web/components/ui/dialog-link.ts";
import { cardGridStyle, Section } from "@web/components/ui/section.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { useEvents, useFirstEvents } from "@web/lib/queries/events.ts";
import { useOpenedOnce } from "@web/lib/use-opened-once.ts";
import { lazy, Suspense, useState } from "react";
import { SubscribeToCalendar } from "../calendar/subscribe-link.tsx";
import { EventCard } from "./event-card.tsx";

// The detail dialog (Ark Dialog, the lightbox, the registration form, the calendar links) loads on first use; hovering
// or focusing the cards starts the download early.
const loadEventDialog = () => import("./event-dialog.tsx");
const LinkedEventDialog = lazy(() => loadEventDialog().then((module) => ({ default: module.LinkedEventDialog })));
const preloadEventDialog = () => void loadEventDialog();

/** `timezone`: SITE_TIMEZONE, for the calendar links (given with the profile). */
export function EventsSection({ timezone, onViewAll }: { timezone: string; onViewAll?: () => void }) {
  // The page is sent the first events and their count; 'View All Events' asks for the rest.
  const { data, isPending, isError } = useFirstEvents();
  const [expanded, setExpanded] = useState(false);
  const all = useEvents(expanded);
  // The open dialog is the one the address names (/?event=<id>); a past event's link opens in the archive.
  const { linked, open, close } = useDialogLink();
  const [focusRegistration, setFocusRegistration] = useState(false);
  const first = data?.events ?? [];
  const visible = expanded ? (all.data ?? first) : first;
  const showToggle = (data?.total ?? 0) > INITIAL_VISIBLE_EVENTS || expanded;
  const linkedId = linked?.kind === "event" ? linked.id : null;
  const shown = [...first, ...(all.data ?? [])].find((event) => event.id === linkedId);
  const dialogMounted = useOpenedOnce(linkedId !== null);

  return (
    <Section
      id="events"
      eyebrow="Gather with us"
      title="Upcoming Events"
      intro="Retreats, courses, celebrations and workshops: come for a day or stay for a season."
      tone="muted"
    >
      {isPending ? (
        <div className={cardGridStyle} aria-busy="true">
          <span className={css({ srOnly: true })}>Loading events</span>
          {Array.from({ length: INITIAL_VISIBLE_EVENTS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
            <Skeleton key={i} className={css({ h: "96" })} />
          ))}
        </div>
      ) : isError ? (
        <p className={css({ color: "fg.muted" })}>The events could not be loaded. Please try again later.</p>
      ) : first.length === 0 ? (
        <p className={css({ color: "fg.muted" })}>No upcoming events at the moment. Please check back soon.</p>
      ) : (
        <>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: hover or focus on any card only preloads the dialog's code; the cards' buttons act */}
          <div className={cardGridStyle} data-testid="events-list" onPointerEnter={preloadEventDialog} onFocus={preloadEventDialog}>
            {visible.map((event) => (
              <EventCard
                key={event.id}
                event={event}
                onOpen={(toRegistration) => {
                  setFocusRegistration(toRegistration);
                  open(eventPath(event.id));
                }}
              />
            ))}
          </div>
          <div className={css({ mt: "4", display: "flex", justifyContent: "flex-end" })}>
            <SubscribeToCalendar />
          </div>
          {showToggle && (
            <div className={css({ mt: "6", display: "flex", justifyContent: "center" })}>
              <Button
                variant="outline"
                size="lg"
                aria-expanded={expanded}
                onClick={() => {
                  if (!expanded) onViewAll?.();
                  setExpanded(!expanded);
                }}
              >
                {expanded ? "Show Less" : "View All Events"}
              </Button>
            </div>
          )}
        </>
      )}
      {dialogMounted && (
        <Suspense fallback={null}>
          <LinkedEventDialog
            linkedId={linkedId}
            shown={shown}
            focusRegistration={focusRegistration}
            timezone={timezone}
            onClose={() => {
              setFocusRegistration(false);
              close();
            }}
          />
        </Suspense>
      )}
    </Section>
  );
}
