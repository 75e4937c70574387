// The event detail dialog: full description, photos (opening the lightbox at the clicked one), the attachment, and
// registration (an external link in a new tab, or the registration form).

import { imageSources } from "@server/shared/images.ts";
import { eventPath } from "@server/shared/links.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { button } from "@styled-system/recipes/button";
import { tag } from "@styled-system/recipes/tag";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { Dialog } from "@web/components/ui/dialog.tsx";
import { Lightbox } from "@web/components/ui/lightbox.tsx";
import { RichText } from "@web/components/ui/rich-text.tsx";
import { ShareButton } from "@web/components/ui/share-button.tsx";
import { call } from "@web/lib/api.ts";
import type { PublicEvent as Event } from "@web/lib/api-types.ts";
import { ExternalLink, FileText } from "lucide-react";
import { useEffect, useState } from "react";
import { EventCalendarLinks } from "../calendar/calendar-links.tsx";
import { typeTone } from "../rules.ts";
import { EventCancelled } from "./event-cancelled.tsx";
import { EventMeta } from "./event-meta.tsx";
import { RegistrationForm } from "./registration-form.tsx";

type EventDialogProps = { event: Event | null; focusRegistration: boolean; timezone: string; onClose: () => void };

const subheading = css({ fontFamily: "display", fontSize: "lg", fontWeight: "600", color: "heading", mb: "3" });

// Here, in the dialog's own chunk, rather than in the page's script: only an opened link asks for it.
/** One upcoming event (a link to it when it is not among those shown); null when there is none. */
export const eventQueryOptions = (id: number) =>
  queryOptions({ queryKey: ["/api/events", id], queryFn: () => call((api) => api.events({ id }).get()).then((found) => found.event) });

/**
 * The event the address names (`linkedId`): one of those shown, else asked for by itself (a link's page from the
 * server holds it). A past event's link is the archive's.
 */
export function LinkedEventDialog({ linkedId, shown, ...props }: Omit<EventDialogProps, "event"> & { linkedId: number | null; shown?: Event }) {
  const byLink = useQuery({ ...eventQueryOptions(linkedId ?? 0), enabled: linkedId !== null && !shown });
  return <EventDialog event={linkedId === null ? null : (shown ?? byLink.data ?? null)} {...props} />;
}

function EventDialog({ event, focusRegistration, timezone, onClose }: EventDialogProps) {
  const [photoIndex, setPhotoIndex] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another event opens at its first photo
  useEffect(() => setPhotoIndex(null), [event?.id]);
  const registrationId = event ? `event-${event.id}-registration` : undefined;

  return (
    <Dialog.Root
      open={event !== null}
      onOpenChange={(details) => !details.open && onClose()}
      lazyMount
      unmountOnExit
      initialFocusEl={
        focusRegistration && registrationId ? () => document.querySelector<HTMLElement>(`#${registrationId} input, #${registrationId} a`) : undefined
      }
    >
      {event && (
        <Dialog.Content className={css({ maxW: "3xl" })} closeLabel="Close dialog" data-testid="event-dialog">
          <div className={css({ display: "flex", gap: "2", flexWrap: "wrap", mb: "3" })}>
            <span className={tag({ tone: typeTone(event.type) })}>{event.type}</span>
            {event.isHighlighted && <span className={tag({ tone: "accent" })}>Featured</span>}
          </div>
          <Dialog.Title>{event.name}</Dialog.Title>
          <Dialog.Body>
            <EventMeta event={event} />
            <RichText html={event.description} className={css({ color: "ink.700" })} />
            {event.images.length > 0 && (
              <div>
                <h3 className={subheading}>Photos</h3>
                <ul className={css({ display: "grid", gridTemplateColumns: { base: "repeat(2, 1fr)", sm: "repeat(3, 1fr)" }, gap: "2" })}>
                  {event.images.map((photo, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a photo may be listed twice; the list is never reordered in place
                    <li key={`${photo}-${index}`}>
                      <button
                        type="button"
                        onClick={() => setPhotoIndex(index)}
                        aria-label={`Open photo ${index + 1} of ${event.images.length}`}
                        className={css({
                          display: "block",
                          w: "full",
                          aspectRatio: "4 / 3",
                          borderRadius: "control",
                          overflow: "hidden",
                          cursor: "zoom-in",
                          "& img": { transition: "transform 0.3s" },
                          _hover: { "& img": { transform: "scale(1.04)" } },
                        })}
                      >
                        <img
                          {...imageSources(photo, "(min-width: 768px) 240px, (min-width: 640px) 33vw, 50vw")}
                          alt=""
                          loading="lazy"
                          className={css({ w: "full", h: "full", objectFit: "cover" })}
                        />
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {event.attachmentFile && (
              <a
                href={event.attachmentFile}
                target="_blank"
                rel="noopener noreferrer"
                className={button({ variant: "outline" })}
                style={{ alignSelf: "flex-start" }}
              >
                <FileText size={18} aria-hidden /> {event.attachmentName || "Download PDF"}
              </a>
            )}
            <div className={css({ display: "flex", flexWrap: "wrap", gap: "2" })}>
              <EventCalendarLinks event={event} timezone={timezone} />
              <ShareButton path={eventPath(event.id)} title={event.name} />
            </div>
            <div id={registrationId} className={css({ mt: "2", pt: "5", borderTopWidth: "1px", borderColor: "border" })}>
              <h3 className={subheading}>Register</h3>
              {event.cancelledAt ? (
                <EventCancelled event={event} />
              ) : event.registrationLink ? (
                <a href={event.registrationLink} target="_blank" rel="noopener noreferrer" className={button({ size: "lg" })}>
                  Register Now <ExternalLink size={16} aria-hidden />
                  <span className={css({ srOnly: true })}> (opens in a new tab)</span>
                </a>
              ) : event.registrationOpen ? (
                <RegistrationForm event={event} />
              ) : (
                <p>Registration closed</p>
              )}
            </div>
          </Dialog.Body>
          <Lightbox
            photos={event.images}
            index={photoIndex}
            onIndexChange={setPhotoIndex}
            onClose={() => setPhotoIndex(null)}
            title={event.name}
            counter="of"
          />
        </Dialog.Content>
      )}
    </Dialog.Root>
  );
}
