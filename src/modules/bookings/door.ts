// The door and the admin's lists (issue 23, issue 33, issue 39): a target's registrations in order with the waiting
// list's positions, a page of them with the counts by state, a class date's counts, who came, someone added at the
// door, and 'Mail registrants'.
import type { Db } from "@db/client.ts";
import { type EventRegistration, eventRegistrations } from "@db/schema.ts";
import { badRequest, conflict } from "@server/lib/errors.ts";
import { containing, type Paged, pageOf } from "@server/lib/paging.ts";
import { sanitizeRichText } from "@server/lib/rich-text.ts";
import type { RegistrantsMailInput } from "@server/shared/schemas.ts";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Outbox } from "../mail/index.ts";
import { type Credits, columnsOf, placesOf, type Target } from "./bookable.ts";
import type { RegistrationLinks } from "./links.ts";
import type { Registration, RegistrationsQuery } from "./model.ts";
import { NO_CREDIT } from "./places.ts";
import type { Store } from "./store.ts";

/** A class date's door: its places booked, its waiting list, and who came. */
type DoorCounts = { booked: number; waiting: number; attended: number };
/** The registrations by state, and the confirmed ones checked in at the door. */
type RegistrationCounts = Record<EventRegistration["state"] | "checkedIn", number>;

type Options = { db: Db; outbox: Outbox; links: RegistrationLinks; store: Store; credits?: Credits };

export function createDoor({ db, outbox, links, store, credits }: Options) {
  const rows = eventRegistrations;
  const { countWhere, queuePosition, find, findRegistration, setState, listOf } = store;
  return {
    /** The admin's list, in the order of arrival, each waiting row with its position. */
    list(target: Target): Registration[] {
      find(target);
      return listOf(target).map(({ registration, position }) => ({ ...registration, position }));
    },

    /**
     * A page of `list`, in its order: `search` in the name or the address, `state` one state; with the counts by state
     * (and the confirmed ones checked in), whatever the page shows.
     */
    page(target: Target, query: RegistrationsQuery): Paged<Registration> & { counts: RegistrationCounts } {
      find(target);
      const where = and(
        placesOf(target),
        containing(query.search, rows.name, rows.email),
        query.state && query.state !== "all" ? eq(rows.state, query.state) : undefined,
      );
      const total = countWhere(where);
      const { page, pageSize, offset } = pageOf(query.page, total);
      const items = db
        .select({ registration: rows, position: queuePosition })
        .from(rows)
        .where(where)
        .orderBy(asc(rows.id))
        .limit(pageSize)
        .offset(offset)
        .all();
      const counts: RegistrationCounts = { confirmed: 0, pending: 0, waiting: 0, cancelled: 0, checkedIn: 0 };
      const byState = db
        .select({ state: rows.state, n: count(), checkedIn: sql<number>`sum(${rows.checkedIn})` })
        .from(rows)
        .where(placesOf(target))
        .groupBy(rows.state)
        .all();
      for (const row of byState) {
        counts[row.state] = row.n;
        if (row.state === "confirmed") counts.checkedIn = row.checkedIn;
      }
      return { items: items.map(({ registration, position }) => ({ ...registration, position })), total, page, pageSize, counts };
    },

    /**
     * A class's door (issue 39): its dates from `from` to `to` counted, each date's places booked (confirmed), its
     * waiting list, and who came.
     */
    dateCounts(classId: number, from: string, to: string): Map<string, DoorCounts> {
      const counted = db
        .select({
          date: rows.classDate,
          booked: sql<number>`count(*) filter (where ${rows.state} = 'confirmed')`,
          waiting: sql<number>`count(*) filter (where ${rows.state} = 'waiting')`,
          attended: sql<number>`count(*) filter (where ${rows.state} = 'confirmed' and ${rows.attended} = 1)`,
        })
        .from(rows)
        .where(and(eq(rows.classId, classId), sql`${rows.classDate} between ${from} and ${to}`))
        .groupBy(rows.classDate)
        .all();
      return new Map(counted.map(({ date, ...counts }) => [date ?? "", counts]));
    },

    /**
     * Someone at the door, also after the start or the end (to record who came): a place that came, never refused for
     * the places or the time, and mailed nothing; someone booked already is marked as come.
     */
    addAtDoor(target: Target, input: { name: string; email: string; useCredit?: boolean }): Registration {
      return db.transaction(
        () => {
          const bookable = find(target);
          const live = store.liveBookingOf(target, input.email);
          // Issue 40: the door can take a credit of the student's pass (unless her place already took one).
          const spend = input.useCredit && target.kind === "class" && live?.studentPassId == null;
          const credit = spend ? credits?.take(input.email, target.id, bookable.startsAt) : undefined;
          if (spend && !credit) throw conflict(NO_CREDIT);
          const paid = credit ? { studentPassId: credit.passId, ticket: "credit" as const, amountDue: null } : {};
          if (live) return { ...setState(live.id, { state: "confirmed", attended: true, holdUntil: null, heldBy: null, ...paid }), position: null };
          const added = db
            .insert(rows)
            .values({ ...columnsOf(target), name: input.name, email: input.email, phone: "", state: "confirmed", attended: true, ...paid })
            .returning()
            .get();
          return { ...added, position: null };
        },
        { behavior: "immediate" },
      );
    },

    /** The door's tick: came (true) or not (false), for a confirmed place. */
    attendance(target: Target, id: number, attended: boolean): Registration {
      const registration = findRegistration(target, id);
      if (registration.state !== "confirmed") throw badRequest("Only a confirmed booking can be marked at the door");
      return { ...setState(id, { attended }), position: null };
    },

    checkIn(target: Target, id: number, checkedIn: boolean): Registration {
      const registration = findRegistration(target, id);
      if (registration.state !== "confirmed") throw badRequest("Only a confirmed registrant can be checked in");
      return { ...setState(id, { checkedIn }), position: null };
    },

    /** 'Mail registrants': one message to every confirmed registrant, through the outbox. */
    mailRegistrants(target: Target, input: RegistrantsMailInput) {
      if (!outbox.enabled) throw badRequest("Mail is off: set SMTP_URL and MAIL_FROM to send mail.");
      return db.transaction(() => {
        const event = find(target).occasion;
        const recipients = db
          .select()
          .from(rows)
          .where(and(placesOf(target), eq(rows.state, "confirmed")))
          .all();
        const body = sanitizeRichText(input.body);
        for (const registration of recipients) {
          outbox.add("registrants-message", registration.email, input.subject, {
            name: registration.name,
            event,
            body,
            cancelUrl: links.cancelUrl(registration),
          });
        }
        return { success: true, message: `The message is on its way to ${recipients.length} registrants.`, recipients: recipients.length };
      });
    },
  };
}
