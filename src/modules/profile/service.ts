import type { Db } from "@db/client.ts";
import { profile } from "@db/schema.ts";
import { sanitizeRichText } from "@server/lib/rich-text.ts";
import { DEFAULT_PROFILE } from "@server/shared/constants.ts";
import type { ProfileInput } from "@server/shared/schemas.ts";
import { asc, eq } from "drizzle-orm";
import type { PublicProfile } from "./model.ts";

/**
 * The profile; every answer carries the site's time zone (SITE_TIMEZONE), which the page's calendar links use, and
 * whether it takes payments, in which currency (issue 32: the page's 'Support the association' block).
 */
export function createProfileService(db: Db, now: () => Date, site: Pick<PublicProfile, "timezone" | "classBookingWeeks" | "payments">) {
  const current = db.select().from(profile).orderBy(asc(profile.id)).limit(1).prepare();

  return {
    /** The stored profile, or the spec's defaults (id 0) when none is stored yet. */
    get(): PublicProfile {
      return { ...(current.get() ?? { id: 0, ...DEFAULT_PROFILE, updatedAt: now().toISOString() }), ...site };
    },

    /** Updates the profile (changes checked by the route's schema); the first save fills what it lacks with the spec's defaults. */
    update(changes: Partial<ProfileInput>): PublicProfile {
      const values = {
        ...changes,
        ...(changes.biography !== undefined && { biography: sanitizeRichText(changes.biography) }),
        updatedAt: now().toISOString(),
      };
      const existing = current.get();
      if (existing) return { ...db.update(profile).set(values).where(eq(profile.id, existing.id)).returning().get(), ...site };
      const complete: ProfileInput = { ...DEFAULT_PROFILE, ...changes };
      const created = db
        .insert(profile)
        .values({ ...complete, biography: sanitizeRichText(complete.biography), updatedAt: values.updatedAt })
        .returning()
        .get();
      return { ...created, ...site };
    },
  };
}
