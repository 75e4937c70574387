// The bookings core's reads and writes of its one table (issue 39): a target's places counted and listed, a row found
// and changed, what is booked described (a 404 in its own words when it is none).
import type { Db } from "@db/client.ts";
import { type EventRegistration, eventRegistrations } from "@db/schema.ts";
import { notFound } from "@server/lib/errors.ts";
import { and, asc, count, eq, gt, lte, type SQL, sql } from "drizzle-orm";
import { type Bookable, type Describe, placesOf, sameTarget, type Target, targetOf } from "./bookable.ts";

type State = EventRegistration["state"];

const notFoundOf = (target: Target) => notFound(target.kind === "event" ? "Event not found" : "Class not found");

export function createStore({ db, describe, now }: { db: Db; describe: Describe; now: () => Date }) {
  const rows = eventRegistrations;
  const byId = db
    .select()
    .from(rows)
    .where(eq(rows.id, sql.placeholder("id")))
    .prepare();
  const countWhere = (where: SQL | undefined) => db.select({ n: count() }).from(rows).where(where).get()?.n ?? 0;
  const countIn = (target: Target, state: State) => countWhere(and(placesOf(target), eq(rows.state, state)));
  /** Unpaid places held now by one address, or by one e-mail: each ends soonest first. */
  const holdsBy = db
    .select({ holdUntil: rows.holdUntil })
    .from(rows)
    .where(
      and(
        eq(rows.state, "pending"),
        gt(rows.holdUntil, sql.placeholder("at")),
        sql`(${rows.heldBy} = ${sql.placeholder("heldBy")} or ${rows.email} = ${sql.placeholder("email")})`,
      ),
    )
    .orderBy(asc(rows.holdUntil))
    .prepare();
  // A waiting row's place in the whole queue, whatever the page's search or filter (qualified by hand: Drizzle names a
  // column of the selected table without its table, which inside the subquery would be the earlier row's own).
  const queuePosition = sql<number | null>`case when ${rows.state} = 'waiting' then (select count(*)
    from ${rows} as earlier where earlier."eventId" is ${rows}."eventId" and earlier."classId" is ${rows}."classId"
    and earlier."classDate" is ${rows}."classDate" and earlier."state" = 'waiting' and earlier."id" <= ${rows}."id") end`;

  /** The places taken: confirmed, and held for a payment until their hold ends (issue 32). */
  const takenCount = (target: Target) =>
    countIn(target, "confirmed") + countWhere(and(placesOf(target), eq(rows.state, "pending"), gt(rows.holdUntil, now().toISOString())));
  const hasFreePlace = (bookable: Bookable) => bookable.capacity === null || takenCount(bookable.target) < bookable.capacity;
  const position = (registration: EventRegistration) =>
    countWhere(and(placesOf(targetOf(registration)), eq(rows.state, "waiting"), lte(rows.id, registration.id)));
  const firstWaiting = (target: Target) =>
    db
      .select()
      .from(rows)
      .where(and(placesOf(target), eq(rows.state, "waiting")))
      .orderBy(asc(rows.id))
      .limit(1)
      .get();
  const find = (target: Target) => {
    const bookable = describe(target);
    if (!bookable) throw notFoundOf(target);
    return bookable;
  };
  const findRegistration = (target: Target, id: number) => {
    const registration = byId.get({ id });
    if (!registration || !sameTarget(targetOf(registration), target)) throw notFound("Registration not found");
    return registration;
  };
  const setState = (id: number, values: Partial<EventRegistration>) => {
    const updated = db.update(rows).set(values).where(eq(rows.id, id)).returning().get();
    if (!updated) throw notFound("Registration not found");
    return updated;
  };
  /** The place `email` holds in a target (confirmed, held or waiting), if any. */
  const liveBookingOf = (target: Target, email: string) =>
    db
      .select()
      .from(rows)
      .where(and(placesOf(target), eq(rows.email, email), sql`${rows.state} != 'cancelled'`))
      .get();
  const listOf = (target: Target) =>
    db.select({ registration: rows, position: queuePosition }).from(rows).where(placesOf(target)).orderBy(asc(rows.id)).all();

  return {
    byId,
    countWhere,
    countIn,
    holdsBy,
    queuePosition,
    takenCount,
    hasFreePlace,
    position,
    firstWaiting,
    find,
    findRegistration,
    setState,
    liveBookingOf,
    listOf,
  };
}

export type Store = ReturnType<typeof createStore>;
