// Maps data values to the badge tones of recipes.ts (spec §9 colours).
import { EVENT_TYPES } from "../lib/constants.ts";

export type TypeTone = (typeof EVENT_TYPES)[number] | "other";

/** Badge colour of an event or archive type, compared case-insensitively; anything else is grey. */
export const typeTone = (type: string): TypeTone => {
  const lower = type.trim().toLowerCase();
  return (EVENT_TYPES as readonly string[]).includes(lower) ? (lower as TypeTone) : "other";
};
