// The Money tab's answer (issues 32, 37, 38): every payment and gift but the abandoned Checkouts (expired, failed, or
// left open a day: shown when asked), totals per month and per event (refunds apart), whether each monthly gift is
// still taken, the refunds owed and not yet made, and the payments the treasurer must look at.
import type { Db } from "@db/client.ts";
import { events, type Payment, payments } from "@db/schema.ts";
import { desc, sql } from "drizzle-orm";
import type { MoneyAnswer, MoneyTotals } from "./model.ts";
import type { OwedRefunds } from "./refunds.ts";

/** Stripe's Checkout is open 24 hours at most: a payment still pending after that was left. */
const CHECKOUT_OPEN_MS = 24 * 60 * 60_000;

export function moneyOf(
  db: Db,
  { currency, abandoned, now }: { currency: string; abandoned: boolean; now: Date },
  owed: ReturnType<OwedRefunds["owed"]>,
): MoneyAnswer {
  const left = new Date(now.getTime() - CHECKOUT_OPEN_MS).toISOString();
  const rows = db
    .select()
    .from(payments)
    .where(
      abandoned
        ? undefined
        : sql`(${payments.status} not in ('expired', 'failed') and not (${payments.status} = 'pending' and ${payments.createdAt} < ${left})) or ${payments.attention} is not null`,
    )
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .all();
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
      if (payment.status !== "paid" && payment.status !== "refunding" && payment.status !== "refunded") continue;
      const sum = sums.get(key(payment)) ?? { paid: 0, refunded: 0 };
      sum.paid += payment.amount;
      if (payment.status === "refunded") sum.refunded += payment.refundedAmount ?? payment.amount;
      sums.set(key(payment), sum);
    }
    return [...sums].map(([label, sum]) => ({ label, ...sum }));
  };
  const described = new Map(rows.map((row) => [row.id, row]));
  return {
    currency,
    payments: rows.map(({ sessionId, paymentIntentId, subscriptionId, stoppedAt, registrationId, ...row }) => ({
      ...row,
      refundable: row.status === "paid" && paymentIntentId !== null,
      active: subscriptionId !== null && stoppedAt === null,
    })),
    owedRefunds: owed.map((refund) => ({
      ...refund,
      description: described.get(refund.paymentId)?.description ?? "",
      name: described.get(refund.paymentId)?.name ?? described.get(refund.paymentId)?.email ?? null,
      currency: described.get(refund.paymentId)?.currency ?? currency,
    })),
    byMonth: totals((payment) => (payment.paidAt ?? payment.createdAt).slice(0, 7)),
    byEvent: totals((payment) => {
      if (payment.kind === "donation") return "Gifts";
      if (payment.kind === "pass") return "Passes";
      // A class date's drop-in is described "Class, Monday 7 June 2027": its class is its line.
      return payment.eventId === null
        ? (payment.description.split(", ")[0] ?? payment.description)
        : (names.get(payment.eventId) ?? payment.description);
    }),
  };
}
