// The event card rules of spec §2.1 and §9.

import type { Event } from "@server/shared/types.ts";
import { htmlToText } from "@web/components/ui/format.ts";
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

export { typeTone } from "@web/theme/tones.ts";
