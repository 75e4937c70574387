// The bookings core (issue 39): the places of anything booked, an event or a class date (bookable.ts), run by
// themselves (issue 23): places taken in one transaction, held for their payment, a waiting list that moves up, signed
// cancel links, reminders queued once, the door. Every mail is an outbox row written in the transaction of its cause.
import type { Db } from "@db/client.ts";
import { type EventRegistration, eventRegistrations } from "@db/schema.ts";
import type { Config } from "@server/config.ts";
import { badRequest, conflict, notFound, tooManyRequests } from "@server/lib/errors.ts";
import { containing, type Paged, pageOf } from "@server/lib/paging.ts";
import { sanitizeRichText } from "@server/lib/rich-text.ts";
import type { Signer } from "@server/lib/signer.ts";
import { todayIn } from "@server/lib/time.ts";
import { formatDateRange, formatLongDate, formatWeekdayDate } from "@server/shared/dates.ts";
import { formatMoment } from "@server/shared/moments.ts";
import { formatMoney } from "@server/shared/money.ts";
import { registrationCancelPath } from "@server/shared/registration-links.ts";
import type { RegistrantsMailInput, RegistrationInput } from "@server/shared/schemas.ts";
import { and, asc, count, eq, gt, lte, type SQL, sql } from "drizzle-orm";
import type { Outbox, ReceiptData } from "../mail/index.ts";
import { type Bookable, columnsOf, type Describe, placesOf, sameTarget, type Target, targetOf } from "./bookable.ts";
import type { Registration, RegistrationAnswer, RegistrationsQuery } from "./model.ts";
import { type Charge, chargeFor } from "./pricing.ts";

/** The cancel link of one registration, signed with the server's key over its id and address. */
export function registrationLinks(signer: Signer, siteUrl: string) {
  const links = signer.for("registration");
  const signed = (registration: Pick<EventRegistration, "id" | "email">) => `cancel:${registration.id}:${registration.email}`;
  return {
    cancelUrl: (registration: Pick<EventRegistration, "id" | "email">) =>
      `${siteUrl}${registrationCancelPath(registration.id, links.sign(signed(registration)))}`,
    verify: (registration: Pick<EventRegistration, "id" | "email">, token: string) =>
      links.verify(signed(registration), token) || signer.verifyUnderived(`registration:${signed(registration)}`, token),
    /** A booking's own join link (issue 39): its random token, never the meeting room it leads to. */
    joinUrl: (joinToken: string) => `${siteUrl}/join/${joinToken}`,
  };
}

/** From 15 minutes before the start until the end, a join link leads into the class. */
const JOIN_OPENS_MS = 15 * 60_000;
const newJoinToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");

/** Where a join link leads now: in, not yet (from when), or nowhere any more (why). */
export type JoinAnswer = { kind: "open"; url: string } | { kind: "early"; opensAt: Date } | { kind: "gone"; message: string };
type RegistrationLinks = ReturnType<typeof registrationLinks>;

/**
 * Issue 32, with payments on: a priced place is held for its payment for `holdMinutes`, `payUrl` is the signed link
 * (src/modules/payments) that takes its holder to Checkout, and `refundPlace` owes the refund of a place's payment in
 * the transaction that cancels it (issue 37: src/modules/payments/refunds.ts). Undefined: priced places are paid at the door.
 */
type PaidPlaces = {
  holdMinutes: number;
  payUrl: (registration: EventRegistration) => string;
  refundPlace: (registrationId: number, reason: string) => boolean;
};

/** Unpaid places one address (an IPv6 /64) or one e-mail may hold at once, across the site (issue 37 item 5). */
const MAX_HOLDS = 3;
const TOO_MANY_HOLDS = "You already have places waiting for payment. Please complete or cancel them first.";
/** Stripe's smallest charge by card, in cents of the currency (50 in most; item 6). */
const CARD_MINIMUM: Record<string, number> = { gbp: 30, hkd: 400, jpy: 50, mxn: 1000, sek: 300, nok: 300, dkk: 250 };

type Options = {
  db: Db;
  outbox: Outbox;
  links: RegistrationLinks;
  config: Pick<Config, "timezone" | "payments">;
  now: () => Date;
  /** What each target is now (events and classes describe their own). */
  describe: Describe;
  paidPlaces?: PaidPlaces;
};

/** A booking's details: an event's form asks for a phone, a class date's does not. */
export type BookingInput = Omit<RegistrationInput, "phone"> & { phone?: string };
/** What `book` did: the public answer, or a place held for its payment. */
export type Registered = Exclude<RegistrationAnswer, { state: "pending" }> | { state: "pending"; registration: EventRegistration };
/** How a registrant's mail is queued: `outbox.add`, or `outbox.addFromPublicForm` when the registration form asks. */
type Queue = Outbox["addFromPublicForm"];
type State = EventRegistration["state"];

/** Why a refund is made when the occasion itself is off (its payer's mail). */
const offReason = (bookable: Bookable) => `${bookable.target.kind === "event" ? "the event" : "the class"} is cancelled.`;
const notFoundOf = (target: Target) => notFound(target.kind === "event" ? "Event not found" : "Class not found");

export function createBookings({ db, outbox, links, config, now, describe, paidPlaces }: Options) {
  const { timezone } = config;
  const { currency } = config.payments;
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
  const holdEnd = () => (paidPlaces ? new Date(now().getTime() + paidPlaces.holdMinutes * 60_000).toISOString() : null);
  /** With payments off, a priced place's mails say what to bring. */
  const payAtDoor = (registration: EventRegistration) =>
    !paidPlaces && registration.amountDue ? formatMoney(registration.amountDue, currency) : undefined;
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
  /** A confirmed booking's own join link, for an online or hybrid date (its token was drawn when it was booked). */
  const joinOf = (registration: EventRegistration) => (registration.joinToken ? links.joinUrl(registration.joinToken) : undefined);
  const listOf = (target: Target) =>
    db.select({ registration: rows, position: queuePosition }).from(rows).where(placesOf(target)).orderBy(asc(rows.id)).all();

  const notice = (action: "registered" | "waiting" | "cancelled", bookable: Bookable, registration: EventRegistration) => {
    const teacher = outbox.notifyAddress();
    if (!teacher) return;
    const subject = { registered: "New registration", waiting: "New on the waiting list", cancelled: "Registration cancelled" }[action];
    const event = bookable.occasion;
    outbox.add("registration-notice", teacher, `${subject}: ${event.name}`, { event, registration, action, currency });
  };

  /** The reminder, once, when its moment has come and the place has not started (inside the caller's transaction). */
  const remindIfDue = (bookable: Bookable, registration: EventRegistration, at: Date, queue: Queue = outbox.add) => {
    if (!outbox.enabled || registration.state !== "confirmed" || registration.remindedAt || !bookable.remindAt) return;
    if (at < bookable.remindAt || at >= bookable.startsAt) return;
    setState(registration.id, { remindedAt: at.toISOString() });
    queue("registration-confirmation", registration.email, `Reminder: ${bookable.occasion.name}`, {
      name: registration.name,
      event: bookable.occasion,
      cancelUrl: links.cancelUrl(registration),
      variant: "reminder",
      join: joinOf(registration),
    });
  };

  /** Mails a registrant the state they are in: their place, or their position on the waiting list. */
  const mailState = (
    bookable: Bookable,
    registration: EventRegistration,
    variant: "confirmed" | "moved-up",
    queue: Queue = outbox.add,
    receipt?: ReceiptData,
  ) => {
    const event = bookable.occasion;
    const cancelUrl = links.cancelUrl(registration);
    const subject = variant === "moved-up" ? `A place is yours: ${event.name}` : `You're registered: ${event.name}`;
    if (registration.state === "confirmed") {
      const data = { name: registration.name, event, cancelUrl, variant, receipt, payAtDoor: payAtDoor(registration), join: joinOf(registration) };
      queue("registration-confirmation", registration.email, subject, data);
    } else if (registration.state === "pending" && variant === "moved-up" && paidPlaces && registration.holdUntil) {
      // The place is held for its payment: the link takes them to Checkout (issue 32).
      const payment = {
        payUrl: paidPlaces.payUrl(registration),
        holdUntil: formatMoment(registration.holdUntil, timezone),
        amount: formatMoney(registration.amountDue ?? 0, currency),
      };
      queue("registration-confirmation", registration.email, subject, { name: registration.name, event, cancelUrl, variant, payment });
    } else if (registration.state === "waiting") {
      queue("registration-waiting", registration.email, `On the waiting list: ${event.name}`, {
        name: registration.name,
        event,
        position: position(registration),
        cancelUrl,
      });
    }
  };

  /** A place for the first waiting one: theirs at once, or held for its payment (issue 32). */
  const promote = (bookable: Bookable, registration: EventRegistration) => {
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
    const event = bookable.occasion;
    const cancelled = setState(registration.id, { state: "cancelled", cancelledAt: now().toISOString(), holdUntil: null, heldBy: null });
    const refunded =
      paidPlaces !== undefined &&
      (calledOff !== undefined || refundDue(bookable)) &&
      paidPlaces.refundPlace(registration.id, calledOff ? offReason(bookable) : "your registration is cancelled.");
    const subject = calledOff ? `Cancelled: ${event.name}` : `Registration cancelled: ${event.name}`;
    outbox.add("registration-cancelled", registration.email, subject, { name: registration.name, event, byAdmin, eventCancelled: calledOff });
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

  const linked = (id: number, token: string) => {
    const registration = id > 0 ? byId.get({ id }) : undefined;
    return registration && links.verify(registration, token) ? registration : undefined;
  };

  return {
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
          const existing = db
            .select()
            .from(rows)
            .where(and(placesOf(target), eq(rows.email, input.email), sql`${rows.state} != 'cancelled'`))
            .get();
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
     * `GET /join/{token}` (issue 39): the class's meeting room from 15 minutes before the start until the end, for a
     * confirmed booking of a date that is on; undefined for a token that names none.
     */
    join(joinToken: string): JoinAnswer | undefined {
      if (!/^[\w-]{43}$/.test(joinToken)) return undefined;
      const registration = db.select().from(rows).where(eq(rows.joinToken, joinToken)).get();
      const bookable = registration && describe(targetOf(registration));
      if (!registration || !bookable?.online) return undefined;
      if (bookable.cancelled) return { kind: "gone", message: "This class was cancelled" };
      if (registration.state === "cancelled") return { kind: "gone", message: "This booking was cancelled" };
      if (registration.state !== "confirmed") return undefined;
      const at = now().getTime();
      if (at >= bookable.online.endsAt.getTime()) return { kind: "gone", message: "This class has ended" };
      const opensAt = new Date(bookable.startsAt.getTime() - JOIN_OPENS_MS);
      return at < opensAt.getTime() ? { kind: "early", opensAt } : { kind: "open", url: bookable.online.joinUrl };
    },

    /** A cancel link's page: does the link name a registration? (It reveals nothing else.) */
    isCancelLink: (id: number, token: string) => linked(id, token) !== undefined,

    /**
     * What the cancel page names (issue 38), for the holder of the link only: whose place at which event on which day,
     * whether it is cancelled already (and when), whether anyone waits for it, and when it starts.
     */
    cancelDetails(id: number, token: string) {
      const registration = linked(id, token);
      if (!registration) throw notFound("This link is not valid");
      const bookable = find(targetOf(registration));
      const { occasion } = bookable;
      return {
        registration,
        name: registration.name,
        event: occasion.name,
        date:
          "classDate" in occasion
            ? `${formatWeekdayDate(occasion.startDate)}, ${occasion.time}`
            : formatDateRange(occasion.startDate, occasion.endDate),
        cancelledOn:
          registration.state === "cancelled" && registration.cancelledAt
            ? formatLongDate(todayIn(timezone, new Date(registration.cancelledAt)))
            : null,
        waitingList: registration.state !== "waiting" && countIn(bookable.target, "waiting") > 0,
        lateCancel: bookable.lateCancel,
        refundDue: refundDue(bookable),
      };
    },

    /** The page's button: gives the place back (a second press changes nothing). False for a link that is not valid. */
    cancelByLink(id: number, token: string): boolean {
      return db.transaction(
        () => {
          const registration = linked(id, token);
          if (!registration) return false;
          cancel(find(targetOf(registration)), registration, false);
          return true;
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
    addAtDoor(target: Target, input: { name: string; email: string }): Registration {
      return db.transaction(
        () => {
          find(target);
          const live = db
            .select()
            .from(rows)
            .where(and(placesOf(target), eq(rows.email, input.email), sql`${rows.state} != 'cancelled'`))
            .get();
          if (live) return { ...setState(live.id, { state: "confirmed", attended: true, holdUntil: null, heldBy: null }), position: null };
          const added = db
            .insert(rows)
            .values({ ...columnsOf(target), name: input.name, email: input.email, phone: "", state: "confirmed", attended: true })
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

    /**
     * Queues every reminder whose moment has come (before its start), each with its place marked in the same
     * transaction: after a restart none is queued twice and none is lost. `soon`: the targets that start around now.
     */
    queueDueReminders(soon: Target[]): number {
      if (!outbox.enabled) return 0;
      const at = now();
      return db.transaction(
        () => {
          let queued = 0;
          for (const target of soon) {
            const bookable = describe(target);
            if (!bookable?.remindAt || at < bookable.remindAt || at >= bookable.startsAt) continue;
            const due = db
              .select()
              .from(rows)
              .where(and(placesOf(target), eq(rows.state, "confirmed"), sql`${rows.remindedAt} is null`))
              .all();
            for (const registration of due) remindIfDue(bookable, registration, at);
            queued += due.length;
          }
          return queued;
        },
        { behavior: "immediate" },
      );
    },
  };
}

export type Bookings = ReturnType<typeof createBookings>;

/** A class date's door: its places booked, its waiting list, and who came. */
type DoorCounts = { booked: number; waiting: number; attended: number };

/** The registrations by state, and the confirmed ones checked in at the door. */
type RegistrationCounts = Record<EventRegistration["state"] | "checkedIn", number>;
