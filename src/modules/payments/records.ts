// The payments' own records (issue 32): a payment found by its session, its id, its place or its subscription, changed,
// and said as a receipt or a summary. Kept in the database (and its backups) only.
import type { Db } from "@db/client.ts";
import { type Payment, payments } from "@db/schema.ts";
import type { Config } from "@server/config.ts";
import { todayIn } from "@server/lib/time.ts";
import { formatLongDate } from "@server/shared/dates.ts";
import { desc, eq, sql } from "drizzle-orm";
import type { ReceiptData } from "../mail/index.ts";
import type { PaymentSummary } from "./model.ts";

/** `orgName`: who the receipts are from. */
export function createPaymentRecords(db: Db, config: Pick<Config, "payments" | "timezone">, now: () => Date, orgName: string) {
  const { currency } = config.payments;
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
  /** A place's live payment (pending, or processing at the bank): one at most (the index payments_live_place). */
  const livePayment = db
    .select()
    .from(payments)
    .where(sql`${payments.registrationId} = ${sql.placeholder("registrationId")} and ${payments.status} in ('pending', 'processing')`)
    .prepare();

  /** The first payment of a monthly gift: the one Checkout recorded, whose stop link cancels the subscription. */
  const giftOfSubscription = db
    .select()
    .from(payments)
    .where(sql`${payments.subscriptionId} = ${sql.placeholder("subscriptionId")} and ${payments.sessionId} is not null`)
    .prepare();
  const update = (id: number, values: Partial<Payment>) => db.update(payments).set(values).where(eq(payments.id, id)).returning().get();
  const receiptOf = (payment: Payment): ReceiptData => ({
    number: `R-${String(payment.id).padStart(6, "0")}`,
    what: payment.description,
    amount: payment.amount,
    currency: payment.currency,
    date: formatLongDate(todayIn(config.timezone, new Date(payment.paidAt ?? now()))),
    orgName,
    orgAbn: config.payments.orgAbn,
    gift: payment.kind === "donation",
    deductible: config.payments.donationsDeductible,
  });
  const summaryOf = (payment: Payment | undefined): PaymentSummary => {
    if (!payment || payment.status === "expired" || payment.status === "failed") return { status: "none", amount: 0, currency };
    const status = payment.status === "processing" ? "pending" : payment.status;
    return { status, amount: payment.amount, currency: payment.currency };
  };

  return { paymentBySession, paymentById, paymentsOf, livePayment, giftOfSubscription, update, receiptOf, summaryOf };
}

export type PaymentRecords = ReturnType<typeof createPaymentRecords>;
