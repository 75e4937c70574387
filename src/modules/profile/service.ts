import type { Db } from "@db/client.ts";
import { profile } from "@db/schema.ts";
import { sanitizeRichText } from "@server/lib/rich-text.ts";
import { parseBody } from "@server/lib/validate.ts";
import { DEFAULT_PROFILE } from "@server/shared/constants.ts";
import { type ProfileInput, profileSchema } from "@server/shared/schemas.ts";
import { asc, eq } from "drizzle-orm";
import type { PublicProfile } from "./model.ts";

/** The profile; every answer carries the site's time zone (SITE_TIMEZONE), which the page's calendar links use. */
export function createProfileService(db: Db, now: () => Date, timezone: string) {
  const current = db.select().from(profile).orderBy(asc(profile.id)).limit(1).prepare();

  return {
    /** The stored profile, or the spec's defaults (id 0) when none is stored yet. */
    get(): PublicProfile {
      return { ...(current.get() ?? { id: 0, ...DEFAULT_PROFILE, updatedAt: now().toISOString() }), timezone };
    },

    /** Updates the profile; the first save must carry every required field. */
    update(changes: Partial<ProfileInput>): PublicProfile {
      const values = {
        ...changes,
        ...(changes.biography !== undefined && { biography: sanitizeRichText(changes.biography) }),
        updatedAt: now().toISOString(),
      };
      const existing = current.get();
      if (existing) return { ...db.update(profile).set(values).where(eq(profile.id, existing.id)).returning().get(), timezone };
      const complete = parseBody({ ...DEFAULT_PROFILE, ...changes }, profileSchema);
      const created = db
        .insert(profile)
        .values({ ...complete, biography: sanitizeRichText(complete.biography), updatedAt: values.updatedAt })
        .returning()
        .get();
      return { ...created, timezone };
    },
  };
}
