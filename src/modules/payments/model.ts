// The payments module's bodies and answers (issue 32): superstruct schemas for what comes in, types for what goes out,
// and the one rule of what a place costs. Money is integer cents everywhere; the browser never names what is charged.
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
