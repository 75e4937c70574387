// The payments module's bodies and answers (issue 32): superstruct schemas for what comes in, types for what goes out,
// and the one rule of what a place costs. Money is integer cents everywhere; the browser never names what is charged.
import { payments } from "@db/schema.ts";
import { type AnswerOf, answer, doneWith, rowOf } from "@server/lib/answers.ts";
import { cents } from "@server/shared/validation.ts";
import { array, assign, boolean, enums, type Infer, nullable, number, object, omit, optional, string } from "superstruct";

/** POST /api/donations: a gift of A$1 to A$10,000, once or monthly. */
export const donationSchema = object({
  amount: cents(100, 1_000_000, "A gift must be from 100 to 1000000 cents"),
  monthly: boolean(),
});
export type DonationInput = Infer<typeof donationSchema>;

/**
 * POST /api/admin/payments/:id/refund (issue 38): `amount` in cents (all of it when absent; a part keeps a deposit),
 * and for a place, whether it is cancelled too (it goes to the waiting list).
 */
export const refundSchema = object({
  amount: optional(cents(1, 100_000_000, "The amount to refund must be at least 1 cent")),
  cancelPlace: optional(boolean()),
});
export type RefundInput = Infer<typeof refundSchema>;

/** POST /api/donations's answer: where Stripe's hosted Checkout takes the gift. */
export const checkoutAnswer = answer(object({ checkoutUrl: string() }));
export type CheckoutAnswer = AnswerOf<typeof checkoutAnswer>;
/** Each row of GET /api/admin/events/:id/registrations gains its payment (status "none": free, or at the door). */
export const paymentSummary = answer(
  object({ status: enums(["paid", "pending", "refunding", "refunded", "none"]), amount: number(), currency: string() }),
);
export type PaymentSummary = AnswerOf<typeof paymentSummary>;

const moneyTotals = array(object({ label: string(), paid: number(), refunded: number() }));
export type MoneyTotals = Infer<typeof moneyTotals>;
/** A refund owed and not yet made (issue 37 item 4): Stripe's last refusal, and how many tries. */
const owedRefund = object({
  id: number(),
  paymentId: number(),
  amount: number(),
  currency: string(),
  reason: string(),
  description: string(),
  name: nullable(string()),
  attempts: number(),
  lastError: nullable(string()),
  createdAt: string(),
});
/**
 * The admin's Money tab: each payment (an abandoned Checkout's only when it needs attention), without Stripe's ids, and
 * whether it was paid by a one-off charge, which 'Refund' gives back (a monthly gift is stopped by its donor's link
 * instead); the refunds owed and not yet made.
 */
export const moneyAnswer = answer(
  object({
    currency: string(),
    payments: array(
      assign(
        omit(rowOf(payments), ["sessionId", "paymentIntentId", "subscriptionId", "stoppedAt", "registrationId"]),
        object({ refundable: boolean(), active: boolean() }),
      ),
    ),
    owedRefunds: array(owedRefund),
    byMonth: moneyTotals,
    byEvent: moneyTotals,
  }),
);
export type MoneyAnswer = AnswerOf<typeof moneyAnswer>;
/** GET /api/admin/payments?abandoned=1: the abandoned Checkouts too. */
export const moneyQuerySchema = object({ abandoned: optional(enums(["0", "1"])) });
/** The admin's 'Stop' of a monthly gift. */
export const giftStopped = doneWith({});
/** Stripe's webhook: the event is received (or was already). */
export const webhookAnswer = answer(object({ received: boolean() }));
