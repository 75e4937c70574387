// Registrations that run an event by themselves (issue 23): places taken in one transaction, a waiting list that moves
// up, signed cancel links, reminders queued once. Every mail is an outbox row written in the transaction of its cause.
import type { Db } from "@db/client.ts";
import { type Event, type EventRegistration, eventRegistrations, events } from "@db/schema.ts";
import type { Config } from "@server/config.ts";
import { badRequest, conflict, notFound, tooManyRequests } from "@server/lib/errors.ts";
import { containing, type Paged, pageOf } from "@server/lib/paging.ts";
import { sanitizeRichText } from "@server/lib/rich-text.ts";
import type { Signer } from "@server/lib/signer.ts";
import { todayIn } from "@server/lib/time.ts";
import { zonedToUtc } from "@server/lib/timezone.ts";
import { addDays, eventSchedule } from "@server/shared/calendar.ts";
import { formatDateRange, formatLongDate, isPastEvent } from "@server/shared/dates.ts";
import { formatMoment } from "@server/shared/moments.ts";
import { formatMoney } from "@server/shared/money.ts";
import { registrationCancelPath } from "@server/shared/registration-links.ts";
import type { RegistrantsMailInput, RegistrationInput } from "@server/shared/schemas.ts";
import { and, asc, count, eq, gt, gte, lte, sql } from "drizzle-orm";
import type { Outbox, ReceiptData } from "../mail/index.ts";
import type { Registration, RegistrationAnswer, RegistrationsQuery } from "./model.ts";
import { type Charge, chargeFor } from "./pricing.ts";
import type { EventsService } from "./service.ts";

type Timing = Pick<Event, "startDate" | "endDate" | "time" | "registrationCloses">;

/** When the event starts as the calendar feeds read its time text; the end of its start day when it has no time. */
function eventStartsAt(event: Timing, timezone: string): Date {
  const schedule = eventSchedule(event);
  if (schedule && !schedule.allDay) return zonedToUtc(timezone, schedule.start);
  return zonedToUtc(timezone, { date: addDays(event.startDate, 1), hour: 0, minute: 0 });
}

/** The first moment at which registration is closed: the event's start, or the start of `registrationCloses`. */
function registrationClosesAt(event: Timing, timezone: string): Date {
  const start = eventStartsAt(event, timezone);
  if (!event.registrationCloses) return start;
  const closes = zonedToUtc(timezone, { date: event.registrationCloses, hour: 0, minute: 0 });
  return new Date(Math.min(closes.getTime(), start.getTime()));
}

/** The day before the event at 09:00 in the site's time zone. */
const reminderAt = (event: Pick<Event, "startDate">, timezone: string) =>
  zonedToUtc(timezone, { date: addDays(event.startDate, -1), hour: 9, minute: 0 });

/** What the public reads say about an event's places (`taken`: confirmed, and held for a payment). */
function availability(event: Event, taken: number, now: Date, timezone: string) {
  return {
    placesLeft: event.capacity === null ? null : Math.max(0, event.capacity - taken),
    registrationOpen: !event.cancelledAt && !isPastEvent(event, todayIn(timezone, now)) && now < registrationClosesAt(event, timezone),
  };
}

/**
 * The upcoming events as the public reads show them: with their places left (held places taken), whether
 * registration is open, and the currency of their prices (issue 32).
 */
export function upcomingWithAvailability(events: Pick<EventsService, "upcomingWithPlaces">, now: Date, timezone: string, currency: string) {
  return events
    .upcomingWithPlaces(todayIn(timezone, now), now)
    .map(({ event, taken }) => ({ ...event, currency, ...availability(event, taken, now, timezone) }));
}

/** When that list stops holding besides a write or a new day: the next closing of an open registration (ms). */
export function nextClosing(list: ReturnType<typeof upcomingWithAvailability>, timezone: string): number | undefined {
  const closings = list.filter((event) => event.registrationOpen).map((event) => registrationClosesAt(event, timezone).getTime());
  return closings.length ? Math.min(...closings) : undefined;
}

/** The cancel link of one registration, signed with the server's key over its id and address. */
export function registrationLinks(signer: Signer, siteUrl: string) {
  const links = signer.for("registration");
  const signed = (registration: Pick<EventRegistration, "id" | "email">) => `cancel:${registration.id}:${registration.email}`;
  return {
    cancelUrl: (registration: Pick<EventRegistration, "id" | "email">) =>
      `${siteUrl}${registrationCancelPath(registration.id, links.sign(signed(registration)))}`,
    verify: (registration: Pick<EventRegistration, "id" | "email">, token: string) =>
      links.verify(signed(registration), token) || signer.verifyUnderived(`registration:${signed(registration)}`, token),
  };
}
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
  paidPlaces?: PaidPlaces;
};

/** What `register` did: the public answer, or a place held for its payment. */
export type Registered = Exclude<RegistrationAnswer, { state: "pending" }> | { state: "pending"; registration: EventRegistration };
/** How a registrant's mail is queued: `outbox.add`, or `outbox.addFromPublicForm` when the registration form asks. */
type Queue = Outbox["addFromPublicForm"];

export function createRegistrations({ db, outbox, links, config, now, paidPlaces }: Options) {
  const { timezone } = config;
  const { currency } = config.payments;
  const eventById = db
    .select()
    .from(events)
    .where(eq(events.id, sql.placeholder("id")))
    .prepare();
  const byId = db
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, sql.placeholder("id")))
    .prepare();
  const liveByEmail = db
    .select()
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, sql.placeholder("eventId")),
        eq(eventRegistrations.email, sql.placeholder("email")),
        sql`${eventRegistrations.state} != 'cancelled'`,
      ),
    )
    .prepare();
  const countIn = db
    .select({ n: sql<number>`count(*)` })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, sql.placeholder("eventId")), eq(eventRegistrations.state, sql.placeholder("state"))))
    .prepare();
  const positionOf = db
    .select({ n: sql<number>`count(*)` })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, sql.placeholder("eventId")),
        eq(eventRegistrations.state, "waiting"),
        lte(eventRegistrations.id, sql.placeholder("id")),
      ),
    )
    .prepare();
  const firstWaiting = db
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, sql.placeholder("eventId")), eq(eventRegistrations.state, "waiting")))
    .orderBy(asc(eventRegistrations.id))
    .limit(1)
    .prepare();
  const insert = db
    .insert(eventRegistrations)
    .values({
      eventId: sql.placeholder("eventId"),
      name: sql.placeholder("name"),
      email: sql.placeholder("email"),
      phone: sql.placeholder("phone"),
      additionalInfo: sql.placeholder("additionalInfo"),
      state: sql.placeholder("state"),
      holdUntil: sql.placeholder("holdUntil"),
      amountDue: sql.placeholder("amountDue"),
      ticket: sql.placeholder("ticket"),
      heldBy: sql.placeholder("heldBy"),
    })
    .returning()
    .prepare();
  const list = db
    .select({
      registration: eventRegistrations,
      position: sql<number | null>`case when ${eventRegistrations.state} = 'waiting'
        then row_number() over (partition by ${eventRegistrations.state} order by ${eventRegistrations.id}) end`,
    })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, sql.placeholder("eventId")))
    .orderBy(asc(eventRegistrations.id))
    .prepare();
  // A waiting row's place in the whole queue, whatever the page's search or filter (qualified by hand: Drizzle names a
  // column of the selected table without its table, which inside the subquery would be the earlier row's own).
  const queuePosition = sql<number | null>`case when ${eventRegistrations.state} = 'waiting' then (select count(*)
    from ${eventRegistrations} as earlier where earlier."eventId" = ${eventRegistrations}."eventId"
    and earlier."state" = 'waiting' and earlier."id" <= ${eventRegistrations}."id") end`;
  const stateCounts = db
    .select({ state: eventRegistrations.state, n: count(), checkedIn: sql<number>`sum(${eventRegistrations.checkedIn})` })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, sql.placeholder("eventId")))
    .groupBy(eventRegistrations.state)
    .prepare();

  const heldCount = db
    .select({ n: sql<number>`count(*)` })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, sql.placeholder("eventId")),
        eq(eventRegistrations.state, "pending"),
        gt(eventRegistrations.holdUntil, sql.placeholder("at")),
      ),
    )
    .prepare();
  /** Unpaid places held now by one address, or by one e-mail: each ends soonest first. */
  const holdsBy = db
    .select({ holdUntil: eventRegistrations.holdUntil })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.state, "pending"),
        gt(eventRegistrations.holdUntil, sql.placeholder("at")),
        sql`(${eventRegistrations.heldBy} = ${sql.placeholder("heldBy")} or ${eventRegistrations.email} = ${sql.placeholder("email")})`,
      ),
    )
    .orderBy(asc(eventRegistrations.holdUntil))
    .prepare();
  const confirmedCount = (eventId: number) => countIn.get({ eventId, state: "confirmed" })?.n ?? 0;
  /** The places taken: confirmed, and held for a payment until their hold ends (issue 32). */
  const takenCount = (eventId: number) => confirmedCount(eventId) + (heldCount.get({ eventId, at: now().toISOString() })?.n ?? 0);
  const hasFreePlace = (event: Event) => event.capacity === null || takenCount(event.id) < event.capacity;
  const holdEnd = () => (paidPlaces ? new Date(now().getTime() + paidPlaces.holdMinutes * 60_000).toISOString() : null);
  /** With payments off, a priced place's mails say what to bring. */
  const payAtDoor = (registration: EventRegistration) =>
    !paidPlaces && registration.amountDue ? formatMoney(registration.amountDue, currency) : undefined;
  const position = (registration: EventRegistration) => positionOf.get({ eventId: registration.eventId, id: registration.id })?.n ?? 0;
  const findEvent = (id: number) => {
    const event = eventById.get({ id });
    if (!event) throw notFound("Event not found");
    return event;
  };
  const findRegistration = (eventId: number, id: number) => {
    const registration = byId.get({ id });
    if (!registration || registration.eventId !== eventId) throw notFound("Registration not found");
    return registration;
  };
  const setState = (id: number, values: Partial<EventRegistration>) => {
    const updated = db.update(eventRegistrations).set(values).where(eq(eventRegistrations.id, id)).returning().get();
    if (!updated) throw notFound("Registration not found");
    return updated;
  };

  const notice = (action: "registered" | "waiting" | "cancelled", event: Event, registration: EventRegistration) => {
    const teacher = outbox.notifyAddress();
    if (!teacher) return;
    const subject = { registered: "New registration", waiting: "New on the waiting list", cancelled: "Registration cancelled" }[action];
    outbox.add("registration-notice", teacher, `${subject}: ${event.name}`, { event, registration, action, currency });
  };

  /** The reminder, once, when its moment has come and the event has not started (inside the caller's transaction). */
  const remindIfDue = (event: Event, registration: EventRegistration, at: Date, queue: Queue = outbox.add) => {
    if (!outbox.enabled || registration.state !== "confirmed" || registration.remindedAt) return;
    if (at < reminderAt(event, timezone) || at >= eventStartsAt(event, timezone)) return;
    setState(registration.id, { remindedAt: at.toISOString() });
    queue("registration-confirmation", registration.email, `Reminder: ${event.name}`, {
      name: registration.name,
      event,
      cancelUrl: links.cancelUrl(registration),
      variant: "reminder",
    });
  };

  /** Mails a registrant the state they are in: their place, or their position on the waiting list. */
  const mailState = (
    event: Event,
    registration: EventRegistration,
    variant: "confirmed" | "moved-up",
    queue: Queue = outbox.add,
    receipt?: ReceiptData,
  ) => {
    const cancelUrl = links.cancelUrl(registration);
    const subject = variant === "moved-up" ? `A place is yours: ${event.name}` : `You're registered: ${event.name}`;
    if (registration.state === "confirmed") {
      const data = { name: registration.name, event, cancelUrl, variant, receipt, payAtDoor: payAtDoor(registration) };
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
  const promote = (event: Event, registration: EventRegistration) => {
    const paid = paidPlaces && registration.amountDue;
    const moved = setState(registration.id, paid ? { state: "pending", holdUntil: holdEnd() } : { state: "confirmed" });
    mailState(event, moved, "moved-up");
    remindIfDue(event, moved, now());
    return moved;
  };

  /** Gives each free place to the first on the waiting list (inside the caller's transaction). */
  const fillPlaces = (event: Event) => {
    if (event.capacity === null) {
      for (let next = firstWaiting.get({ eventId: event.id }); next; next = firstWaiting.get({ eventId: event.id })) promote(event, next);
      return;
    }
    for (let free = event.capacity - takenCount(event.id); free > 0; free -= 1) {
      const next = firstWaiting.get({ eventId: event.id });
      if (!next) return;
      promote(event, next);
    }
  };

  /** Whether a paid place cancelled now is refunded: at least REFUND_UNTIL_DAYS before the start. */
  const refundDue = (event: Event) => now().getTime() <= eventStartsAt(event, timezone).getTime() - config.payments.refundUntilDays * 86_400_000;

  /** A place given back and its holder mailed; the waiting list moves unless the event itself is off (`eventCancelled`). */
  const cancel = (event: Event, registration: EventRegistration, byAdmin: boolean, eventCancelled?: { reason: string | null }) => {
    if (registration.state === "cancelled") return registration;
    const cancelled = setState(registration.id, { state: "cancelled", cancelledAt: now().toISOString(), holdUntil: null, heldBy: null });
    if (paidPlaces && (eventCancelled || refundDue(event)))
      paidPlaces.refundPlace(registration.id, eventCancelled ? "the event is cancelled." : "your registration is cancelled.");
    const subject = eventCancelled ? `Cancelled: ${event.name}` : `Registration cancelled: ${event.name}`;
    outbox.add("registration-cancelled", registration.email, subject, { name: registration.name, event, byAdmin, eventCancelled });
    if (eventCancelled) return cancelled;
    notice("cancelled", event, cancelled);
    if (registration.state === "confirmed" || registration.state === "pending") fillPlaces(event);
    return cancelled;
  };

  /** A held place whose payment did not come: given back, its hold kept as the mark of why (inside the caller's transaction). */
  const release = (registration: EventRegistration) => {
    if (registration.state !== "pending") return;
    setState(registration.id, { state: "cancelled", cancelledAt: now().toISOString(), heldBy: null });
    fillPlaces(findEvent(registration.eventId));
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
    fillPlaces,
    takenCount,
    release,
    byId: (id: number) => byId.get({ id }),

    /** Whether cancelling this place now refunds its payment (the cancel page says so before its button). */
    refundDue(id: number): boolean {
      const registration = byId.get({ id });
      return registration !== undefined && refundDue(findEvent(registration.eventId));
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
     * its hold lapsed and a place is still free; false when the event is full (the caller refunds). The confirmation
     * mail carries the receipt.
     */
    confirmPaid(id: number, receipt: ReceiptData): boolean {
      const registration = byId.get({ id });
      if (!registration) return false;
      if (registration.state === "confirmed") return true;
      const event = findEvent(registration.eventId);
      const holding = registration.state === "pending" && registration.holdUntil !== null && registration.holdUntil > now().toISOString();
      const lapsed = (registration.state === "pending" || registration.state === "cancelled") && registration.holdUntil !== null;
      if (!holding && !(lapsed && hasFreePlace(event))) return false;
      const confirmed = setState(id, { state: "confirmed", holdUntil: null, cancelledAt: null, heldBy: null });
      notice("registered", event, confirmed);
      mailState(event, confirmed, "confirmed", outbox.add, receipt);
      remindIfDue(event, confirmed, now());
      return true;
    },

    /** The held places whose hold has ended, given back (the waiting list moves); their ids. */
    releaseExpiredHolds(): number[] {
      return db.transaction(
        () => {
          const expired = db
            .select()
            .from(eventRegistrations)
            .where(and(eq(eventRegistrations.state, "pending"), lte(eventRegistrations.holdUntil, now().toISOString())))
            .all();
          for (const registration of expired) release(registration);
          return expired.map((registration) => registration.id);
        },
        { behavior: "immediate" },
      );
    },

    /**
     * Takes a place, or a place on the waiting list, in one transaction (SQLite runs one writer at a time: no place is
     * sold twice, and the waiting list is in the order of arrival). The same address for the same event is one
     * registration: it is answered the state it has, and mailed nothing more. The registrant's mails count against the
     * public forms' limit (issue 30: at most 3 an hour to one address); the teacher's notice does not.
     */
    register(eventId: number, input: RegistrationInput, heldBy: string): Registered {
      return db.transaction(
        () => {
          const at = now();
          const event = eventById.get({ id: eventId });
          if (!event || isPastEvent(event, todayIn(timezone, at))) throw notFound("Event not found");
          if (event.cancelledAt) throw conflict("This event is cancelled");
          if (at >= registrationClosesAt(event, timezone)) throw conflict("Registration is closed");
          const charge: Charge = chargeFor(event, input);
          const existing = liveByEmail.get({ eventId, email: input.email });
          // The same address again: told it is registered already (issue 38), and mailed nothing more.
          if (existing) {
            const answer = answerOf(existing);
            return answer.state === "pending" ? answer : { ...answer, already: true };
          }
          const held = paidPlaces && charge !== null;
          const state = hasFreePlace(event) ? (held ? "pending" : "confirmed") : "waiting";
          if (held && charge.amount < (CARD_MINIMUM[currency] ?? 50)) {
            const message = `A payment by card must be at least ${formatMoney(CARD_MINIMUM[currency] ?? 50, currency)}, or 0`;
            throw badRequest(message, { issues: [{ path: "amount", message }] });
          }
          if (state === "pending") {
            const holds = holdsBy.all({ at: at.toISOString(), heldBy, email: input.email });
            if (holds.length >= MAX_HOLDS) throw tooManyRequests(TOO_MANY_HOLDS, (Date.parse(holds[0]?.holdUntil ?? "") - at.getTime()) / 1000 || 60);
          }
          const registration = insert.get({
            eventId,
            name: input.name,
            email: input.email,
            phone: input.phone,
            additionalInfo: input.additionalInfo ?? null,
            state,
            holdUntil: state === "pending" ? holdEnd() : null,
            heldBy: state === "pending" ? heldBy : null,
            amountDue: charge?.amount ?? null,
            ticket: charge?.ticket ?? null,
          });
          if (!registration) throw new Error("The registration was not stored");
          // A held place is announced when it is paid for (confirmPaid).
          if (state !== "pending") notice(state === "confirmed" ? "registered" : "waiting", event, registration);
          mailState(event, registration, "confirmed", outbox.addFromPublicForm);
          remindIfDue(event, registration, at, outbox.addFromPublicForm);
          return answerOf(registration);
        },
        { behavior: "immediate" },
      );
    },

    /** The admin's list, in the order of arrival, each waiting row with its position. */
    list(eventId: number): Registration[] {
      findEvent(eventId);
      return list.all({ eventId }).map(({ registration, position }) => ({ ...registration, position }));
    },

    /**
     * A page of `list`, in its order: `search` in the name or the address, `state` one state; with the event's counts by
     * state (and the confirmed ones checked in), whatever the page shows.
     */
    page(eventId: number, query: RegistrationsQuery): Paged<Registration> & { counts: RegistrationCounts } {
      findEvent(eventId);
      const where = and(
        eq(eventRegistrations.eventId, eventId),
        containing(query.search, eventRegistrations.name, eventRegistrations.email),
        query.state && query.state !== "all" ? eq(eventRegistrations.state, query.state) : undefined,
      );
      const total = db.select({ n: count() }).from(eventRegistrations).where(where).get()?.n ?? 0;
      const { page, pageSize, offset } = pageOf(query.page, total);
      const rows = db
        .select({ registration: eventRegistrations, position: queuePosition })
        .from(eventRegistrations)
        .where(where)
        .orderBy(asc(eventRegistrations.id))
        .limit(pageSize)
        .offset(offset)
        .all();
      const counts: RegistrationCounts = { confirmed: 0, pending: 0, waiting: 0, cancelled: 0, checkedIn: 0 };
      for (const row of stateCounts.all({ eventId })) {
        counts[row.state] = row.n;
        if (row.state === "confirmed") counts.checkedIn = row.checkedIn;
      }
      return { items: rows.map(({ registration, position }) => ({ ...registration, position })), total, page, pageSize, counts };
    },

    /** A cancel link's page: does the link name a registration? (It reveals nothing else.) */
    isCancelLink: (id: number, token: string) => linked(id, token) !== undefined,

    /**
     * What the cancel page names (issue 38), for the holder of the link only: whose place at which event on which day,
     * whether it is cancelled already (and when), whether anyone waits for it, and when the event starts.
     */
    cancelDetails(id: number, token: string) {
      const registration = linked(id, token);
      if (!registration) throw notFound("This link is not valid");
      const event = findEvent(registration.eventId);
      return {
        registration,
        name: registration.name,
        event: event.name,
        date: formatDateRange(event.startDate, event.endDate),
        cancelledOn:
          registration.state === "cancelled" && registration.cancelledAt
            ? formatLongDate(todayIn(timezone, new Date(registration.cancelledAt)))
            : null,
        waitingList: registration.state !== "waiting" && (countIn.get({ eventId: event.id, state: "waiting" })?.n ?? 0) > 0,
        refundUntilDays: config.payments.refundUntilDays,
        refundDue: refundDue(event),
      };
    },

    /** The page's button: gives the place back (a second press changes nothing). False for a link that is not valid. */
    cancelByLink(id: number, token: string): boolean {
      return db.transaction(
        () => {
          const registration = linked(id, token);
          if (!registration) return false;
          cancel(findEvent(registration.eventId), registration, false);
          return true;
        },
        { behavior: "immediate" },
      );
    },

    /**
     * 'Cancel this event' (issue 38; inside the caller's transaction, which also owes its refunds): the event marked off
     * with the teacher's message, every live registration cancelled (the waiting list first: nobody is offered a place
     * that is about to go) and mailed that the event itself is off. How many were cancelled; a 409 the second time.
     */
    cancelEvent(eventId: number, reason: string | null): number {
      const event = findEvent(eventId);
      if (event.cancelledAt) throw conflict("This event is already cancelled");
      const off = db
        .update(events)
        .set({ cancelledAt: now().toISOString(), cancelReason: reason })
        .where(eq(events.id, eventId))
        .returning()
        .get() as Event;
      const live = list.all({ eventId }).filter(({ registration }) => registration.state !== "cancelled");
      const waitingFirst = [
        ...live.filter(({ registration }) => registration.state === "waiting"),
        ...live.filter(({ registration }) => registration.state !== "waiting"),
      ];
      for (const { registration } of waitingFirst) cancel(off, registration, true, { reason });
      return live.length;
    },

    /** The admin cancels for someone (mailed; the first waiting one moves up). */
    cancelByAdmin(eventId: number, id: number): Registration {
      return db.transaction(
        () => {
          const event = findEvent(eventId);
          const cancelled = cancel(event, findRegistration(eventId, id), true);
          return { ...cancelled, position: null };
        },
        { behavior: "immediate" },
      );
    },

    /**
     * The admin moves someone up from the waiting list (mailed "A place is yours"). When every place is taken, the
     * event gains the place: the count of confirmed registrants never exceeds the places shown.
     */
    moveUp(eventId: number, id: number): Registration {
      return db.transaction(
        () => {
          let event = findEvent(eventId);
          const registration = findRegistration(eventId, id);
          if (registration.state !== "waiting") throw badRequest("Only someone on the waiting list can be moved up");
          if (event.capacity !== null && takenCount(eventId) >= event.capacity) {
            const raised = db
              .update(events)
              .set({ capacity: takenCount(eventId) + 1 })
              .where(eq(events.id, eventId))
              .returning()
              .get();
            if (!raised) throw notFound("Event not found");
            event = raised;
          }
          return { ...promote(event, registration), position: null };
        },
        { behavior: "immediate" },
      );
    },

    checkIn(eventId: number, id: number, checkedIn: boolean): Registration {
      const registration = findRegistration(eventId, id);
      if (registration.state !== "confirmed") throw badRequest("Only a confirmed registrant can be checked in");
      return { ...setState(id, { checkedIn }), position: null };
    },

    /** 'Mail registrants': one message to every confirmed registrant of the event, through the outbox. */
    mailRegistrants(eventId: number, input: RegistrantsMailInput) {
      if (!outbox.enabled) throw badRequest("Mail is off: set SMTP_URL and MAIL_FROM to send mail.");
      return db.transaction(() => {
        const event = findEvent(eventId);
        const recipients = db
          .select()
          .from(eventRegistrations)
          .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.state, "confirmed")))
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
     * Queues every reminder whose moment has come (the day before at 09:00, before the event starts), each with its
     * registration marked in the same transaction: after a restart none is queued twice and none is lost.
     */
    queueDueReminders(): number {
      if (!outbox.enabled) return 0;
      const at = now();
      const today = todayIn(timezone, at);
      return db.transaction(
        () => {
          let queued = 0;
          const soon = db
            .select()
            .from(events)
            .where(and(lte(events.startDate, addDays(today, 1)), gte(events.startDate, addDays(today, -1))))
            .all();
          for (const event of soon) {
            if (at < reminderAt(event, timezone) || at >= eventStartsAt(event, timezone)) continue;
            const due = db
              .select()
              .from(eventRegistrations)
              .where(
                and(
                  eq(eventRegistrations.eventId, event.id),
                  eq(eventRegistrations.state, "confirmed"),
                  sql`${eventRegistrations.remindedAt} is null`,
                ),
              )
              .all();
            for (const registration of due) remindIfDue(event, registration, at);
            queued += due.length;
          }
          return queued;
        },
        { behavior: "immediate" },
      );
    },
  };
}

/** An event's registrations by state, and its confirmed ones checked in at the door. */
type RegistrationCounts = Record<EventRegistration["state"] | "checkedIn", number>;
