import { formatMoney } from "@server/shared/money.ts";
import { Section, Text } from "react-email";
import { Field, MailLayout, type SiteInfo, styles } from "./layout.tsx";

/**
 * A receipt (issue 32): what was paid for, the amount and currency, the date, ORG_NAME and ORG_ABN. With
 * DONATIONS_DEDUCTIBLE=1 a gift's receipt carries the words the ATO asks of a deductible gift receipt.
 */
export type ReceiptData = {
  /** Issue 38: the receipt's own number, from its payment ("R-000042"); receipts queued before have none. */
  number?: string;
  what: string;
  /** Integer cents. */
  amount: number;
  currency: string;
  /** The day it was paid, as the receipt says it ("9 March 2027"). */
  date: string;
  orgName: string;
  orgAbn: string | undefined;
  gift: boolean;
  deductible: boolean;
};

/** The receipt's lines, inside a registration's confirmation or a gift's thanks. */
export function Receipt({ receipt }: { receipt: ReceiptData }) {
  return (
    <Section style={{ margin: "20px 0" }}>
      <Text style={{ ...styles.text, fontWeight: "600" }}>Receipt</Text>
      <Field label="Receipt number" value={receipt.number} />
      <Field label="For" value={receipt.what} />
      <Field label="Amount" value={`${formatMoney(receipt.amount, receipt.currency)} ${receipt.currency.toUpperCase()}`} />
      <Field label="Date" value={receipt.date} />
      <Field label="Received by" value={receipt.orgName} />
      <Field label="ABN" value={receipt.orgAbn} />
      {receipt.gift && receipt.deductible && (
        <Text style={styles.text}>
          This is a receipt for a gift. No goods or services were received for it. Gifts of $2 or more to {receipt.orgName} are tax deductible.
        </Text>
      )}
    </Section>
  );
}

export type GiftReceiptData = { receipt: ReceiptData; monthly: boolean; stopUrl?: string };

/** To a donor: thanks, the receipt, and for a monthly gift the link that stops it. */
export function GiftReceipt({ site, data }: { site: SiteInfo; data: GiftReceiptData }) {
  const title = data.monthly ? "Thank you for your monthly gift" : "Thank you for your gift";
  return (
    <MailLayout site={site} preview={title} title={title}>
      <Text style={styles.text}>Your gift keeps the classes open to everyone, whatever they can give. With gratitude, {data.receipt.orgName}.</Text>
      <Receipt receipt={data.receipt} />
      {data.stopUrl && (
        <Text style={styles.label}>
          Your gift is taken each month until you stop it:{" "}
          <a href={data.stopUrl} style={styles.link}>
            Stop my monthly gift
          </a>
        </Text>
      )}
    </MailLayout>
  );
}

/** `amount` refunded of `paid` (a part when the organiser kept a deposit, issue 38; rows queued before have no `paid`). */
export type PaymentRefundedData = { name: string; what: string; amount: number; paid?: number; currency: string; reason: string };

/** To the one who paid: their money is on its way back, and why. */
export function PaymentRefunded({ site, data }: { site: SiteInfo; data: PaymentRefundedData }) {
  const money = (cents: number) => `${formatMoney(cents, data.currency)} ${data.currency.toUpperCase()}`;
  const amount = money(data.amount);
  const part = data.paid !== undefined && data.amount < data.paid;
  return (
    <MailLayout
      site={site}
      preview={`${amount} of your payment is refunded`}
      title={part ? "Part of your payment is refunded" : "Your payment is refunded"}
    >
      <Text style={styles.text}>
        Dear {data.name}, {data.reason}{" "}
        {part
          ? `${amount} of your payment of ${money(data.paid ?? 0)} for ${data.what} has been refunded.`
          : `Your payment of ${amount} for ${data.what} has been refunded in full.`}{" "}
        It reaches your card within 5 to 10 days.
      </Text>
    </MailLayout>
  );
}

export type PaymentFailedData = { name: string; what: string; amount: number; currency: string; placeReleased: boolean };

/** To the one whose bank debit did not go through (issue 37 item 2): nothing was taken, and what became of the place. */
export function PaymentFailed({ site, data }: { site: SiteInfo; data: PaymentFailedData }) {
  const amount = `${formatMoney(data.amount, data.currency)} ${data.currency.toUpperCase()}`;
  return (
    <MailLayout site={site} preview={`Your payment of ${amount} did not go through`} title="Your payment did not go through">
      <Text style={styles.text}>
        Dear {data.name}, your bank did not complete your payment of {amount} for {data.what}, so nothing was taken.
        {data.placeReleased ? " The place we held for you has been released. You are welcome to register again." : ""}
      </Text>
    </MailLayout>
  );
}

export type GiftStoppedData = { amount: number; currency: string; byOrganiser: boolean; orgName: string };

/** To the donor, whoever stopped it (issue 38): nothing more is taken. */
export function GiftStopped({ site, data }: { site: SiteInfo; data: GiftStoppedData }) {
  const amount = `${formatMoney(data.amount, data.currency)} ${data.currency.toUpperCase()}`;
  return (
    <MailLayout site={site} preview="Your monthly gift is stopped" title="Your monthly gift is stopped">
      <Text style={styles.text}>
        {data.byOrganiser ? "The organiser has stopped your monthly gift" : "Your monthly gift is stopped"} of {amount}: nothing more will be taken.
        Thank you for all you have given. With gratitude, {data.orgName}.
      </Text>
    </MailLayout>
  );
}
