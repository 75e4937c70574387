// The site takes money through Stripe Checkout (issue 32), talking to Stripe only through its official SDK. What is
// charged is read from the database; only the signed webhook marks a payment paid; each webhook event takes effect
// once (its id is stored in the transaction that acted on it). Card data never reaches this server.
import type { Db } from "@db/client.ts";
import { type EventRegistration, events, type Payment, payments, stripeEvents } from "@db/schema.ts";
import type { Config } from "@server/config.ts";
import { badRequest, HttpError, notFound } from "@server/lib/errors.ts";
import { errorText, log } from "@server/lib/log.ts";
import type { Signer } from "@server/lib/signer.ts";
import { todayIn } from "@server/lib/time.ts";
import { formatLongDate, formatMoment } from "@server/shared/dates.ts";
import { desc, eq, inArray, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { type createRegistrations, registrationClosesAt } from "../events/index.ts";
import type { ReceiptData } from "../mail/index.ts";
import { type Outbox, siteName } from "../mail/index.ts";
import type { CheckoutAnswer, DonationInput, MoneyAnswer, MoneyTotals, PaymentSummary } from "./model.ts";

type Registrations = ReturnType<typeof createRegistrations>;

export type PaymentsDeps = {
  db: Db;
  config: Pick<Config, "payments" | "siteUrl" | "timezone" | "mail">;
  outbox: Outbox;
  registrations: Registrations;
  /** The SDK's client (connectStripe); undefined when payments are off. */
  stripe: Stripe | undefined;
  /** Signs the pay and stop links. */
  signer: Signer;
  now: () => Date;
};

/** Stripe's webhook signature tolerance: an event signed longer ago than this is refused (a replay). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The official SDK, pointed at STRIPE_API_BASE (its host, port and protocol) when set; undefined when payments are off.
 * Loaded only then: the SDK is large, and a start without payments does without it.
 */
export async function connectStripe(config: Pick<Config, "payments">): Promise<Stripe | undefined> {
  const stripe = config.payments.stripe;
  if (!stripe) return undefined;
  const { default: StripeClient } = await import("stripe");
  const base = stripe.apiBase;
  return new StripeClient(stripe.secretKey, {
    maxNetworkRetries: 2,
    ...(base && {
      host: base.hostname,
      port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
      protocol: base.protocol === "https:" ? "https" : "http",
    }),
  });
}

/** Signed links (the one signer, a purpose of their own): the pay link of a held place, the stop link of a monthly gift. */
export function paymentLinks(signer: Signer, siteUrl: string) {
  const { sign, verify: check } = signer.for("payment-links");
  const payPurpose = (registration: Pick<EventRegistration, "id" | "email">) => `payment:pay:${registration.id}:${registration.email}`;
  const stopPurpose = (payment: Pick<Payment, "id" | "subscriptionId">) => `payment:stop:${payment.id}:${payment.subscriptionId}`;
  const payPath = (registration: Pick<EventRegistration, "id" | "email">) =>
    `/api/payments/pay?id=${registration.id}&token=${sign(payPurpose(registration))}`;
  return {
    payPath,
    payUrl: (registration: Pick<EventRegistration, "id" | "email">) => `${siteUrl}${payPath(registration)}`,
    isPayLink: (registration: Pick<EventRegistration, "id" | "email">, token: string) => check(payPurpose(registration), token),
    stopUrl: (payment: Pick<Payment, "id" | "subscriptionId">) =>
      `${siteUrl}/api/donations/stop?id=${payment.id}&token=${sign(stopPurpose(payment))}`,
    isStopLink: (payment: Pick<Payment, "id" | "subscriptionId">, token: string) => check(stopPurpose(payment), token),
  };
}

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, config, outbox, registrations, now, stripe } = deps;
  const { currency } = config.payments;
  const links = paymentLinks(deps.signer, config.siteUrl);
  const orgName = config.payments.orgName ?? siteName(config.mail?.from, config.siteUrl);

  const paymentBySession = db
    .select()
    .from(payments)
    .where(eq(payments.sessionId, sql.placeholder("sessionId")))
    .prepare();
  const paymentById = db
    .select()
    .from(payments)
    .where(eq(payments.id, sql.placeholder("id")))
    .prepare();
  const paymentsOf = db
    .select()
    .from(payments)
    .where(eq(payments.registrationId, sql.placeholder("registrationId")))
    .orderBy(desc(payments.id))
    .prepare();

  /** The first payment of a monthly gift: the one Checkout recorded, whose stop link cancels the subscription. */
  const giftOfSubscription = db
    .select()
    .from(payments)
    .where(sql`${payments.subscriptionId} = ${sql.placeholder("subscriptionId")} and ${payments.sessionId} is not null`)
    .prepare();

  const requireStripe = () => {
    if (!stripe) throw notFound("Payments are off");
    return stripe;
  };
  const update = (id: number, values: Partial<Payment>) => db.update(payments).set(values).where(eq(payments.id, id)).returning().get();
  const receiptOf = (payment: Payment): ReceiptData => ({
    what: payment.description,
    amount: payment.amount,
    currency: payment.currency,
    date: formatLongDate(todayIn(config.timezone, new Date(payment.paidAt ?? now()))),
    orgName,
    orgAbn: config.payments.orgAbn,
    gift: payment.kind === "donation",
    deductible: config.payments.donationsDeductible,
  });
  /** Stripe's failures are the site's 502: the visitor is told to try again, and nothing secret is repeated. */
  const atStripe = async <T>(what: string, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      log.error(`Stripe refused or did not answer: ${what}`, { error: errorText(error) });
      throw new HttpError(502, "Payments are not available right now. Please try again in a few minutes.");
    }
  };

  /** A Checkout session for a held place: its amount from the registration row, it ends when the hold ends. */
  async function checkoutForPlace(registration: EventRegistration): Promise<string> {
    const client = requireStripe();
    const open = paymentsOf.all({ registrationId: registration.id }).find((payment) => payment.status === "pending" && payment.sessionId);
    if (open?.sessionId) {
      const session = await atStripe("read a session", () => client.checkout.sessions.retrieve(open.sessionId as string));
      if (session.status === "open" && session.url) return session.url;
    }
    const event = db.select().from(events).where(eq(events.id, registration.eventId)).get();
    if (!event || !registration.amountDue || !registration.holdUntil) throw notFound("This place is no longer held");
    const description = registration.ticket === "concession" ? `${event.name} (concession)` : event.name;
    const payment = db
      .insert(payments)
      .values({
        kind: "registration",
        registrationId: registration.id,
        eventId: event.id,
        description,
        name: registration.name,
        email: registration.email,
        amount: registration.amountDue,
        currency,
      })
      .returning()
      .get();
    // Stripe keeps a session open for 30 minutes at least: a hold that ends sooner is released here, and a payment
    // after it is confirmed while a place is free, or refunded (completed, below).
    const expiresAt = Math.max(Date.parse(registration.holdUntil), now().getTime() + 30 * 60_000 + 5_000);
    const place = new URLSearchParams({
      event: event.name,
      until: formatMoment(registration.holdUntil, config.timezone),
      pay: links.payPath(registration),
    });
    const session = await atStripe("create a session", () =>
      client.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [{ quantity: 1, price_data: { currency, unit_amount: payment.amount, product_data: { name: description } } }],
          customer_email: registration.email,
          client_reference_id: String(payment.id),
          metadata: { paymentId: String(payment.id) },
          expires_at: Math.ceil(expiresAt / 1000),
          success_url: `${config.siteUrl}/?payment=success&${new URLSearchParams({ event: event.name })}`,
          cancel_url: `${config.siteUrl}/?payment=cancelled&${place}`,
        },
        { idempotencyKey: `payment-${payment.id}` },
      ),
    );
    update(payment.id, { sessionId: session.id });
    if (!session.url) throw new HttpError(502, "Payments are not available right now. Please try again in a few minutes.");
    return session.url;
  }

  /**
   * A refund through Stripe's Refunds API, marked and mailed once: the payment is claimed (`refunding`) before the call,
   * so that two refunds of it never both happen, and given back to `paid` when Stripe refuses.
   */
  async function refund(payment: Payment, reason: string) {
    const client = requireStripe();
    const claimed = db
      .update(payments)
      .set({ status: "refunding" })
      .where(sql`${payments.id} = ${payment.id} and ${payments.status} = 'paid' and ${payments.paymentIntentId} is not null`)
      .returning()
      .get();
    if (!claimed?.paymentIntentId) return false;
    const paymentIntent = claimed.paymentIntentId;
    try {
      await atStripe("refund", () => client.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey: `refund-${payment.id}` }));
    } catch (error) {
      update(payment.id, { status: "paid" });
      throw error;
    }
    db.transaction(
      () => {
        update(payment.id, { status: "refunded", refundedAt: now().toISOString() });
        if (claimed.email)
          outbox.add("payment-refunded", claimed.email, `Refunded: ${claimed.description}`, {
            name: claimed.name ?? "friend",
            what: claimed.description,
            amount: claimed.amount,
            currency: claimed.currency,
            reason,
          });
      },
      { behavior: "immediate" },
    );
    return true;
  }

  /** checkout.session.completed, inside the webhook's transaction: the place confirmed or the gift recorded; a late one refunded. */
  function completed(session: Stripe.Checkout.Session): Payment | undefined {
    const payment = paymentBySession.get({ sessionId: session.id });
    if (payment?.status !== "pending") return;
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
    // A payment after its hold ended, with the event full: the caller refunds it.
    if (paid.registrationId === null || !registrations.confirmPaid(paid.registrationId, receiptOf(paid))) return paid;
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
    const { id, createdAt, sessionId, paymentIntentId, stoppedAt, refundedAt, ...same } = gift;
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
    const registration = payment.registrationId === null ? undefined : registrations.byId(payment.registrationId);
    if (registration) registrations.release(registration);
  }

  /** charge.refunded: a refund made in Stripe's dashboard (the site's own refunds are marked by `refund`). */
  function chargeRefunded(charge: Stripe.Charge) {
    const paymentIntentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
    if (!paymentIntentId || !charge.refunded) return;
    db.update(payments)
      .set({ status: "refunded", refundedAt: now().toISOString() })
      .where(sql`${payments.paymentIntentId} = ${paymentIntentId} and ${payments.status} = 'paid'`)
      .run();
  }

  const summaryOf = (payment: Payment | undefined): PaymentSummary => {
    if (!payment || payment.status === "expired") return { status: "none", amount: 0, currency };
    // A refund under way is paid until Stripe has made it.
    return { status: payment.status === "refunding" ? "paid" : payment.status, amount: payment.amount, currency: payment.currency };
  };

  return {
    enabled: stripe !== undefined,
    currency,

    /**
     * A visitor's registration: a priced place with payments on is held and answered with its Checkout link; anything
     * else as before. When Stripe cannot be reached the hold is given back at once (502).
     */
    async register(eventId: number, input: Parameters<Registrations["register"]>[1]) {
      const registered = registrations.register(eventId, input);
      if (registered.state !== "pending") return registered;
      const { registration } = registered;
      try {
        return { state: "pending" as const, checkoutUrl: await checkoutForPlace(registration), holdUntil: registration.holdUntil as string };
      } catch (error) {
        db.transaction(() => registrations.release(registration), { behavior: "immediate" });
        throw error;
      }
    },

    /** The pay link of a held place (mailed, and on the 'cancelled' notice): to Checkout while it is held. */
    async payLink(id: number, token: string): Promise<string | undefined> {
      const registration = id > 0 ? registrations.byId(id) : undefined;
      if (!registration || !links.isPayLink(registration, token)) return undefined;
      if (registration.state !== "pending" || !registration.holdUntil || registration.holdUntil <= now().toISOString()) return undefined;
      return checkoutForPlace(registration);
    },

    /** POST /api/donations: a Checkout session for a gift, once (`payment`) or monthly (`subscription`). */
    async donate(input: DonationInput): Promise<CheckoutAnswer> {
      const client = requireStripe();
      const description = input.monthly ? "Monthly gift" : "Gift";
      const payment = db
        .insert(payments)
        .values({ kind: "donation", description, amount: input.amount, currency, monthly: input.monthly })
        .returning()
        .get();
      const productData = { name: `${description} to ${orgName}` };
      const session = await atStripe("create a gift session", () =>
        client.checkout.sessions.create(
          {
            mode: input.monthly ? "subscription" : "payment",
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency,
                  unit_amount: payment.amount,
                  product_data: productData,
                  ...(input.monthly && { recurring: { interval: "month" as const } }),
                },
              },
            ],
            client_reference_id: String(payment.id),
            metadata: { paymentId: String(payment.id) },
            ...(input.monthly ? {} : { submit_type: "donate" as const }),
            success_url: `${config.siteUrl}/?payment=success&gift=1`,
            cancel_url: `${config.siteUrl}/?payment=cancelled&gift=1`,
          },
          { idempotencyKey: `payment-${payment.id}` },
        ),
      );
      update(payment.id, { sessionId: session.id });
      if (!session.url) throw new HttpError(502, "Payments are not available right now. Please try again in a few minutes.");
      return { checkoutUrl: session.url };
    },

    /** The stop link of a monthly gift: is it one? */
    isStopLink(id: number, token: string) {
      const payment = id > 0 ? paymentById.get({ id }) : undefined;
      return payment?.subscriptionId ? links.isStopLink(payment, token) : false;
    },

    /** The stop page's button: cancels the subscription at Stripe (a second press changes nothing). */
    async stopGift(id: number, token: string): Promise<boolean> {
      const payment = id > 0 ? paymentById.get({ id }) : undefined;
      if (!payment?.subscriptionId || !links.isStopLink(payment, token)) return false;
      if (payment.stoppedAt) return true;
      const client = requireStripe();
      const subscriptionId = payment.subscriptionId;
      await atStripe("cancel a subscription", () => client.subscriptions.cancel(subscriptionId));
      update(payment.id, { stoppedAt: now().toISOString() });
      return true;
    },

    /**
     * The webhook: the signature checked by the SDK before anything else (a bad or old one is a 400 that changes
     * nothing), then the event acted on once in one transaction with its id stored. A payment that came after its
     * place was given away is refunded after the transaction.
     */
    async webhook(payload: string, signature: string | null) {
      const client = requireStripe();
      const secret = config.payments.stripe?.webhookSecret as string;
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error("no Stripe-Signature header");
        event = await client.webhooks.constructEventAsync(payload, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
      } catch (error) {
        log.warn("Stripe webhook refused: its signature does not verify", { reason: errorText(error) });
        throw badRequest("Invalid signature");
      }
      const late = db.transaction(
        () => {
          const stored = db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning().get();
          if (!stored) return undefined;
          if (event.type === "checkout.session.completed") return completed(event.data.object);
          if (event.type === "checkout.session.expired") expired(event.data.object);
          if (event.type === "charge.refunded") chargeRefunded(event.data.object);
          if (event.type === "invoice.paid") invoicePaid(event.data.object);
          return undefined;
        },
        { behavior: "immediate" },
      );
      if (late) await refund(late, "the hold on your place ended before your payment came, and the event is now full.");
      return { received: true };
    },

    /** The held places whose hold has ended: given back, and their Checkout sessions closed (no payment after). */
    async releaseExpiredHolds() {
      const released = registrations.releaseExpiredHolds();
      if (!stripe || released.length === 0) return released.length;
      const open = db.select().from(payments).where(inArray(payments.registrationId, released)).all();
      for (const payment of open) {
        if (payment.status !== "pending" || !payment.sessionId) continue;
        const sessionId = payment.sessionId;
        await stripe.checkout.sessions
          .expire(sessionId)
          .catch((error) => log.warn("A Checkout session could not be closed", { error: errorText(error) }));
      }
      return released.length;
    },

    /**
     * After a cancelled place (the registrant's link, or the admin): its payment refunded in full when cancelled at
     * least REFUND_UNTIL_DAYS before the start; later, kept.
     */
    async refundCancelled(registrationId: number) {
      const payment = paymentsOf.all({ registrationId }).find((row) => row.status === "paid");
      if (!payment || !this.refundDue(registrationId)) return false;
      return refund(payment, "your registration is cancelled.");
    },

    /** Whether cancelling this place now refunds its payment (the cancel page says so before its button). */
    refundDue(registrationId: number): boolean {
      const registration = registrations.byId(registrationId);
      const event = registration && db.select().from(events).where(eq(events.id, registration.eventId)).get();
      if (!event) return false;
      const start = registrationClosesAt({ ...event, registrationCloses: null }, config.timezone).getTime();
      return now().getTime() <= start - config.payments.refundUntilDays * 86_400_000;
    },

    /** Whether a place has a payment that was paid (and not refunded). */
    isPaid: (registrationId: number) => paymentsOf.all({ registrationId }).some((row) => row.status === "paid"),

    /** The admin's 'Refund' of one paid place or gift. */
    async refundByAdmin(id: number) {
      const payment = paymentById.get({ id });
      if (!payment) throw notFound("Payment not found");
      if (!(await refund(payment, "the organiser has refunded your payment."))) throw badRequest("Only a paid payment can be refunded");
      return summaryOf(paymentById.get({ id }));
    },

    /** Each registration's payment, for the admin's list of an event's registrations. */
    summaries(registrationIds: number[]): Map<number, PaymentSummary & { id: number | null }> {
      const rows = registrationIds.length
        ? db.select().from(payments).where(inArray(payments.registrationId, registrationIds)).orderBy(desc(payments.id)).all()
        : [];
      const latest = new Map<number, Payment>();
      for (const row of rows) if (row.registrationId !== null && !latest.has(row.registrationId)) latest.set(row.registrationId, row);
      return new Map(registrationIds.map((id) => [id, { ...summaryOf(latest.get(id)), id: latest.get(id)?.id ?? null }]));
    },

    /** Every paid event's payments refunded (the admin's 'Cancel this event'). */
    async refundEvent(eventId: number) {
      const paid = db.select().from(payments).where(sql`${payments.eventId} = ${eventId} and ${payments.status} = 'paid'`).all();
      for (const payment of paid) await refund(payment, "the event is cancelled.");
      return paid.length;
    },

    /** The Money tab: every payment and gift, totals per month and per event (refunds apart). */
    money(): MoneyAnswer {
      const rows = db.select().from(payments).where(sql`${payments.status} != 'expired'`).orderBy(desc(payments.createdAt), desc(payments.id)).all();
      const names = new Map(
        db
          .select({ id: events.id, name: events.name })
          .from(events)
          .all()
          .map((event) => [event.id, event.name]),
      );
      const totals = (key: (payment: Payment) => string): MoneyTotals => {
        const sums = new Map<string, { paid: number; refunded: number }>();
        for (const payment of rows) {
          if (payment.status === "pending") continue;
          const sum = sums.get(key(payment)) ?? { paid: 0, refunded: 0 };
          sum.paid += payment.amount;
          if (payment.status === "refunded") sum.refunded += payment.amount;
          sums.set(key(payment), sum);
        }
        return [...sums].map(([label, sum]) => ({ label, ...sum }));
      };
      return {
        currency,
        payments: rows.map(({ sessionId, paymentIntentId, subscriptionId, stoppedAt, registrationId, ...row }) => ({
          ...row,
          refundable: row.status === "paid" && paymentIntentId !== null,
        })),
        byMonth: totals((payment) => (payment.paidAt ?? payment.createdAt).slice(0, 7)),
        byEvent: totals((payment) => (payment.eventId === null ? "Gifts" : (names.get(payment.eventId) ?? payment.description))),
      };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

const HOLD_CHECK_MS = 60_000;

/** While serving with payments on: gives back every minute the held places whose hold has ended (a restart catches up at once). */
export function scheduleHoldRelease(payments: PaymentsService) {
  const check = () => payments.releaseExpiredHolds().catch((error) => log.error("Held places could not be released", { error: errorText(error) }));
  void check();
  const timer = setInterval(check, HOLD_CHECK_MS);
  return { stop: () => clearInterval(timer) };
}
