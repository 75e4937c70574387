// The profile module's bodies and answers (the profile form's schema is src/shared/schemas.ts, which the web shares).

import { profile } from "@db/schema.ts";
import { type AnswerOf, answer, rowOf } from "@server/lib/answers.ts";
import { profileSchema } from "@server/shared/schemas.ts";
import { assign, boolean, number, object, partial, string } from "superstruct";

/**
 * GET /api/profile: the stored profile (or the spec §2.1 defaults, id 0), the site's time zone (SITE_TIMEZONE), and
 * whether the site takes payments, in which currency (issue 32: the page's 'Support the association').
 */
export const publicProfile = answer(
  assign(rowOf(profile), object({ timezone: string(), classBookingWeeks: number(), payments: object({ enabled: boolean(), currency: string() }) })),
);
export type PublicProfile = AnswerOf<typeof publicProfile>;

export const profilePatchSchema = partial(profileSchema);
