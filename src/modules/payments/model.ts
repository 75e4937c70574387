// The payments module's bodies and answers (issue 32): superstruct schemas for what comes in, types for what goes out,
// and the one rule of what a place costs. Money is integer cents everywhere; the browser never names what is charged.
import type { Event } from "@db/schema.ts";
import { badRequest } from "@server/lib/errors.ts";
import type { RegistrationInput } from "@server/shared/schemas.ts";
import { cents } from "@server/shared/validation.ts";
import { boolean, type Infer, object } from "superstruct";

/** POST /api/donations: a gift of A$1 to A$10,000, once or monthly. */
export const donationSchema = object({
  amount: cents(100, 1_000_000, "A gift must be from 100 to 1000000 cents"),
  monthly: boolean(),
});
export type DonationInput = Infer<typeof donationSchema>;

/** POST /api/donations's answer: where Stripe's hosted Checkout takes the gift. */
export type CheckoutAnswer = { checkoutUrl: string };
type PaymentStatus = "paid" | "pending" | "refunded" | "none";
/** Each row of GET /api/admin/events/:id/registrations gains its payment (status "none": free, or at the door). */
export type PaymentSummary = { status: PaymentStatus; amount: number; currency: string };

/** One row of the admin's Money tab. */
type MoneyRow = {
  id: number;
  createdAt: string;
  paidAt: string | null;
  kind: "registration" | "donation";
  description: string;
  name: string | null;
  email: string | null;
  amount: number;
  currency: string;
  monthly: boolean;
  status: "pending" | "paid" | "refunding" | "refunded" | "expired";
  refundedAt: string | null;
  eventId: number | null;
  /** Paid by a one-off charge, which 'Refund' gives back (a monthly gift is stopped by its donor's link instead). */
  refundable: boolean;
};
export type MoneyTotals = { label: string; paid: number; refunded: number }[];
export type MoneyAnswer = { currency: string; payments: MoneyRow[]; byMonth: MoneyTotals; byEvent: MoneyTotals };

/** What a registration is charged, from the event alone (and, by donation, the amount chosen). */
export type Charge = { amount: number; ticket: "full" | "concession" | "donation" } | null;

/** The charge of a registration: null for a free event or a by-donation A$0. A price field sent for a free event is a 400. */
export function chargeFor(
  event: Pick<Event, "price" | "concessionPrice" | "byDonation">,
  input: Pick<RegistrationInput, "ticket" | "amount">,
): Charge {
  if (event.byDonation) {
    if (input.ticket !== undefined) throw badRequest("This event is by donation: send an amount, not a ticket");
    const amount = input.amount ?? 0;
    return amount > 0 ? { amount, ticket: "donation" } : null;
  }
  if (input.amount !== undefined) throw badRequest("This event has a set price: choose a ticket, not an amount");
  if (event.price === null) {
    if (input.ticket !== undefined) throw badRequest("This event is free: no ticket is needed");
    return null;
  }
  if (input.ticket === "concession") {
    if (event.concessionPrice === null) throw badRequest("This event has no concession price");
    return { amount: event.concessionPrice, ticket: "concession" };
  }
  return { amount: event.price, ticket: "full" };
}

/** An event's prices as the admin may store them: the concession below the price, a by-donation event's price a suggestion. */
export function checkPrices(event: Pick<Event, "price" | "concessionPrice" | "byDonation">) {
  if (event.concessionPrice !== null && (event.price === null || event.concessionPrice >= event.price))
    throw badRequest("Concession price must be below the price", {
      issues: [{ path: "concessionPrice", message: "Concession price must be below the price" }],
    });
  if (event.byDonation && event.concessionPrice !== null) throw badRequest("An event by donation has no concession price");
}
