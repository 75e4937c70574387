// Date and file-name formatting shared by the public sections (spec §2.1). Pure, so safe during server rendering.
export { formatDateRange, formatShortDate } from "@server/shared/dates.ts";
export { htmlToText } from "@server/shared/rich-text.ts";

/** Photo download name (spec §2.1): the name lowercased with hyphens, then "-photo-N.jpg". */
export function photoFileName(name: string, index: number): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${slug || "photo"}-photo-${index + 1}.jpg`;
}
