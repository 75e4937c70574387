// The event card rules of spec §2.1 and §9.

import { formatMoney } from "@server/shared/money.ts";
import { htmlToText } from "@web/components/ui/format.ts";
import type { Event, PublicEvent } from "@web/lib/api-types.ts";
import { DESCRIPTION_PREVIEW_LENGTH } from "@web/lib/constants.ts";

/** 'View More' is offered when the description exceeds 150 characters or the event has photos or an attachment. */
export function offersViewMore(event: Event): boolean {
  return htmlToText(event.description).length > DESCRIPTION_PREVIEW_LENGTH || event.images.length > 0 || !!event.attachmentFile;
}

/** The first 150 characters followed by '...' when longer; otherwise null (the full HTML is shown). */
export function descriptionPreview(event: Event): string | null {
  const text = htmlToText(event.description);
  return text.length > DESCRIPTION_PREVIEW_LENGTH ? `${text.slice(0, DESCRIPTION_PREVIEW_LENGTH)}...` : null;
}

/** Issue 23: "N places left", "Fully booked" or "Registration closed"; null for unlimited places or an outside link. */
export function placesText(event: PublicEvent): string | null {
  if (event.registrationLink) return null;
  if (!event.registrationOpen) return "Registration closed";
  if (event.placesLeft === null) return null;
  if (event.placesLeft === 0) return "Fully booked";
  return event.placesLeft === 1 ? "1 place left" : `${event.placesLeft} places left`;
}

/** The form's button when every place is taken (issue 23). */
export const registerLabel = (event: PublicEvent) => (event.placesLeft === 0 ? "Join the waiting list" : "Register");

/** Issue 32: "A$25.00 · concession A$15.00", "By donation (A$20.00 suggested)"; null for a free event. */
export function priceText(event: PublicEvent): string | null {
  const money = (cents: number) => formatMoney(cents, event.currency);
  if (event.byDonation) return event.price ? `By donation (${money(event.price)} suggested)` : "By donation";
  if (event.price === null) return null;
  return event.concessionPrice === null ? money(event.price) : `${money(event.price)} · concession ${money(event.concessionPrice)}`;
}

export { typeTone } from "@web/theme/tones.ts";
