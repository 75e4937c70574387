// The profile module's answers.
import type { Profile } from "@db/schema.ts";

/** GET /api/profile: the stored profile (or the spec §2.1 defaults, id 0) and the site's time zone (SITE_TIMEZONE). */
export type PublicProfile = Omit<Profile, "id"> & { id: number; timezone: string };
