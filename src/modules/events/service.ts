import type { Db } from "@db/client.ts";
import { type Event, eventRegistrations, events } from "@db/schema.ts";
import { conflict, notFound } from "@server/lib/errors.ts";
import { containing, type Paged, pageOf } from "@server/lib/paging.ts";
import { sanitizeRichText } from "@server/lib/rich-text.ts";
import { todayIn } from "@server/lib/time.ts";
import { addDays } from "@server/shared/calendar.ts";
import type { EventInput } from "@server/shared/schemas.ts";
import { and, asc, count, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import { checkPrices } from "../bookings/index.ts";
import type { AdminEventsQuery } from "./model.ts";

const lastDay = sql`coalesce(${events.endDate}, ${events.startDate})`;
// Written qualified: Drizzle names a column of the selected table without its table, which inside the subquery would
// be the registration's own id.
const ofTheEvent = sql`${eventRegistrations}."eventId" = ${events}."id"`;
const countOf = (state: "confirmed" | "pending" | "waiting" | "cancelled") =>
  sql<number>`(select count(*) from ${eventRegistrations} where ${ofTheEvent} and ${eventRegistrations.state} = ${state})`;
const checkedInCount = sql<number>`(select count(*) from ${eventRegistrations} where ${ofTheEvent}
  and ${eventRegistrations.state} = 'confirmed' and ${eventRegistrations.checkedIn})`;

function toRow<T extends Partial<EventInput>>(input: T): T {
  return {
    ...input,
    ...(input.description !== undefined && { description: sanitizeRichText(input.description) }),
    ...(input.archiveDescription && { archiveDescription: sanitizeRichText(input.archiveDescription) }),
  } as T;
}

export function createEventsService(db: Db, { now, timezone }: { now: () => Date; timezone: string }) {
  const upcoming = db
    .select()
    .from(events)
    .where(sql`${lastDay} >= ${sql.placeholder("today")}`)
    .orderBy(asc(events.startDate), asc(events.id))
    .prepare();
  // Taken: confirmed, and held for a payment until the hold ends (issue 32).
  const taken = sql<number>`(select count(*) from ${eventRegistrations} where ${ofTheEvent} and (${eventRegistrations.state} = 'confirmed'
    or (${eventRegistrations.state} = 'pending' and ${eventRegistrations.holdUntil} > ${sql.placeholder("at")})))`;
  const upcomingWithPlaces = db
    .select({ event: events, taken })
    .from(events)
    .where(sql`${lastDay} >= ${sql.placeholder("today")}`)
    .orderBy(asc(events.startDate), asc(events.id))
    .prepare();
  const past = db
    .select()
    .from(events)
    .where(sql`${lastDay} < ${sql.placeholder("today")}`)
    .orderBy(desc(events.startDate))
    .prepare();
  const withCounts = {
    event: events,
    registrationCount: sql<number>`(select count(*) from ${eventRegistrations} where ${ofTheEvent})`,
    confirmedCount: countOf("confirmed"),
    // Places held for their payment count as taken, as the public page counts them (issue 38).
    heldCount: countOf("pending"),
    waitingCount: countOf("waiting"),
    cancelledCount: countOf("cancelled"),
    checkedInCount,
  };
  const newestFirst = [desc(events.startDate), desc(events.id)];
  const all = db
    .select(withCounts)
    .from(events)
    .orderBy(...newestFirst)
    .prepare();
  const flatten = ({ event, ...counts }: Awaited<ReturnType<typeof all.all>>[number]) => ({ ...event, ...counts });
  const byId = db
    .select()
    .from(events)
    .where(eq(events.id, sql.placeholder("id")))
    .prepare();

  const find = (id: number): Event => {
    const event = byId.get({ id });
    if (!event) throw notFound("Event not found");
    return event;
  };

  return {
    find,
    /** Events whose last day is today or later in the site's time zone, soonest first. */
    upcoming: (today: string) => upcoming.all({ today }),
    /** The upcoming events with their count of places taken at `at` (issue 23: places left). */
    upcomingWithPlaces: (today: string, at: Date) => upcomingWithPlaces.all({ today, at: at.toISOString() }),
    /** The events whose reminders may be due now: starting from yesterday to tomorrow, as the bookings core names them. */
    startingSoon: (at: Date) => {
      const today = todayIn(timezone, at);
      return db
        .select({ id: events.id })
        .from(events)
        .where(and(lte(events.startDate, addDays(today, 1)), gte(events.startDate, addDays(today, -1))))
        .all()
        .map(({ id }) => ({ kind: "event" as const, id }));
    },
    /** Events whose last day has passed, latest first. */
    past: (today: string) => past.all({ today }),
    /** Every event for the admin, newest first, with its number of registrations and their counts by state. */
    all: () => all.all().map(flatten),

    /** A page of `all`, in its order: `search` in the name or the place, `when` upcoming or past on `today`. */
    page(query: AdminEventsQuery, today: string): Paged<ReturnType<typeof flatten>> {
      const when: Record<NonNullable<AdminEventsQuery["when"]>, SQL | undefined> = {
        upcoming: sql`${lastDay} >= ${today}`,
        past: sql`${lastDay} < ${today}`,
        all: undefined,
      };
      const where = and(containing(query.search, events.name, events.location), when[query.when ?? "all"]);
      const total = db.select({ n: count() }).from(events).where(where).get()?.n ?? 0;
      const { page, pageSize, offset } = pageOf(query.page, total);
      // Upcoming ones first, soonest first (issue 38); then the past, newest first.
      const soonestFirst = [sql`${lastDay} < ${today}`, sql`case when ${lastDay} >= ${today} then ${events.startDate} end`, ...newestFirst];
      const rows = db
        .select(withCounts)
        .from(events)
        .where(where)
        .orderBy(...soonestFirst)
        .limit(pageSize)
        .offset(offset)
        .all();
      return { items: rows.map(flatten), total, page, pageSize };
    },

    create(input: EventInput): Event {
      const row: typeof events.$inferInsert = {
        ...toRow(input),
        year: input.year ?? input.startDate.slice(0, 4),
        images: input.images ?? [],
      };
      checkPrices({ price: row.price ?? null, concessionPrice: row.concessionPrice ?? null, byDonation: row.byDonation ?? false });
      return db.insert(events).values(row).returning().get();
    },

    /**
     * Places below the count of confirmed registrants are refused (nobody is bumped silently); places raised go to the
     * waiting list, in its order, in the same transaction.
     */
    update(id: number, input: Partial<EventInput>): Event {
      const changes = toRow(input);
      if (!Object.keys(changes).length) return find(id);
      return db.transaction(
        () => {
          if (changes.capacity != null) {
            const confirmed =
              db
                .select({ n: sql<number>`count(*)` })
                .from(eventRegistrations)
                .where(sql`${eventRegistrations.eventId} = ${id} and ${eventRegistrations.state} = 'confirmed'`)
                .get()?.n ?? 0;
            if (changes.capacity < confirmed) {
              throw conflict(`Places cannot be fewer than the ${confirmed} people who already have one. Cancel registrations first.`);
            }
          }
          const updated = db.update(events).set(changes).where(eq(events.id, id)).returning().get();
          if (!updated) throw notFound("Event not found");
          checkPrices(updated);
          return updated;
        },
        { behavior: "immediate" },
      );
    },

    /** 'Cancel this event' (issue 38): marked off with the teacher's message (its places are the bookings core's); a 409 the second time. */
    cancel(id: number, reason: string | null): Event {
      if (find(id).cancelledAt) throw conflict("This event is already cancelled");
      return db.update(events).set({ cancelledAt: now().toISOString(), cancelReason: reason }).where(eq(events.id, id)).returning().get() as Event;
    },

    remove(id: number) {
      const deleted = db.delete(events).where(eq(events.id, id)).returning({ id: events.id }).get();
      if (!deleted) throw notFound("Event not found");
      return { success: true };
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
