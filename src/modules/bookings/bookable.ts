// What a place is a place in (issue 39): an event, or one date of a weekly class. Events and classes describe what they
// offer as a Bookable; the bookings core (service.ts) runs the places of any of them the same way.
import type { Event, EventRegistration } from "@db/schema.ts";
import { eventRegistrations } from "@db/schema.ts";
import { and, eq, type SQL } from "drizzle-orm";
import type { Occasion } from "../mail/index.ts";

/** Which places: an event's, or one class date's (YYYY-MM-DD in SITE_TIMEZONE). */
export type Target = { kind: "event"; id: number } | { kind: "class"; id: number; date: string };

export type Bookable = {
  target: Target;
  /** What its mails say of it (and attach as an .ics). */
  occasion: Occasion;
  capacity: number | null;
  prices: Pick<Event, "price" | "concessionPrice" | "byDonation">;
  startsAt: Date;
  /** When a confirmed place's reminder is mailed; null: none. */
  remindAt: Date | null;
  /** A paid place given back until then is refunded in full; later, the cancel page says why not ("the event starts in …"). */
  refundUntil: Date;
  lateCancel: string;
  /** Called off by the teacher: its places are cancelled and none is taken. */
  cancelled: boolean;
  /** Throws, in its own words, why it takes no booking at `at` (gone, off, closed); returns when it does. */
  refuse(at: Date): void;
  /** The 409 an address already booked is told; undefined: it is answered the state it has (an event's form). */
  alreadyBooked?: string;
  /**
   * An online or hybrid class date (issue 39): where its join link leads (the teacher's meeting room, never in a public
   * answer, page, feed, log line or mail) and when it ends; each confirmed booking has its own `/join/{token}` to it.
   */
  online?: { joinUrl: string; endsAt: Date };
  /** Raises its places to `to` (the admin's 'Move up' when every place is taken); undefined where they are fixed. */
  raisePlaces?: (to: number) => Bookable;
};

/**
 * Issue 40: class passes' credits, as the core spends them (src/modules/passes), each inside the caller's transaction:
 * one taken from the pass of `email` that covers the class and expires first (undefined: none), or given back.
 */
export type Credits = {
  take(email: string, classId: number, startsAt: Date): { passId: number; creditsLeft: number; title: string } | undefined;
  has(email: string, classId: number, startsAt: Date): boolean;
  giveBack(passId: number): void;
};

/** Describes a target as it is now; undefined when there is no such thing. */
export type Describe = (target: Target) => Bookable | undefined;

/** The target a row is a place in. */
export function targetOf(row: Pick<EventRegistration, "eventId" | "classId" | "classDate">): Target {
  if (row.eventId !== null) return { kind: "event", id: row.eventId };
  if (row.classId !== null && row.classDate !== null) return { kind: "class", id: row.classId, date: row.classDate };
  throw new Error("A booking is in neither an event nor a class date");
}

/** The rows of a target's places. */
export const placesOf = (target: Target): SQL =>
  target.kind === "event"
    ? eq(eventRegistrations.eventId, target.id)
    : (and(eq(eventRegistrations.classId, target.id), eq(eventRegistrations.classDate, target.date)) as SQL);

/** The columns that say a new row's target. */
export const columnsOf = (target: Target) =>
  target.kind === "event" ? { eventId: target.id, classId: null, classDate: null } : { eventId: null, classId: target.id, classDate: target.date };

export const sameTarget = (a: Target, b: Target) =>
  a.kind === b.kind && a.id === b.id && (a.kind === "event" || (b.kind === "class" && a.date === b.date));
