// Every refund the site owes (issue 37 item 4): written as an owed refund in the transaction of its cause (a payment
// for a place already taken or paid, a place cancelled within the policy, the admin's 'Refund', a cancelled event),
// then made by `run`, which the refunds job calls and each cause kicks: until Stripe confirms it, backing off to every
// 5 minutes, exactly once (Stripe's idempotency key `refund-owed-{id}` makes a repeat after a crash the same refund).
import type { Db } from "@db/client.ts";
import { owedRefunds, type Payment, payments } from "@db/schema.ts";
import { log } from "@server/lib/log.ts";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type Stripe from "stripe";
import type { Outbox } from "../mail/index.ts";

/** The first retry after 15 s, doubling, never more than 5 minutes apart. */
const FIRST_RETRY_MS = 15_000;
const MAX_RETRY_MS = 5 * 60_000;
/** How many owed refunds one run makes at most (the next run takes the rest). */
const BATCH = 50;

export function createOwedRefunds(deps: { db: Db; outbox: Outbox; stripe: Stripe | undefined; now: () => Date }) {
  const { db, outbox, stripe, now } = deps;
  const paidOfPlace = db
    .select()
    .from(payments)
    .where(and(eq(payments.registrationId, sql.placeholder("registrationId")), eq(payments.status, "paid")))
    .prepare();

  /**
   * Owes a paid payment's refund, in full or `amount` of it (inside the caller's transaction): its status becomes
   * `refunding` and it is made by `run`. False when nothing is owed (not paid by a charge, or already owed).
   */
  function owe(payment: Payment, reason: string, amount = payment.amount): boolean {
    if (payment.status !== "paid" || !payment.paymentIntentId) return false;
    const owed = db
      .insert(owedRefunds)
      .values({ paymentId: payment.id, amount, reason, nextAttemptAt: now().toISOString() })
      .onConflictDoNothing()
      .returning()
      .get();
    if (!owed) return false;
    db.update(payments).set({ status: "refunding" }).where(eq(payments.id, payment.id)).run();
    return true;
  }

  /** The refund made at Stripe: recorded and mailed, once (a repeat finds it made). */
  function made(owed: typeof owedRefunds.$inferSelect) {
    db.transaction(
      () => {
        const marked = db
          .update(owedRefunds)
          .set({ state: "made", madeAt: now().toISOString(), lastError: null })
          .where(and(eq(owedRefunds.id, owed.id), eq(owedRefunds.state, "owed")))
          .returning()
          .get();
        if (!marked) return;
        const payment = db
          .update(payments)
          .set({ status: "refunded", refundedAt: now().toISOString(), refundedAmount: owed.amount })
          .where(eq(payments.id, owed.paymentId))
          .returning()
          .get();
        if (payment?.email)
          outbox.add("payment-refunded", payment.email, `Refunded: ${payment.description}`, {
            name: payment.name ?? "friend",
            what: payment.description,
            amount: owed.amount,
            paid: payment.amount,
            currency: payment.currency,
            reason: owed.reason,
          });
      },
      { behavior: "immediate" },
    );
  }

  /** One try at Stripe; a refusal is kept (its message) and tried again later. */
  async function attempt(client: Stripe, owed: typeof owedRefunds.$inferSelect) {
    const payment = db.select().from(payments).where(eq(payments.id, owed.paymentId)).get();
    if (!payment?.paymentIntentId) return false;
    try {
      await client.refunds.create({ payment_intent: payment.paymentIntentId, amount: owed.amount }, { idempotencyKey: `refund-owed-${owed.id}` });
    } catch (error) {
      const attempts = owed.attempts + 1;
      const wait = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (attempts - 1));
      log.warn("A refund owed could not be made at Stripe: tried again later", { refund: owed.id, attempts, error: (error as Error).message });
      db.update(owedRefunds)
        .set({ attempts, nextAttemptAt: new Date(now().getTime() + wait).toISOString(), lastError: (error as Error).message?.slice(0, 300) ?? "" })
        .where(eq(owedRefunds.id, owed.id))
        .run();
      return false;
    }
    made(owed);
    return true;
  }

  let running: Promise<number> | undefined;
  let again = false;
  /** Makes every owed refund that is due; answers how many were made. One run at a time; a kick meanwhile runs once more. */
  async function makeDue(): Promise<number> {
    if (!stripe) return 0;
    let count = 0;
    do {
      again = false;
      const due = db
        .select()
        .from(owedRefunds)
        .where(and(eq(owedRefunds.state, "owed"), lte(owedRefunds.nextAttemptAt, now().toISOString())))
        .orderBy(asc(owedRefunds.nextAttemptAt))
        .limit(BATCH)
        .all();
      for (const owed of due) if (await attempt(stripe, owed)) count += 1;
    } while (again);
    return count;
  }

  return {
    owe,

    /** A place's paid payment refunded (inside the caller's transaction): false when it has none. */
    owePlace(registrationId: number, reason: string): boolean {
      const payment = paidOfPlace.get({ registrationId });
      return payment ? owe(payment, reason) : false;
    },

    /** Makes the refunds owed and due now (the job, and each cause at once). */
    run(): Promise<number> {
      if (running) {
        again = true;
        return running;
      }
      running = makeDue().finally(() => {
        running = undefined;
      });
      return running;
    },

    /** The refunds owed and not yet made, oldest first (the Money tab). */
    owed: () =>
      db
        .select({
          id: owedRefunds.id,
          paymentId: owedRefunds.paymentId,
          amount: owedRefunds.amount,
          reason: owedRefunds.reason,
          attempts: owedRefunds.attempts,
          lastError: owedRefunds.lastError,
          createdAt: owedRefunds.createdAt,
        })
        .from(owedRefunds)
        .where(eq(owedRefunds.state, "owed"))
        .orderBy(asc(owedRefunds.id))
        .all(),
  };
}

export type OwedRefunds = ReturnType<typeof createOwedRefunds>;
