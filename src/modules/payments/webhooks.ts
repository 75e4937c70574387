// Stripe's webhook (issues 32 and 37): the signature checked by the SDK before anything else, then each event acted on
// once, in one transaction with its id stored and every effect: a place confirmed only when its money is paid, a direct
// debit held until the bank says, a late or second payment owed back, a gift receipted, a monthly gift's later months
// recorded, a refund made in Stripe's dashboard recorded, a subscription's end marked.
import type { Db } from "@db/client.ts";
import { type Payment, payments, stripeEvents } from "@db/schema.ts";
import type { Config } from "@server/config.ts";
import { badRequest, tooManyRequests } from "@server/lib/errors.ts";
import { log } from "@server/lib/log.ts";
import { RateLimiter } from "@server/lib/rate-limit.ts";
import { formatMoney } from "@server/shared/money.ts";
import { sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Bookings } from "../bookings/index.ts";
import type { Outbox } from "../mail/index.ts";
import type { Passes } from "../passes/index.ts";
import type { PaymentRecords } from "./records.ts";
import type { OwedRefunds } from "./refunds.ts";
import type { paymentLinks } from "./service.ts";

/** Stripe's webhook signature tolerance: an event signed longer ago than this is refused (a replay). */
const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Refused webhook posts (no or a bad signature) per address in 15 minutes; Stripe's own, signed, are never limited. */
const REFUSED_WEBHOOKS_PER_IP = 10;
/** How long a place stays held while the bank confirms a direct debit (AU BECS takes up to 5 business days). */
const BANK_HOLD_MS = 8 * 86_400_000;
/** What Checkout says of a completed session's money: only these are paid. */
const PAID = new Set(["paid", "no_payment_required"]);

type Options = {
  db: Db;
  config: Pick<Config, "payments">;
  outbox: Outbox;
  bookings: Bookings;
  passes: Passes;
  refunds: OwedRefunds;
  now: () => Date;
  records: PaymentRecords;
  links: ReturnType<typeof paymentLinks>;
  orgName: string;
  requireStripe: () => Stripe;
};

export function createWebhooks({ db, config, outbox, bookings, passes, refunds, now, records, links, orgName, requireStripe }: Options) {
  const { paymentBySession, paymentsOf, livePayment, giftOfSubscription, update, receiptOf } = records;
  const refusedWebhooks = new RateLimiter(REFUSED_WEBHOOKS_PER_IP, 15 * 60_000, () => now().getTime());

  /** A completed session whose money is not the row's is not a confirmation: the treasurer is shown it (item 2). */
  function differs(payment: Payment, session: Stripe.Checkout.Session): boolean {
    if (session.amount_total === payment.amount && session.currency === payment.currency) return false;
    const said = `${formatMoney(session.amount_total ?? 0, session.currency ?? payment.currency)} ${session.currency?.toUpperCase() ?? ""}`.trim();
    const attention = `Stripe's Checkout says ${said}; this payment is ${formatMoney(payment.amount, payment.currency)} ${payment.currency.toUpperCase()}. Not confirmed.`;
    log.error("A completed Checkout's amount or currency differs from its payment: not confirmed", { payment: payment.id });
    update(payment.id, { attention });
    return true;
  }

  /**
   * The money has come (inside the webhook's transaction): the payment paid, then the gift receipted or the place
   * confirmed; a payment for a place already paid, cancelled, or given away is owed back in full.
   */
  function fulfil(payment: Payment, session: Stripe.Checkout.Session) {
    const paymentIntentId = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
    const subscriptionId = typeof session.subscription === "string" ? session.subscription : (session.subscription?.id ?? null);
    const email = payment.email ?? session.customer_details?.email ?? session.customer_email ?? null;
    const paid = update(payment.id, { status: "paid", paidAt: now().toISOString(), paymentIntentId, subscriptionId, email });
    if (!paid) return;
    if (paid.kind === "donation") {
      if (email)
        outbox.add("gift-receipt", email, paid.monthly ? "Thank you for your monthly gift" : "Thank you for your gift", {
          receipt: receiptOf(paid),
          monthly: paid.monthly,
          ...(paid.monthly && subscriptionId && { stopUrl: links.stopUrl(paid) }),
        });
      return;
    }
    if (paid.kind === "pass") return issuePass(paid);
    if (paid.registrationId === null) return;
    const alreadyPaid = paymentsOf
      .all({ registrationId: paid.registrationId })
      .some((other) => other.id !== paid.id && (other.status === "paid" || other.status === "refunding"));
    if (alreadyPaid) refunds.owe(paid, "this place was already paid for.");
    else if (!bookings.confirmPaid(paid.registrationId, receiptOf(paid))) {
      // Released when its hold lapsed (its hold is kept as the mark of why), or cancelled by its holder or the admin.
      const lapsed = bookings.byId(paid.registrationId)?.holdUntil;
      refunds.owe(
        paid,
        lapsed
          ? "the hold on your place ended before your payment came, and the event is now full."
          : "your place was cancelled before your payment came.",
      );
    }
  }

  /**
   * A pass paid for (issue 40): issued to its buyer as the pass is sold now (its credits, its classes, valid `validDays`
   * from today), with the receipt; a pass taken off sale meanwhile is owed back.
   */
  function issuePass(paid: Payment) {
    const pass = paid.passId === null ? undefined : passes.find(paid.passId);
    if (!pass || !paid.email) return refunds.owe(paid, "this pass is no longer sold.");
    passes.issue(
      {
        passId: pass.id,
        email: paid.email,
        name: paid.name ?? paid.email,
        title: pass.name,
        credits: pass.credits,
        classIds: pass.classIds,
        expiresAt: passes.expiryAfter(pass.validDays).toISOString(),
        price: paid.amount,
        source: "stripe",
        paymentId: paid.id,
      },
      receiptOf(paid),
    );
  }

  /** checkout.session.completed: paid, or (a direct debit) processing until the bank says (async_payment_*). */
  function completed(session: Stripe.Checkout.Session) {
    const payment = paymentBySession.get({ sessionId: session.id });
    // An expired payment may still complete (its session closed too late): the money came, and is kept or owed back.
    if (!payment || (payment.status !== "pending" && payment.status !== "expired") || differs(payment, session)) return;
    if (PAID.has(session.payment_status)) return fulfil(payment, session);
    update(payment.id, { status: "processing" });
    if (payment.registrationId !== null) bookings.holdForBank(payment.registrationId, new Date(now().getTime() + BANK_HOLD_MS));
  }

  /** checkout.session.async_payment_succeeded: the bank paid a processing payment. */
  function bankPaid(session: Stripe.Checkout.Session) {
    const payment = paymentBySession.get({ sessionId: session.id });
    if (payment?.status === "processing" && !differs(payment, session)) fulfil(payment, session);
  }

  /** checkout.session.async_payment_failed: the place goes back as after an expiry, and the payer is told. */
  function bankFailed(session: Stripe.Checkout.Session) {
    const payment = paymentBySession.get({ sessionId: session.id });
    if (payment?.status !== "processing") return;
    const failed = update(payment.id, { status: "failed" });
    const registration = payment.registrationId === null ? undefined : bookings.byId(payment.registrationId);
    if (registration) bookings.release(registration);
    if (failed?.email)
      outbox.add("payment-failed", failed.email, `Your payment did not go through: ${failed.description}`, {
        name: failed.name ?? "friend",
        what: failed.description,
        amount: failed.amount,
        currency: failed.currency,
        placeReleased: registration?.state === "pending",
      });
  }

  /**
   * A monthly gift stopped: every row of its subscription marked, and the donor mailed, once, whoever stopped it (the
   * donor's link, the admin, or Stripe: `customer.subscription.deleted`). Inside the caller's transaction.
   */
  function markStopped(subscriptionId: string, byOrganiser: boolean) {
    const stopped = db
      .update(payments)
      .set({ stoppedAt: now().toISOString() })
      .where(sql`${payments.subscriptionId} = ${subscriptionId} and ${payments.stoppedAt} is null`)
      .returning()
      .all();
    const gift = giftOfSubscription.get({ subscriptionId });
    if (stopped.length === 0 || !gift?.email) return;
    outbox.add("gift-stopped", gift.email, "Your monthly gift is stopped", { amount: gift.amount, currency: gift.currency, byOrganiser, orgName });
  }

  /**
   * invoice.paid for a later month of a recorded monthly gift (`subscription_cycle`; the first invoice is the Checkout
   * session's, recorded by `completed`): a paid payment of its own, receipted like the first.
   */
  function invoicePaid(invoice: Stripe.Invoice) {
    if (invoice.billing_reason !== "subscription_cycle") return;
    const subscription = invoice.parent?.subscription_details?.subscription;
    const subscriptionId = typeof subscription === "string" ? subscription : subscription?.id;
    if (!subscriptionId) return;
    const gift = giftOfSubscription.get({ subscriptionId });
    if (!gift) return;
    if (invoice.currency !== gift.currency) {
      log.warn("A monthly gift's invoice is in another currency: not recorded", { invoice: invoice.id, currency: invoice.currency });
      return;
    }
    const { id, createdAt, sessionId, paymentIntentId, stoppedAt, refundedAt, attention, ...same } = gift;
    const paid = db
      .insert(payments)
      .values({ ...same, amount: invoice.amount_paid, status: "paid", paidAt: now().toISOString() })
      .returning()
      .get();
    if (paid.email)
      outbox.add("gift-receipt", paid.email, "Thank you for your monthly gift", {
        receipt: receiptOf(paid),
        monthly: true,
        stopUrl: links.stopUrl(gift),
      });
  }

  /** checkout.session.expired: the session's payment is over; its held place goes back (the waiting list moves). */
  function expired(session: Stripe.Checkout.Session) {
    const payment = paymentBySession.get({ sessionId: session.id });
    if (payment?.status !== "pending") return;
    update(payment.id, { status: "expired" });
    const registration = payment.registrationId === null ? undefined : bookings.byId(payment.registrationId);
    // A newer payment of the place (its pay link made another session) keeps it held.
    if (registration && !livePayment.get({ registrationId: registration.id })) bookings.release(registration);
  }

  /** charge.refunded: a refund made in Stripe's dashboard (the site's own refunds are marked by the refunds job). */
  function chargeRefunded(charge: Stripe.Charge) {
    const paymentIntentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
    if (!paymentIntentId || !charge.refunded) return;
    db.update(payments)
      .set({ status: "refunded", refundedAt: now().toISOString(), refundedAmount: charge.amount_refunded })
      .where(sql`${payments.paymentIntentId} = ${paymentIntentId} and ${payments.status} = 'paid'`)
      .run();
  }

  return {
    markStopped,

    /**
     * The webhook: the signature checked by the SDK before anything else (a bad or old one is a 400 that changes
     * nothing, one log line, and limited per address), then the event acted on once in one transaction with its id
     * stored and every effect, refunds owed included: an event whose effects fail is not stored, and Stripe sends it
     * again. The refunds owed are then made.
     */
    async webhook(payload: string, signature: string | null, address: string) {
      const client = requireStripe();
      const secret = config.payments.stripe?.webhookSecret as string;
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error("no Stripe-Signature header");
        event = await client.webhooks.constructEventAsync(payload, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
      } catch {
        refusedWebhooks.hit(address);
        log.warn("Stripe webhook refused: its signature does not verify", { ip: address });
        throw badRequest("Invalid signature");
      }
      db.transaction(
        () => {
          const stored = db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning().get();
          if (!stored) return;
          if (event.type === "checkout.session.completed") completed(event.data.object);
          if (event.type === "checkout.session.async_payment_succeeded") bankPaid(event.data.object);
          if (event.type === "checkout.session.async_payment_failed") bankFailed(event.data.object);
          if (event.type === "checkout.session.expired") expired(event.data.object);
          if (event.type === "charge.refunded") chargeRefunded(event.data.object);
          if (event.type === "invoice.paid") invoicePaid(event.data.object);
          if (event.type === "customer.subscription.deleted") markStopped(event.data.object.id, false);
        },
        { behavior: "immediate" },
      );
      void refunds.run();
      return { received: true };
    },

    /** A refused webhook's address, past its limit: a 429 before its body is read. */
    checkWebhookLimit(address: string) {
      const wait = refusedWebhooks.retryAfter(address);
      if (wait > 0) throw tooManyRequests("Too many requests. Please try again later.", wait);
    },
  };
}
