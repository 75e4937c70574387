import { shortMonth } from "@server/shared/dates.ts";
import { imageSources } from "@server/shared/images.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { button } from "@styled-system/recipes/button";
import { card } from "@styled-system/recipes/card";
import { tag } from "@styled-system/recipes/tag";
import { Button } from "@web/components/ui/button.tsx";
import { RichText } from "@web/components/ui/rich-text.tsx";
import { CARD_IMAGE_SIZES } from "@web/components/ui/section.tsx";
import type { PublicEvent } from "@web/lib/api-types.ts";
import { ExternalLink } from "lucide-react";
import { descriptionPreview, offersViewMore, registerLabel, typeTone } from "../rules.ts";
import { EventCancelled } from "./event-cancelled.tsx";
import { EventMeta } from "./event-meta.tsx";

function DateChip({ date }: { date: string }) {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return null;
  return (
    <div
      aria-hidden
      className={css({
        position: "absolute",
        top: "3",
        left: "3",
        bg: "surface",
        borderRadius: "control",
        px: "2.5",
        py: "1.5",
        textAlign: "center",
        boxShadow: "card",
        lineHeight: "1",
      })}
    >
      <div className={css({ fontSize: "xs", fontWeight: "700", textTransform: "uppercase", color: "accent", letterSpacing: "0.08em" })}>
        {shortMonth(date)}
      </div>
      <div className={css({ fontFamily: "display", fontSize: "2xl", fontWeight: "600", color: "heading", mt: "0.5" })}>{day.getUTCDate()}</div>
    </div>
  );
}

type EventCardProps = { event: PublicEvent; onOpen: (focusRegistration: boolean) => void };

export function EventCard({ event, onOpen }: EventCardProps) {
  const preview = descriptionPreview(event);
  const photo = event.images[0];
  return (
    <article
      className={card({ highlighted: event.isHighlighted })}
      data-testid="event-card"
      data-highlighted={event.isHighlighted ? "true" : "false"}
      aria-labelledby={`event-${event.id}-title`}
    >
      <div className={css({ position: "relative", aspectRatio: "16 / 9", bg: "cream.200", overflow: "hidden" })}>
        {photo ? (
          <img {...imageSources(photo, CARD_IMAGE_SIZES)} alt="" loading="lazy" className={css({ w: "full", h: "full", objectFit: "cover" })} />
        ) : (
          // Without photos, a calm field that names the kind of gathering (issue 38), not a large empty gradient.
          <div
            aria-hidden
            data-testid="event-placeholder"
            className={css({
              w: "full",
              h: "full",
              display: "grid",
              placeItems: "center",
              bg: "cream.100",
              color: "fg.muted",
              fontFamily: "display",
              fontSize: "2xl",
              letterSpacing: "wide",
              textTransform: "capitalize",
            })}
          >
            {event.type}
          </div>
        )}
        <DateChip date={event.startDate} />
      </div>
      <div className={css({ display: "flex", flexDirection: "column", gap: "3", p: { base: "5", md: "6" }, flex: "1" })}>
        <div className={css({ display: "flex", gap: "2", flexWrap: "wrap" })}>
          <span className={tag({ tone: typeTone(event.type) })}>{event.type}</span>
          {event.isHighlighted && <span className={tag({ tone: "accent" })}>Featured</span>}
        </div>
        <h3 id={`event-${event.id}-title`} className={css({ fontSize: "xl", fontWeight: "600", color: "heading" })}>
          {event.name}
        </h3>
        <EventMeta event={event} />
        {event.cancelledAt && <EventCancelled event={event} />}
        {preview ? (
          <p className={css({ color: "fg.muted", fontSize: "sm" })} data-testid="event-description">
            {preview}
          </p>
        ) : (
          <RichText html={event.description} className={css({ color: "fg.muted", fontSize: "sm" })} />
        )}
        <div className={css({ mt: "auto", pt: "2", display: "flex", gap: "2", flexWrap: "wrap" })}>
          {offersViewMore(event) && (
            <Button variant="outline" onClick={() => onOpen(false)} aria-label={`View More: ${event.name}`}>
              View More
            </Button>
          )}
          {event.cancelledAt ? null : event.registrationLink ? (
            <a href={event.registrationLink} target="_blank" rel="noopener noreferrer" className={button({ variant: "subtle" })}>
              Register <ExternalLink size={14} aria-hidden />
              <span className={css({ srOnly: true })}> for {event.name} (opens in a new tab)</span>
            </a>
          ) : (
            event.registrationOpen && (
              <Button variant="subtle" onClick={() => onOpen(true)}>
                {registerLabel(event)}
                <span className={css({ srOnly: true })}> for {event.name}</span>
              </Button>
            )
          )}
        </div>
      </div>
    </article>
  );
}
