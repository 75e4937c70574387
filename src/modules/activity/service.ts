// The account's activity log: one row per admin write and sign-in event, kept a year and 100,000 rows at most, shown
// newest first. What strangers cause (refused sign-ins, wrong codes) is tallied: one row per kind and address (an IPv6
// /64) per 15 minutes, whatever they typed, counted on that row; and such rows are capped apart (10,000), so a flood
// from any number of addresses never pushes out the owner's own entries (issue 37 item 1).

import type { Db } from "@db/client.ts";
import { activity } from "@db/schema.ts";
import { addressKey } from "@server/lib/rate-limit.ts";
import type { ActivityKind } from "@server/shared/activity-kinds.ts";
import { and, desc, eq, lt, type SQL, sql } from "drizzle-orm";

const KEPT_MS = 365 * 24 * 60 * 60 * 1000;
const KEPT_ROWS = 100_000;
/** The strangers' rows kept, apart from the owner's. */
const KEPT_STRANGER_ROWS = 10_000;
/** A tallied entry's repeats go to its row for this long. */
const TALLY_MS = 15 * 60 * 1000;
/** Most open tallies remembered: bounds the memory whatever the number of addresses a flood comes from. */
const MAX_TALLIES = 10_000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const PAGE = 50;

/** What happened, to which record, from where. Never a password, token, code, cookie or link. */
export type ActivityEntry = { kind: ActivityKind; summary: string; target?: string | null; ip?: string | null; device?: string | null };

/** What a stranger typed (a username), as a summary may quote it: 40 characters at most, control characters escaped. */
export const quoted = (typed: string) => JSON.stringify(typed.length > 40 ? `${typed.slice(0, 40)}…` : typed);

export function createActivity(db: Db, now: () => Date) {
  let prunedAt = 0;
  // "kind, address" → the row its repeats are counted on, until when.
  const tallies = new Map<string, { id: number; until: number }>();
  /** The id below which rows of one side (the owner's, or strangers') go: the `kept`-th newest of that side. */
  const oldestKept = (stranger: boolean, kept: number) =>
    db
      .select({ id: activity.id })
      .from(activity)
      .where(eq(activity.stranger, stranger))
      .orderBy(desc(activity.id))
      .limit(1)
      .offset(kept - 1)
      .get()?.id;

  function add(entry: ActivityEntry, stranger: boolean): number {
    const at = now();
    if (at.getTime() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = at.getTime();
      db.delete(activity)
        .where(lt(activity.createdAt, new Date(at.getTime() - KEPT_MS).toISOString()))
        .run();
    }
    const { id } = db
      .insert(activity)
      .values({ ...entry, stranger, createdAt: at.toISOString() })
      .returning({ id: activity.id })
      .get();
    // Past its cap a side's oldest row goes (two seeks on the (stranger, id) index; nothing to delete costs no more).
    const oldest = oldestKept(stranger, stranger ? KEPT_STRANGER_ROWS : KEPT_ROWS);
    if (oldest !== undefined)
      db.delete(activity)
        .where(and(eq(activity.stranger, stranger), lt(activity.id, oldest)))
        .run();
    return id;
  }

  return {
    /** Adds a row of the owner's (an admin write, a sign-in, a sign-out); past 100,000 of them the oldest goes. */
    record: (entry: ActivityEntry): number => add(entry, false),

    /**
     * Records what a stranger causes, flood or not (a refused sign-in, a wrong code): one row per kind and address (an
     * IPv6 address by its /64) per 15 minutes, saying what the first one typed, its count going up with each repeat.
     */
    tally(entry: ActivityEntry) {
      const at = now().getTime();
      const key = `${entry.kind}\n${addressKey(entry.ip ?? "")}`;
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
      tallies.set(key, { id: add(entry, true), until: at + TALLY_MS });
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
