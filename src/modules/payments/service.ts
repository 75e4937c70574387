// The site takes money through Stripe Checkout (issue 32), talking to Stripe only through its official SDK. What is
// charged is read from the database; only the signed webhook marks a payment paid, and only when Stripe says it is
// paid (issue 37: a direct debit is paid when the bank says so); each webhook event takes effect once (its id is stored
// in the transaction that acted on it, with every effect, refunds owed included: webhooks.ts). A place has one live
// payment: a second ask for it answers the same Checkout. Card data never reaches this server. records.ts: its rows.
import type { Db } from "@db/client.ts";
import { type EventRegistration, type Payment, payments } from "@db/schema.ts";
import type { Config } from "@server/config.ts";
import { badRequest, HttpError, notFound } from "@server/lib/errors.ts";
import { errorText, log } from "@server/lib/log.ts";
import { addressKey } from "@server/lib/rate-limit.ts";
import type { Signer } from "@server/lib/signer.ts";
import { formatWeekdayDate } from "@server/shared/dates.ts";
import { formatMoney } from "@server/shared/money.ts";
import type { PassCheckoutInput } from "@server/shared/schemas.ts";
import { desc, inArray, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { type BookingInput, type Bookings, type Target, targetOf } from "../bookings/index.ts";
import { type Outbox, siteName } from "../mail/index.ts";
import type { Passes } from "../passes/index.ts";
import type { CheckoutAnswer, DonationInput, PaymentSummary, RefundInput } from "./model.ts";
import { moneyOf } from "./money.ts";
import { createPaymentRecords } from "./records.ts";
import type { OwedRefunds } from "./refunds.ts";
import { createWebhooks } from "./webhooks.ts";

export type PaymentsDeps = {
  db: Db;
  config: Pick<Config, "payments" | "siteUrl" | "timezone" | "mail">;
  outbox: Outbox;
  bookings: Bookings;
  /** Issue 40: a pass bought is issued when paid. */
  passes: Passes;
  /** The SDK's client (connectStripe); undefined when payments are off. */
  stripe: Stripe | undefined;
  refunds: OwedRefunds;
  /** Signs the pay and stop links. */
  signer: Signer;
  now: () => Date;
};

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
  const { db, config, outbox, bookings, refunds, now, stripe } = deps;
  const { currency } = config.payments;
  const links = paymentLinks(deps.signer, config.siteUrl);
  const orgName = config.payments.orgName ?? siteName(config.mail?.from, config.siteUrl);
  const records = createPaymentRecords(db, config, now, orgName);
  const { paymentById, paymentsOf, livePayment, update, summaryOf } = records;

  const requireStripe = () => {
    if (!stripe) throw notFound("Payments are off");
    return stripe;
  };
  /** Stripe's failures are the site's 502: the visitor is told to try again, and nothing secret is repeated. */
  const atStripe = async <T>(what: string, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      log.error(`Stripe refused or did not answer: ${what}`, { error: errorText(error) });
      throw new HttpError(502, "Payments are not available right now. Please try again in a few minutes.");
    }
  };
  const webhooks = createWebhooks({ db, config, outbox, bookings, passes: deps.passes, refunds, now, records, links, orgName, requireStripe });
  const { markStopped } = webhooks;

  /** What a place is in, for the address Checkout sends its payer back to: named by its id (and date) only (issue 37 item 9). */
  const placeParams = (target: Target): Record<string, string> =>
    target.kind === "event" ? { event: String(target.id) } : { class: String(target.id), date: target.date };
  const successUrl = (registration: EventRegistration) => {
    const bookable = bookings.bookableOf(registration);
    return `${config.siteUrl}/?${new URLSearchParams({ payment: "success", ...(bookable && placeParams(bookable.target)) })}`;
  };

  /** The Checkout links being made, by place: a second ask meanwhile waits for the same one (issue 37 item 3). */
  const making = new Map<number, Promise<string>>();
  const checkoutForPlace = (registration: EventRegistration): Promise<string> => {
    const pending = making.get(registration.id);
    if (pending) return pending;
    const made = placeCheckout(registration).finally(() => making.delete(registration.id));
    making.set(registration.id, made);
    return made;
  };

  /**
   * The Checkout of a held place: its live payment's session while open (paid but not yet told: the success page);
   * else a new payment, claimed in the database (one live per place) before Stripe is asked for its session.
   */
  async function placeCheckout(registration: EventRegistration): Promise<string> {
    const client = requireStripe();
    let live = livePayment.get({ registrationId: registration.id });
    if (live?.status === "processing") return successUrl(registration);
    if (live?.sessionId) {
      const sessionId = live.sessionId;
      const session = await atStripe("read a session", () => client.checkout.sessions.retrieve(sessionId));
      if (session.status === "open" && session.url) return session.url;
      if (session.status === "complete") return successUrl(registration);
      db.update(payments).set({ status: "expired" }).where(sql`${payments.id} = ${live.id} and ${payments.status} = 'pending'`).run();
      live = undefined;
    }
    const bookable = bookings.bookableOf(registration);
    if (!bookable || !registration.amountDue || !registration.holdUntil) throw notFound("This place is no longer held");
    const { occasion, target } = bookable;
    const what = target.kind === "event" ? occasion.name : `${occasion.name}, ${formatWeekdayDate(target.date)}`;
    const description = registration.ticket === "concession" ? `${what} (concession)` : what;
    // A live payment without a session (a start that stopped half way) is taken up: its key gives the same session.
    const payment =
      live ??
      db
        .insert(payments)
        .values({
          kind: "registration",
          registrationId: registration.id,
          eventId: target.kind === "event" ? target.id : null,
          description,
          name: registration.name,
          email: registration.email,
          amount: registration.amountDue,
          currency,
        })
        .returning()
        .get();
    // Stripe keeps a session open for 30 minutes at least: a hold that ends sooner is released here, and a payment
    // after it is confirmed while a place is free, or refunded (fulfil, below).
    const expiresAt = Math.max(Date.parse(registration.holdUntil), now().getTime() + 30 * 60_000 + 5_000);
    const place = new URLSearchParams({ ...placeParams(target), until: registration.holdUntil, pay: links.payPath(registration) });
    const session = await atStripe("create a session", () =>
      client.checkout.sessions.create(
        {
          mode: "payment",
          allowed_payment_method_types: config.payments.methods,
          line_items: [{ quantity: 1, price_data: { currency, unit_amount: payment.amount, product_data: { name: description } } }],
          customer_email: registration.email,
          client_reference_id: String(payment.id),
          metadata: { paymentId: String(payment.id) },
          expires_at: Math.ceil(expiresAt / 1000),
          success_url: successUrl(registration),
          cancel_url: `${config.siteUrl}/?payment=cancelled&${place}`,
        },
        { idempotencyKey: `payment-${payment.id}` },
      ),
    );
    update(payment.id, { sessionId: session.id });
    if (!session.url) throw new HttpError(502, "Payments are not available right now. Please try again in a few minutes.");
    return session.url;
  }

  /** Cancels a gift's subscription at Stripe (its own 'already canceled' is no failure), then marks it stopped. */
  async function stopSubscription(payment: Payment, byOrganiser: boolean) {
    if (payment.stoppedAt || !payment.subscriptionId) return;
    const subscriptionId = payment.subscriptionId;
    await atStripe("cancel a subscription", () => requireStripe().subscriptions.cancel(subscriptionId));
    db.transaction(() => markStopped(subscriptionId, byOrganiser), { behavior: "immediate" });
  }

  return {
    enabled: stripe !== undefined,
    currency,
    webhook: webhooks.webhook,
    checkWebhookLimit: webhooks.checkWebhookLimit,

    /**
     * A visitor's registration, from `address`: a priced place with payments on is held and answered with its
     * Checkout link; anything else as before. When Stripe cannot be reached the hold is given back at once (502).
     */
    async book(target: Target, input: BookingInput, address: string) {
      const registered = bookings.book(target, input, addressKey(address));
      if (registered.state !== "pending") return registered;
      const { registration } = registered;
      try {
        return { state: "pending" as const, checkoutUrl: await checkoutForPlace(registration), holdUntil: registration.holdUntil as string };
      } catch (error) {
        if (!livePayment.get({ registrationId: registration.id })?.sessionId)
          db.transaction(() => bookings.release(registration), { behavior: "immediate" });
        throw error;
      }
    },

    /** The pay link of a held place (mailed, and on the 'cancelled' notice): to Checkout while it is held. */
    async payLink(id: number, token: string): Promise<string | undefined> {
      const registration = id > 0 ? bookings.byId(id) : undefined;
      if (!registration || !links.isPayLink(registration, token)) return undefined;
      if (registration.state === "confirmed") return successUrl(registration);
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
            allowed_payment_method_types: config.payments.methods,
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

    /**
     * POST /api/passes/:id/checkout (issue 40): a Checkout session for a pass on sale, at its full or concession price;
     * the pass is issued to `email` when Stripe says it is paid (webhooks.ts).
     */
    async buyPass(id: number, input: PassCheckoutInput): Promise<CheckoutAnswer> {
      const client = requireStripe();
      const pass = deps.passes.product(id);
      if (!pass.active) throw notFound("Pass not found");
      const concession = input.ticket === "concession";
      if (concession && pass.concessionPrice === null) throw badRequest("This pass has no concession price");
      const amount = concession ? (pass.concessionPrice as number) : pass.price;
      if (amount < 50) throw badRequest("This pass is not sold online: ask at the door");
      const description = concession ? `${pass.name} (concession)` : pass.name;
      const payment = db
        .insert(payments)
        .values({ kind: "pass", passId: pass.id, description, name: input.name, email: input.email, amount, currency })
        .returning()
        .get();
      const session = await atStripe("create a pass session", () =>
        client.checkout.sessions.create(
          {
            mode: "payment",
            allowed_payment_method_types: config.payments.methods,
            line_items: [{ quantity: 1, price_data: { currency, unit_amount: amount, product_data: { name: description } } }],
            customer_email: input.email,
            client_reference_id: String(payment.id),
            metadata: { paymentId: String(payment.id) },
            success_url: `${config.siteUrl}/practice?payment=success`,
            cancel_url: `${config.siteUrl}/?payment=cancelled&pass=${pass.id}`,
          },
          { idempotencyKey: `payment-${payment.id}` },
        ),
      );
      update(payment.id, { sessionId: session.id });
      if (!session.url) throw new HttpError(502, "Payments are not available right now. Please try again in a few minutes.");
      return { checkoutUrl: session.url };
    },

    /** 'Add a pass' (issue 40): what was paid at the door for it, on the Money tab (inside the caller's transaction). */
    recordAtDoor(input: { description: string; name: string; email: string; amount: number; passId: number | null }) {
      return db
        .insert(payments)
        .values({ kind: "pass", ...input, currency, status: "paid", paidAt: now().toISOString() })
        .returning()
        .get();
    },

    /** My practice (issue 40): what a student paid for, newest first (the latest 50). */
    receiptsOf(email: string) {
      return db
        .select()
        .from(payments)
        .where(sql`${payments.email} = ${email} and ${payments.status} in ('paid', 'refunding', 'refunded')`)
        .orderBy(desc(payments.id))
        .limit(50)
        .all()
        .map((payment) => ({
          number: records.receiptOf(payment).number as string,
          date: (payment.paidAt ?? payment.createdAt).slice(0, 10),
          what: payment.description,
          amount: payment.amount,
          currency: payment.currency,
          refunded: payment.status !== "paid",
        }));
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
      await stopSubscription(payment, false);
      return true;
    },

    /** The admin's 'Stop' of a monthly gift (issue 38): as the donor's own link does; a 400 for anything else. */
    async stopGiftByAdmin(id: number) {
      const payment = paymentById.get({ id });
      if (!payment) throw notFound("Payment not found");
      if (!payment.subscriptionId) throw badRequest("Only a monthly gift can be stopped");
      await stopSubscription(payment, true);
      return { success: true as const, message: "The monthly gift is stopped, and the donor is mailed." };
    },

    /** The held places whose hold has ended: given back, and their Checkout sessions closed (no payment after). */
    async releaseExpiredHolds() {
      const released = bookings.releaseExpiredHolds();
      if (!stripe || released.length === 0) return released.length;
      const open = db.select().from(payments).where(inArray(payments.registrationId, released)).all();
      for (const payment of open) {
        if (payment.status !== "pending" || !payment.sessionId) continue;
        const sessionId = payment.sessionId;
        await stripe.checkout.sessions
          .expire(sessionId)
          .catch((error) => log.warn("A Checkout session could not be closed", { error: (error as Error).message }));
      }
      return released.length;
    },

    /** Whether a place has a payment that was paid (and not refunded). */
    isPaid: (registrationId: number) => paymentsOf.all({ registrationId }).some((row) => row.status === "paid"),

    /** A place's payment that was paid, refunded or being refunded: what the cancel page names. */
    paidFor: (registrationId: number) => paymentsOf.all({ registrationId }).find((row) => ["paid", "refunding", "refunded"].includes(row.status)),

    /**
     * The admin's 'Refund' of one paid place or gift (issue 38: all of it or `amount` of it, and for a place, whether
     * the place goes too: then it goes to the waiting list): owed in one transaction with the cancel, then made at once
     * (or retried until Stripe makes it).
     */
    async refundByAdmin(id: number, input: RefundInput) {
      const owed = db.transaction(
        () => {
          const payment = paymentById.get({ id });
          if (!payment) throw notFound("Payment not found");
          if (payment.status !== "paid") throw badRequest("Only a paid payment can be refunded");
          const amount = input.amount ?? payment.amount;
          if (amount > payment.amount) {
            const message = `A refund is at most what was paid: ${formatMoney(payment.amount, payment.currency)}`;
            throw badRequest(message, { issues: [{ path: "amount", message }] });
          }
          const registration = payment.registrationId === null ? undefined : bookings.byId(payment.registrationId);
          const cancelPlace = input.cancelPlace && registration !== undefined && registration.state !== "cancelled";
          // A pass refunded ends with its refund: the credits it has left go (issue 40).
          if (payment.kind === "pass") deps.passes.endForPayment(payment.id);
          const reason = !registration
            ? payment.kind === "pass"
              ? "the organiser has refunded your pass."
              : "the organiser has refunded your gift."
            : cancelPlace
              ? "the organiser has refunded your payment and cancelled your place."
              : "the organiser has refunded your payment. Your place stands.";
          const owing = refunds.owe(payment, reason, amount);
          if (cancelPlace && registration) bookings.cancelByAdmin(targetOf(registration), registration.id);
          return owing;
        },
        { behavior: "immediate" },
      );
      if (!owed) throw badRequest("Only a paid payment can be refunded");
      await refunds.run();
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

    /** Makes the refunds owed now (after the transaction that owed them). */
    makeOwedRefunds: () => refunds.run(),

    /** The Money tab: every payment and gift, totals per month and per event, refunds owed, payments to look at. */
    money: (abandoned: boolean) => moneyOf(db, { currency, abandoned, now: now() }, refunds.owed()),
  };
}
