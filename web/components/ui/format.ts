// Date and file-name formatting shared by the public sections (spec §2.1). Pure, so safe during server rendering.
import { slugify } from "@server/shared/slug.ts";

export { formatDateRange, formatShortDate } from "@server/shared/dates.ts";
export { htmlToText } from "@server/shared/rich-text.ts";

/** Photo download name (spec §2.1): the name lowercased with hyphens, then "-photo-N.jpg". */
export function photoFileName(name: string, index: number): string {
  return `${slugify(name, "photo")}-photo-${index + 1}.jpg`;
}
