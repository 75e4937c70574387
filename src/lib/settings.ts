// Server-side key/value settings (YouTube key and channel, last sync time) in the `settings` table.

import type { Db } from "@db/client.ts";
import { settings } from "@db/schema.ts";
import { eq } from "drizzle-orm";

/** The stored value of `key`, or null when none is stored. */
export function getSetting(db: Pick<Db, "select">, key: string): string | null {
  return db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).get()?.value ?? null;
}

/** Stores `value` under `key`, replacing any earlier value. */
export function setSetting(db: Pick<Db, "insert">, key: string, value: string): void {
  db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } }).run();
}
