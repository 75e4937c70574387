// The event card rules of spec §2.1 and §9.

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

export { typeTone } from "@web/theme/tones.ts";
