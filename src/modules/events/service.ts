import type { Db } from "@db/client.ts";
import { type Event, eventRegistrations, events } from "@db/schema.ts";
import { notFound } from "@server/lib/errors.ts";
import { sanitizeRichText } from "@server/lib/rich-text.ts";
import { isPastEvent } from "@server/shared/dates.ts";
import type { EventInput, RegistrationInput } from "@server/shared/schemas.ts";
import { asc, desc, eq, sql } from "drizzle-orm";
import type { Outbox } from "../mail/outbox.ts";

const lastDay = sql`coalesce(${events.endDate}, ${events.startDate})`;

function toRow<T extends Partial<EventInput>>(input: T): T {
  return {
    ...input,
    ...(input.description !== undefined && { description: sanitizeRichText(input.description) }),
    ...(input.archiveDescription && { archiveDescription: sanitizeRichText(input.archiveDescription) }),
  } as T;
}

export function createEventsService(db: Db) {
  const upcoming = db
    .select()
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
  const all = db
    .select({
      event: events,
      registrationCount: sql<number>`(select count(*) from ${eventRegistrations} where ${eventRegistrations.eventId} = ${events.id})`,
    })
    .from(events)
    .orderBy(desc(events.startDate), desc(events.id))
    .prepare();
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
    /** Events whose last day has passed, latest first. */
    past: (today: string) => past.all({ today }),
    /** Every event for the admin, newest first, with its number of registrations. */
    all: () => all.all().map(({ event, registrationCount }) => ({ ...event, registrationCount })),

    create(input: EventInput): Event {
      const row: typeof events.$inferInsert = {
        ...toRow(input),
        year: input.year ?? input.startDate.slice(0, 4),
        images: input.images ?? [],
      };
      return db.insert(events).values(row).returning().get();
    },

    update(id: number, input: Partial<EventInput>): Event {
      const changes = toRow(input);
      if (!Object.keys(changes).length) return find(id);
      const updated = db.update(events).set(changes).where(eq(events.id, id)).returning().get();
      if (!updated) throw notFound("Event not found");
      return updated;
    },

    remove(id: number) {
      const deleted = db.delete(events).where(eq(events.id, id)).returning({ id: events.id }).get();
      if (!deleted) throw notFound("Event not found");
      return { success: true };
    },

    /**
     * Registers a visitor for an event that has not passed yet; with mail on, the teacher's notice and the registrant's
     * confirmation are queued in the same transaction.
     */
    register(eventId: number, input: RegistrationInput, today: string, outbox?: Outbox) {
      return db.transaction(() => {
        const event = byId.get({ id: eventId });
        if (!event || isPastEvent(event, today)) throw notFound("Event not found");
        const registration = db
          .insert(eventRegistrations)
          .values({ ...input, eventId })
          .returning()
          .get();
        if (outbox?.enabled) {
          const teacher = outbox.notifyAddress();
          if (teacher) outbox.add("registration-notice", teacher, `New registration: ${event.name}`, { event, registration });
          outbox.add("registration-confirmation", registration.email, `You're registered: ${event.name}`, { name: registration.name, event });
        }
        return registration;
      });
    },

    registrations(eventId: number) {
      find(eventId);
      return db
        .select()
        .from(eventRegistrations)
        .where(eq(eventRegistrations.eventId, eventId))
        .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id))
        .all();
    },
  };
}
