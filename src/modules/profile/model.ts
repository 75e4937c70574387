// The profile module's bodies and answers (the profile form's schema is src/shared/schemas.ts, which the web shares).

import type { Profile } from "@db/schema.ts";
import { profileSchema } from "@server/shared/schemas.ts";
import { partial } from "superstruct";

/** GET /api/profile: the stored profile (or the spec §2.1 defaults, id 0) and the site's time zone (SITE_TIMEZONE). */
/** With whether the site takes payments, in which currency (issue 32: the page's 'Support the association'). */
export type PublicProfile = Omit<Profile, "id"> & { id: number; timezone: string; payments: { enabled: boolean; currency: string } };

export const profilePatchSchema = partial(profileSchema);
