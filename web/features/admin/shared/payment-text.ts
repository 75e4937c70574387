// What a place's payment is, as the door and the CSVs say it (issues 32 and 38): "Concession · Paid A$15.00".
import { formatMoney } from "@server/shared/money.ts";
import type { Registration } from "@web/lib/api-types.ts";

const PAYMENT_LABELS = { paid: "Paid", pending: "Waiting for payment", refunding: "Refund owed", refunded: "Refunded", none: "" } as const;
const TICKET_LABELS = { full: "Full price", concession: "Concession", donation: "By donation", credit: "Pass" } as const;

/** The ticket beside what was paid; a priced place without a payment is paid at the door; else "Free". */
export function paymentText({ payment, amountDue, ticket }: Registration, currency: string): string {
  if (ticket === "credit") return "A credit of a pass";
  const kind = ticket ? `${TICKET_LABELS[ticket]} · ` : "";
  if (payment && payment.status !== "none") return `${kind}${PAYMENT_LABELS[payment.status]} ${formatMoney(payment.amount, payment.currency)}`;
  return amountDue ? `${kind}At the door ${formatMoney(amountDue, currency)}` : "Free";
}
