// What the bookings core mails (issue 23, issue 39), each an outbox row written in the transaction of its cause: the
// teacher's notice, the holder's state (a place, a place held for its payment, the waiting list), the reminder once,
// and the place given back.
import type { EventRegistration } from "@db/schema.ts";
import type { Config } from "@server/config.ts";
import { formatMoment } from "@server/shared/moments.ts";
import { formatMoney } from "@server/shared/money.ts";
import type { Outbox, ReceiptData } from "../mail/index.ts";
import type { Bookable } from "./bookable.ts";
import type { RegistrationLinks } from "./links.ts";
import type { Store } from "./store.ts";

/**
 * Issue 32, with payments on: a priced place is held for its payment for `holdMinutes`, `payUrl` is the signed link
 * (src/modules/payments) that takes its holder to Checkout, and `refundPlace` owes the refund of a place's payment in
 * the transaction that cancels it (issue 37: src/modules/payments/refunds.ts). Undefined: priced places are paid at the door.
 */
export type PaidPlaces = {
  holdMinutes: number;
  payUrl: (registration: EventRegistration) => string;
  refundPlace: (registrationId: number, reason: string) => boolean;
};
/** How a registrant's mail is queued: `outbox.add`, or `outbox.addFromPublicForm` when the registration form asks. */
export type Queue = Outbox["addFromPublicForm"];

type Options = {
  outbox: Outbox;
  links: RegistrationLinks;
  config: Pick<Config, "timezone" | "payments">;
  paidPlaces?: PaidPlaces;
  store: Pick<Store, "setState" | "position">;
};

export function createPlaceMails({ outbox, links, config, paidPlaces, store: { setState, position } }: Options) {
  const { timezone } = config;
  const { currency } = config.payments;
  /** With payments off, a priced place's mails say what to bring. */
  const payAtDoor = (registration: EventRegistration) =>
    !paidPlaces && registration.amountDue ? formatMoney(registration.amountDue, currency) : undefined;
  /** A confirmed booking's own join link, for an online or hybrid date (its token was drawn when it was booked). */
  const joinOf = (registration: EventRegistration) => (registration.joinToken ? links.joinUrl(registration.joinToken) : undefined);

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
    spent?: { title: string; creditsLeft: number },
  ) => {
    const event = bookable.occasion;
    const cancelUrl = links.cancelUrl(registration);
    const subject = variant === "moved-up" ? `${spent ? "You're in" : "A place is yours"}: ${event.name}` : `You're registered: ${event.name}`;
    if (registration.state === "confirmed") {
      const credit = spent && { pass: spent.title, creditsLeft: spent.creditsLeft };
      const data = {
        name: registration.name,
        event,
        cancelUrl,
        variant,
        receipt,
        payAtDoor: payAtDoor(registration),
        join: joinOf(registration),
        credit,
      };
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

  /** The place given back, by its holder or the teacher, or with the occasion itself off (`calledOff`, her message). */
  const cancelled = (
    bookable: Bookable,
    registration: EventRegistration,
    byAdmin: boolean,
    calledOff: { reason: string | null } | undefined,
    creditBack: boolean,
  ) => {
    const event = bookable.occasion;
    const subject = calledOff ? `Cancelled: ${event.name}` : `Registration cancelled: ${event.name}`;
    const data = { name: registration.name, event, byAdmin, eventCancelled: calledOff, ...(creditBack && { creditBack }) };
    outbox.add("registration-cancelled", registration.email, subject, data);
  };

  return { notice, remindIfDue, mailState, cancelled };
}

export type PlaceMails = ReturnType<typeof createPlaceMails>;
