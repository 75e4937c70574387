// The account's activity log: one row per admin write and sign-in event (a refused sign-in's repeats counted on one
// row), kept a year and 100,000 rows at most, shown newest first.

import type { Db } from "@db/client.ts";
import { activity } from "@db/schema.ts";
import { addressKey } from "@server/lib/rate-limit.ts";
import type { ActivityKind } from "@server/shared/activity-kinds.ts";
import { and, desc, eq, lt, lte, type SQL, sql } from "drizzle-orm";

const KEPT_MS = 365 * 24 * 60 * 60 * 1000;
const KEPT_ROWS = 100_000;
/** A tallied entry's repeats go to its row for this long. */
const TALLY_MS = 15 * 60 * 1000;
/** Most open tallies remembered: bounds the memory whatever the number of addresses a flood comes from. */
const MAX_TALLIES = 10_000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const PAGE = 50;

/** What happened, to which record, from where. Never a password, token, code, cookie or link. */
export type ActivityEntry = { kind: ActivityKind; summary: string; target?: string | null; ip?: string | null; device?: string | null };

export function createActivity(db: Db, now: () => Date) {
  let prunedAt = 0;
  // "kind, summary, address" → the row its repeats are counted on, until when.
  const tallies = new Map<string, { id: number; until: number }>();
  return {
    /** Adds a row; past 100,000 the oldest goes (a lookup by primary key: nothing to do costs one seek). */
    record(entry: ActivityEntry): number {
      const at = now();
      if (at.getTime() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = at.getTime();
        db.delete(activity)
          .where(lt(activity.createdAt, new Date(at.getTime() - KEPT_MS).toISOString()))
          .run();
      }
      const { id } = db
        .insert(activity)
        .values({ ...entry, createdAt: at.toISOString() })
        .returning({ id: activity.id })
        .get();
      db.delete(activity)
        .where(lte(activity.id, id - KEPT_ROWS))
        .run();
      return id;
    },

    /**
     * Records what a flood repeats (a refused sign-in): one row per kind, summary and address (an IPv6 address by its
     * /64) per 15 minutes, its count going up with each repeat.
     */
    tally(entry: ActivityEntry) {
      const at = now().getTime();
      const key = `${entry.kind}\n${entry.summary}\n${addressKey(entry.ip ?? "")}`;
      const open = tallies.get(key);
      if (open && open.until > at) {
        db.update(activity)
          .set({ count: sql`${activity.count} + 1` })
          .where(eq(activity.id, open.id))
          .run();
        return;
      }
      if (tallies.size >= MAX_TALLIES) for (const [stale, tally] of tallies) if (tally.until <= at) tallies.delete(stale);
      if (tallies.size >= MAX_TALLIES) tallies.clear();
      tallies.set(key, { id: this.record(entry), until: at + TALLY_MS });
    },

    /** A page of the log, newest first: of one kind when given, before the row `before` when given. */
    list(filter: { kind?: ActivityKind; before?: number }) {
      const conditions: SQL[] = [];
      if (filter.kind) conditions.push(eq(activity.kind, filter.kind));
      if (filter.before) conditions.push(lt(activity.id, filter.before));
      return db
        .select()
        .from(activity)
        .where(and(...conditions))
        .orderBy(desc(activity.id))
        .limit(PAGE)
        .all();
    },
  };
}

export type Activity = ReturnType<typeof createActivity>;
