// The account's activity log: one row per admin write and sign-in event, kept a year, shown newest first.

import type { Db } from "@db/client.ts";
import { activity } from "@db/schema.ts";
import type { ActivityKind } from "@server/shared/activity-kinds.ts";
import { and, desc, eq, lt, type SQL } from "drizzle-orm";

const KEPT_MS = 365 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const PAGE = 50;

/** What happened, to which record, from where. Never a password, token, code, cookie or link. */
export type ActivityEntry = { kind: ActivityKind; summary: string; target?: string | null; ip?: string | null; device?: string | null };

export function createActivity(db: Db, now: () => Date) {
  let prunedAt = 0;
  // The requests whose routes record what they did: the admin-write recorder leaves them alone.
  const recordedRequests = new WeakSet<Request>();
  return {
    record(entry: ActivityEntry) {
      const at = now();
      if (at.getTime() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = at.getTime();
        db.delete(activity)
          .where(lt(activity.createdAt, new Date(at.getTime() - KEPT_MS).toISOString()))
          .run();
      }
      db.insert(activity)
        .values({ ...entry, createdAt: at.toISOString() })
        .run();
    },

    /** Marks a request whose route records its own, more telling entry (the account's routes). */
    recordsItself: (request: Request) => {
      recordedRequests.add(request);
    },
    /** Whether the request's route records its own entry. */
    recorded: (request: Request) => recordedRequests.has(request),

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
