// A student's own bookings (issue 40, My practice): what she is booked for and what she went to, read by her e-mail;
// her own cancel, which says before its button whether the credit comes back.
import type { Db } from "@db/client.ts";
import { type EventRegistration, eventRegistrations } from "@db/schema.ts";
import { notFound } from "@server/lib/errors.ts";
import { and, desc, eq, gte, inArray, isNull, lt, ne, or } from "drizzle-orm";
import { type Bookable, type Describe, targetOf } from "./bookable.ts";
import type { RegistrationLinks } from "./links.ts";
import type { Store } from "./store.ts";

/** The past bookings My practice shows: the latest ones (what the page sends does not grow with the years). */
const PAST_SHOWN = 30;

type Options = {
  db: Db;
  describe: Describe;
  links: RegistrationLinks;
  now: () => Date;
  store: Pick<Store, "position">;
  /** Whether a place given back now gets its credit or payment back. */
  refundDue: (bookable: Bookable) => boolean;
  cancelPlace: (bookable: Bookable, registration: EventRegistration, byAdmin: boolean) => unknown;
};

export function createStudentBookings({ db, describe, links, now, store, refundDue, cancelPlace }: Options) {
  const rows = eventRegistrations;
  const described = (registration: EventRegistration) => {
    const bookable = describe(targetOf(registration));
    return bookable && { registration, bookable };
  };
  const item = ({ registration, bookable }: { registration: EventRegistration; bookable: Bookable }) => ({
    bookingId: registration.id,
    kind: bookable.target.kind,
    ...(bookable.target.kind === "class" && { classId: bookable.target.id }),
    title: bookable.occasion.name,
    date: bookable.occasion.startDate,
    startsAt: bookable.startsAt.toISOString(),
    state: registration.state,
    credit: registration.studentPassId !== null,
  });

  return {
    /** Her bookings still to come (with her join link and whether a cancel now gives back) and her latest past ones. */
    ofStudent(email: string) {
      const at = now();
      // Read by its dates, so that years of classes cost no more: the class dates from two days ago on, her events,
      // and her latest class dates before that.
      const around = new Date(at.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
      const live = and(eq(rows.email, email), ne(rows.state, "cancelled"));
      const recent = db
        .select()
        .from(rows)
        .where(and(live, or(isNull(rows.classDate), gte(rows.classDate, around))))
        .all();
      const earlier = db
        .select()
        .from(rows)
        .where(and(live, eq(rows.state, "confirmed"), lt(rows.classDate, around)))
        .orderBy(desc(rows.classDate))
        .limit(PAST_SHOWN)
        .all();
      const all = [...recent, ...earlier].map(described).filter((entry) => entry !== undefined);
      const upcoming = all
        .filter(({ bookable }) => bookable.startsAt > at && !bookable.cancelled)
        .sort((a, b) => a.bookable.startsAt.getTime() - b.bookable.startsAt.getTime())
        .map((entry) => ({
          ...item(entry),
          ...(entry.registration.state === "waiting" && { position: store.position(entry.registration) }),
          ...(entry.registration.joinToken && entry.registration.state === "confirmed" && { join: links.joinUrl(entry.registration.joinToken) }),
          giveBack: refundDue(entry.bookable),
        }));
      const past = all
        .filter(({ bookable, registration }) => bookable.startsAt <= at && registration.state === "confirmed")
        .sort((a, b) => b.bookable.startsAt.getTime() - a.bookable.startsAt.getTime())
        .slice(0, PAST_SHOWN)
        .map((entry) => ({ ...item(entry), attended: entry.registration.attended }));
      return { upcoming, past };
    },

    /** Of these addresses, the ones never marked as come to a class before `date`: the door's "first visit". */
    firstVisits(emails: string[], date: string) {
      const seen = new Set(
        emails.length === 0
          ? []
          : db
              .selectDistinct({ email: rows.email })
              .from(rows)
              .where(and(inArray(rows.email, emails), eq(rows.attended, true), lt(rows.classDate, date)))
              .all()
              .map((row) => row.email),
      );
      return new Set(emails.filter((email) => !seen.has(email)));
    },

    /** Her own cancel (signed in): the place given back; its credit too when in time. */
    cancelForStudent(email: string, id: number) {
      return db.transaction(
        () => {
          const registration = db.select().from(rows).where(eq(rows.id, id)).get();
          const entry = registration?.email === email ? described(registration) : undefined;
          if (!entry || entry.registration.state === "cancelled") throw notFound("Booking not found");
          const creditBack = entry.registration.studentPassId !== null && entry.registration.state === "confirmed" && refundDue(entry.bookable);
          cancelPlace(entry.bookable, entry.registration, false);
          return { cancelled: true as const, creditBack };
        },
        { behavior: "immediate" },
      );
    },
  };
}
