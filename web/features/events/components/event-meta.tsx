import { priceText } from "@server/shared/money.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { formatDateRange } from "@web/components/ui/format.ts";
import type { PublicEvent } from "@web/lib/api-types.ts";
import { CalendarDays, Clock, MapPin, Users } from "lucide-react";
import { placesText } from "../rules.ts";

const row = css({ display: "flex", gap: "2.5", alignItems: "flex-start", "& svg": { color: "accent", flexShrink: 0, mt: "0.5" } });

/** Date (en-US long month), time and place of an event, and its places (issue 23). */
export function EventMeta({ event }: { event: PublicEvent }) {
  const places = placesText(event);
  const price = priceText(event, event.currency);
  return (
    <ul className={css({ display: "grid", gap: "1.5", fontSize: "sm", color: "ink.700" })}>
      <li className={row}>
        <CalendarDays size={16} aria-hidden />
        <span data-testid="event-date">{formatDateRange(event.startDate, event.endDate)}</span>
      </li>
      <li className={row}>
        <Clock size={16} aria-hidden />
        <span>{event.time}</span>
      </li>
      <li className={row}>
        <MapPin size={16} aria-hidden />
        <span>{event.location}</span>
      </li>
      {price && (
        <li className={row}>
          <span data-testid="event-price">{price}</span>
        </li>
      )}
      {places && (
        <li className={row}>
          <Users size={16} aria-hidden />
          <strong data-testid="event-places">{places}</strong>
        </li>
      )}
    </ul>
  );
}
