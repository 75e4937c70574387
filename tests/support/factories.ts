// Test data from factories (after the Epic Stack's tests/db-utils.ts): each fills what a test does not care about, so
// a test names only what matters to it and survives a new column. Each inserts one row and returns it.
import type { Db } from "@db/client.ts";
import { classes, eventRegistrations, events, notifications, subscribers } from "@db/schema.ts";

type Fields<T extends { $inferInsert: unknown }> = Partial<T["$inferInsert"]>;

let sequence = 0;
const next = () => ++sequence;

/** An upcoming workshop (in 2099) unless `fields` say otherwise. */
export function createEvent(db: Db, fields: Fields<typeof events> = {}) {
  const n = next();
  return db
    .insert(events)
    .values({
      name: `Event ${n}`,
      type: "workshop",
      startDate: "2099-01-01",
      time: "10 AM",
      location: "Hall",
      description: "<p>An event.</p>",
      ...fields,
    })
    .returning()
    .get();
}

/** The retreat the registration and payment scenarios sign up for (their mails name its date, time and place). */
export const SILENT_RETREAT = {
  name: "Silent Retreat",
  type: "retreat",
  startDate: "2027-04-10",
  time: "9:30 am - 4:00 pm",
  location: "12 Hill Road, Warburton",
  description: "<p>A day of silence.</p>",
} satisfies Fields<typeof events>;

/** A weekly class. */
export function createClass(db: Db, fields: Fields<typeof classes> = {}) {
  const n = next();
  return db
    .insert(classes)
    .values({
      name: `Class ${n}`,
      level: "Beginner",
      days: "Mon",
      time: "7 PM",
      location: "Hall",
      description: "<p>A class.</p>",
      icon: "yoga",
      ...fields,
    })
    .returning()
    .get();
}

/** An active notification shown from 2020 on. */
export function createNotification(db: Db, fields: Fields<typeof notifications> = {}) {
  return db
    .insert(notifications)
    .values({ message: `<p>Notice ${next()}</p>`, startDate: "2020-01-01", ...fields })
    .returning()
    .get();
}

/** A confirmed subscriber. */
export function createSubscriber(db: Db, fields: Fields<typeof subscribers> = {}) {
  return db
    .insert(subscribers)
    .values({ email: `reader${next()}@example.org`, ...fields })
    .returning()
    .get();
}

/** A registration for `eventId`. */
export function createRegistration(db: Db, eventId: number, fields: Fields<typeof eventRegistrations> = {}) {
  const n = next();
  return db
    .insert(eventRegistrations)
    .values({ eventId, name: `Guest ${n}`, email: `guest${n}@example.org`, phone: "0400 000 000", ...fields })
    .returning()
    .get();
}
