// The places of anything booked (issue 23, issue 32, issue 39): taken in one transaction, held for their payment, the
// waiting list moving up by itself, given back (refunded by the policy), released when their hold ends, and all of an
// occasion cancelled at once when it is called off.
import type { Db } from "@db/client.ts";
import { type EventRegistration, eventRegistrations } from "@db/schema.ts";
import type { Config } from "@server/config.ts";
import { badRequest, conflict, tooManyRequests } from "@server/lib/errors.ts";
import { formatMoney } from "@server/shared/money.ts";
import type { RegistrationInput } from "@server/shared/schemas.ts";
import { and, eq, lte } from "drizzle-orm";
import type { Outbox, ReceiptData } from "../mail/index.ts";
import { type Bookable, type Credits, columnsOf, type Describe, type Target, targetOf } from "./bookable.ts";
import { newJoinToken } from "./links.ts";
import type { PaidPlaces, PlaceMails } from "./mails.ts";
import type { Registration, RegistrationAnswer } from "./model.ts";
import { type Charge, chargeFor } from "./pricing.ts";
import type { Store } from "./store.ts";

/** Unpaid places one address (an IPv6 /64) or one e-mail may hold at once, across the site (issue 37 item 5). */
const MAX_HOLDS = 3;
const TOO_MANY_HOLDS = "You already have places waiting for payment. Please complete or cancel them first.";
/** Stripe's smallest charge by card, in cents of the currency (50 in most; item 6). */
const CARD_MINIMUM: Record<string, number> = { gbp: 30, hkd: 400, jpy: 50, mxn: 1000, sek: 300, nok: 300, dkk: 250 };

/** A booking's details: an event's form asks for a phone, a class date's does not. */
export type BookingInput = Omit<RegistrationInput, "phone"> & { phone?: string };
/** What `book` did: the public answer, or a place held for its payment. */
export type Registered = Exclude<RegistrationAnswer, { state: "pending" }> | { state: "pending"; registration: EventRegistration };

/** Issue 40: the 409 of a signed-in student with no valid pass for the class. */
export const NO_CREDIT = "You have no credit for this class";

/** Why a refund is made when the occasion itself is off (its payer's mail). */
const offReason = (bookable: Bookable) => `${bookable.target.kind === "event" ? "the event" : "the class"} is cancelled.`;

type Options = {
  db: Db;
  outbox: Outbox;
  config: Pick<Config, "payments" | "waitlistAutoHours">;
  now: () => Date;
  describe: Describe;
  paidPlaces?: PaidPlaces;
  credits?: Credits;
  store: Store;
  mails: PlaceMails;
};

export function createPlaces({ db, outbox, config, now, describe, paidPlaces, credits, store, mails }: Options) {
  const { currency } = config.payments;
  const rows = eventRegistrations;
  const { byId, holdsBy, takenCount, hasFreePlace, position, firstWaiting, find, findRegistration, setState, liveBookingOf, listOf } = store;
  const { notice, remindIfDue, mailState } = mails;
  const holdEnd = () => (paidPlaces ? new Date(now().getTime() + paidPlaces.holdMinutes * 60_000).toISOString() : null);

  /**
   * Issue 40: a class date's place freed more than WAITLIST_AUTO_HOURS before its start goes to a waiting person with a
   * valid credit, booked with it ("You're in"); later, or without a credit, it is offered as before.
   */
  const creditFor = (bookable: Bookable, registration: EventRegistration) => {
    const { target } = bookable;
    if (!credits || target.kind !== "class") return undefined;
    if (bookable.startsAt.getTime() - now().getTime() <= config.waitlistAutoHours * 3_600_000) return undefined;
    return credits.take(registration.email, target.id, bookable.startsAt);
  };

  /** A place for the first waiting one: booked with a credit, theirs at once, or held for its payment (issue 32). */
  const promote = (bookable: Bookable, registration: EventRegistration) => {
    const credit = creditFor(bookable, registration);
    if (credit) {
      const moved = setState(registration.id, { state: "confirmed", studentPassId: credit.passId, ticket: "credit", amountDue: null });
      mails.mailState(bookable, moved, "moved-up", outbox.add, undefined, credit);
      remindIfDue(bookable, moved, now());
      return moved;
    }
    const paid = paidPlaces && registration.amountDue;
    const moved = setState(registration.id, paid ? { state: "pending", holdUntil: holdEnd() } : { state: "confirmed" });
    mailState(bookable, moved, "moved-up");
    remindIfDue(bookable, moved, now());
    return moved;
  };

  /** Gives each free place to the first on the waiting list (inside the caller's transaction). */
  const fillPlaces = (bookable: Bookable) => {
    if (bookable.cancelled) return;
    for (let next = firstWaiting(bookable.target); next && hasFreePlace(bookable); next = firstWaiting(bookable.target)) promote(bookable, next);
  };

  /** Whether a paid place cancelled now is refunded in full (an event: REFUND_UNTIL_DAYS before; a class: CLASS_CANCEL_HOURS). */
  const refundDue = (bookable: Bookable) => now().getTime() <= bookable.refundUntil.getTime();

  /** A place given back and its holder mailed; the waiting list moves unless the occasion itself is off (`calledOff`). */
  const cancel = (bookable: Bookable, registration: EventRegistration, byAdmin: boolean, calledOff?: { reason: string | null }) => {
    if (registration.state === "cancelled") return { cancelled: registration, refunded: false };
    // Issue 40: a credit comes back when the place is given back in time (CLASS_CANCEL_HOURS) or the class is off.
    const creditBack =
      credits !== undefined &&
      registration.studentPassId !== null &&
      !registration.creditReturned &&
      registration.state === "confirmed" &&
      (calledOff !== undefined || refundDue(bookable));
    if (creditBack && registration.studentPassId !== null) credits.giveBack(registration.studentPassId);
    const cancelled = setState(registration.id, {
      state: "cancelled",
      cancelledAt: now().toISOString(),
      holdUntil: null,
      heldBy: null,
      ...(creditBack && { creditReturned: true }),
    });
    const refunded =
      paidPlaces !== undefined &&
      (calledOff !== undefined || refundDue(bookable)) &&
      paidPlaces.refundPlace(registration.id, calledOff ? offReason(bookable) : "your registration is cancelled.");
    mails.cancelled(bookable, registration, byAdmin, calledOff, creditBack);
    if (calledOff) return { cancelled, refunded };
    notice("cancelled", bookable, cancelled);
    if (registration.state === "confirmed" || registration.state === "pending") fillPlaces(bookable);
    return { cancelled, refunded };
  };

  /** A held place whose payment did not come: given back, its hold kept as the mark of why (inside the caller's transaction). */
  const release = (registration: EventRegistration) => {
    if (registration.state !== "pending") return;
    setState(registration.id, { state: "cancelled", cancelledAt: now().toISOString(), heldBy: null });
    const bookable = describe(targetOf(registration));
    if (bookable) fillPlaces(bookable);
  };

  const answerOf = (registration: EventRegistration): Registered => {
    if (registration.state === "waiting") return { state: "waiting", position: position(registration) };
    if (registration.state === "pending") return { state: "pending", registration };
    return { state: "confirmed" };
  };

  return {
    /** The inside of a cancel (the cancel link's page uses it in its own transaction); not for the routes. */
    cancelPlace: cancel,
    refundDueFor: refundDue,
    fillPlaces: (target: Target) => fillPlaces(find(target)),
    takenCount,
    release,
    byId: (id: number) => byId.get({ id }),
    /** What a booking is in, as it is now (its payment's description and return page). */
    bookableOf: (registration: EventRegistration) => describe(targetOf(registration)),

    /** Whether cancelling this place now refunds its payment (the cancel page says so before its button). */
    refundDue(id: number): boolean {
      const registration = byId.get({ id });
      const bookable = registration && describe(targetOf(registration));
      return bookable !== undefined && refundDue(bookable);
    },

    /**
     * A Checkout completed with a payment the bank has yet to confirm (a direct debit, issue 37 item 2): the place stays
     * held until `until`, when the bank's answer has come (inside the caller's transaction).
     */
    holdForBank(id: number, until: Date) {
      const registration = byId.get({ id });
      if (registration?.state === "pending") setState(id, { holdUntil: until.toISOString() });
    },

    /**
     * A payment came for this place (inside the caller's transaction): the place is confirmed while it is held, or when
     * its hold lapsed and a place is still free; false when it is full or called off (the caller refunds). The
     * confirmation mail carries the receipt.
     */
    confirmPaid(id: number, receipt: ReceiptData): boolean {
      const registration = byId.get({ id });
      if (!registration) return false;
      if (registration.state === "confirmed") return true;
      const bookable = describe(targetOf(registration));
      if (!bookable || bookable.cancelled) return false;
      const holding = registration.state === "pending" && registration.holdUntil !== null && registration.holdUntil > now().toISOString();
      const lapsed = (registration.state === "pending" || registration.state === "cancelled") && registration.holdUntil !== null;
      if (!holding && !(lapsed && hasFreePlace(bookable))) return false;
      const confirmed = setState(id, { state: "confirmed", holdUntil: null, cancelledAt: null, heldBy: null });
      notice("registered", bookable, confirmed);
      mailState(bookable, confirmed, "confirmed", outbox.add, receipt);
      remindIfDue(bookable, confirmed, now());
      return true;
    },

    /** The held places whose hold has ended, given back (the waiting list moves); their ids. */
    releaseExpiredHolds(): number[] {
      return db.transaction(
        () => {
          const expired = db
            .select()
            .from(rows)
            .where(and(eq(rows.state, "pending"), lte(rows.holdUntil, now().toISOString())))
            .all();
          for (const registration of expired) release(registration);
          return expired.map((registration) => registration.id);
        },
        { behavior: "immediate" },
      );
    },

    /**
     * Takes a place, or a place on the waiting list, in one transaction (SQLite runs one writer at a time: no place is
     * sold twice, and the waiting list is in the order of arrival). The same address for the same target is one
     * booking: an event's form is answered the state it has, and mailed nothing more; a class date's is a 409. The
     * registrant's mails count against the public forms' limit (issue 30: at most 3 an hour to one address); the
     * teacher's notice does not.
     */
    book(target: Target, input: BookingInput, heldBy: string): Registered {
      return db.transaction(
        () => {
          const at = now();
          const bookable = find(target);
          bookable.refuse(at);
          const charge: Charge = chargeFor(bookable.prices, input);
          const existing = liveBookingOf(target, input.email);
          if (existing) {
            if (bookable.alreadyBooked) throw conflict(bookable.alreadyBooked);
            const answer = answerOf(existing);
            return answer.state === "pending" ? answer : { ...answer, already: true };
          }
          const held = paidPlaces && charge !== null;
          const state = hasFreePlace(bookable) ? (held ? "pending" : "confirmed") : "waiting";
          if (held && charge.amount < (CARD_MINIMUM[currency] ?? 50)) {
            const message = `A payment by card must be at least ${formatMoney(CARD_MINIMUM[currency] ?? 50, currency)}, or 0`;
            throw badRequest(message, { issues: [{ path: "amount", message }] });
          }
          if (state === "pending") {
            const holds = holdsBy.all({ at: at.toISOString(), heldBy, email: input.email });
            if (holds.length >= MAX_HOLDS) throw tooManyRequests(TOO_MANY_HOLDS, (Date.parse(holds[0]?.holdUntil ?? "") - at.getTime()) / 1000 || 60);
          }
          const registration = db
            .insert(rows)
            .values({
              ...columnsOf(target),
              name: input.name,
              email: input.email,
              phone: input.phone ?? "",
              additionalInfo: input.additionalInfo ?? null,
              state,
              holdUntil: state === "pending" ? holdEnd() : null,
              heldBy: state === "pending" ? heldBy : null,
              amountDue: charge?.amount ?? null,
              ticket: charge?.ticket ?? null,
              joinToken: bookable.online ? newJoinToken() : null,
            })
            .returning()
            .get();
          // A held place is announced when it is paid for (confirmPaid).
          if (state !== "pending") notice(state === "confirmed" ? "registered" : "waiting", bookable, registration);
          mailState(bookable, registration, "confirmed", outbox.addFromPublicForm);
          remindIfDue(bookable, registration, at, outbox.addFromPublicForm);
          return answerOf(registration);
        },
        { behavior: "immediate" },
      );
    },

    /**
     * Issue 40: a signed-in student books a class date with a credit, in one transaction: a free place takes a credit
     * of the pass that covers the class and expires first (none: 409 NO_CREDIT); a full date puts her on the waiting
     * list while she has a credit, spent when a place comes to her. A date whose class is free takes no credit.
     * `standingId`: the standing booking that asks.
     */
    bookWithCredit(target: Target, student: { email: string; name: string }, standingId: number | null = null) {
      return db.transaction(
        () => {
          const at = now();
          const bookable = find(target);
          if (target.kind !== "class" || !credits) throw badRequest("Only a class date is booked with a credit");
          bookable.refuse(at);
          if (liveBookingOf(target, student.email)) throw conflict(bookable.alreadyBooked ?? "You're already booked");
          const free = !bookable.prices.byDonation && bookable.prices.price === null;
          const state = hasFreePlace(bookable) ? "confirmed" : "waiting";
          const credit = state === "confirmed" && !free ? credits.take(student.email, target.id, bookable.startsAt) : undefined;
          if (!free && !credit && !(state === "waiting" && credits.has(student.email, target.id, bookable.startsAt))) throw conflict(NO_CREDIT);
          // Waiting, the drop-in price is its due: offered the place after her credit ran out, she is sent the pay link.
          const dropIn = chargeFor(bookable.prices, {});
          const registration = db
            .insert(rows)
            .values({
              ...columnsOf(target),
              name: student.name,
              email: student.email,
              phone: "",
              state,
              studentPassId: credit?.passId ?? null,
              ticket: credit ? "credit" : null,
              amountDue: credit ? null : (dropIn?.amount ?? null),
              standingId,
              joinToken: bookable.online ? newJoinToken() : null,
            })
            .returning()
            .get();
          notice(state === "confirmed" ? "registered" : "waiting", bookable, registration);
          mailState(bookable, registration, "confirmed", outbox.add, undefined, credit);
          remindIfDue(bookable, registration, at);
          return state === "confirmed"
            ? { state: "confirmed" as const, creditsLeft: credit?.creditsLeft ?? null, registration }
            : { state: "waiting" as const, position: position(registration), registration };
        },
        { behavior: "immediate" },
      );
    },

    /**
     * An occasion called off ('Cancel this event', 'Cancel this date'; inside the caller's transaction, which marked it
     * off): every live place cancelled (the waiting list first: nobody is offered a place that is about to go), each
     * holder mailed her message, each payment owed back. How many were cancelled, and how many refunds are owed.
     */
    cancelAll(target: Target, reason: string | null): { cancelled: number; refunded: number } {
      const bookable = find(target);
      const all = listOf(target).map(({ registration }) => registration);
      const live = all.filter((registration) => registration.state !== "cancelled");
      const waitingFirst = [...live.filter((row) => row.state === "waiting"), ...live.filter((row) => row.state !== "waiting")];
      let refunded = 0;
      for (const registration of waitingFirst) if (cancel(bookable, registration, true, { reason }).refunded) refunded += 1;
      // A place given back too late to be refunded is refunded now: the occasion itself is off.
      for (const registration of all)
        if (registration.state === "cancelled" && paidPlaces?.refundPlace(registration.id, offReason(bookable))) refunded += 1;
      return { cancelled: live.length, refunded };
    },

    /** The admin cancels for someone (mailed; the first waiting one moves up). */
    cancelByAdmin(target: Target, id: number): Registration {
      return db.transaction(
        () => {
          const { cancelled } = cancel(find(target), findRegistration(target, id), true);
          return { ...cancelled, position: null };
        },
        { behavior: "immediate" },
      );
    },

    /**
     * The admin moves someone up from the waiting list (mailed "A place is yours"). When every place is taken, the
     * event gains the place: the count of confirmed registrants never exceeds the places shown.
     */
    moveUp(target: Target, id: number): Registration {
      return db.transaction(
        () => {
          let bookable = find(target);
          const registration = findRegistration(target, id);
          if (registration.state !== "waiting") throw badRequest("Only someone on the waiting list can be moved up");
          if (!hasFreePlace(bookable)) {
            if (!bookable.raisePlaces) throw conflict("Every place is taken");
            bookable = bookable.raisePlaces(takenCount(target) + 1);
          }
          return { ...promote(bookable, registration), position: null };
        },
        { behavior: "immediate" },
      );
    },
  };
}
