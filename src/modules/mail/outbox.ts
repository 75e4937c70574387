// Every mail starts as an outbox row, written by the caller inside the transaction that stores its cause.

import type { Db } from "@db/client.ts";
import { outbox, profile } from "@db/schema.ts";
import type { Config } from "@server/config.ts";
import { log } from "@server/lib/log.ts";
import type { Signer } from "@server/lib/signer.ts";
import { and, count, eq, gt, inArray, sql } from "drizzle-orm";
import { mailSeal } from "./sealed.ts";
import type { EmailConfirmationData, PasswordResetData, SecurityNoticeData, SignInCodeData } from "./templates/account-mails.tsx";
import type { ContactNoticeData } from "./templates/contact-notice.tsx";
import type { NewsletterReader } from "./templates/newsletter.tsx";
import type { PassNoticeData, PracticeCodeData, StandingEndedData } from "./templates/pass-mails.tsx";
import type { GiftReceiptData, GiftStoppedData, PaymentFailedData, PaymentRefundedData } from "./templates/receipt.tsx";
import type { RegistrantsMessageData } from "./templates/registrants-message.tsx";
import type { RegistrationCancelledData } from "./templates/registration-cancelled.tsx";
import type { RegistrationConfirmationData } from "./templates/registration-confirmation.tsx";
import type { RegistrationNoticeData } from "./templates/registration-notice.tsx";
import type { RegistrationWaitingData } from "./templates/registration-waiting.tsx";

/**
 * A reader's copy of a newsletter holds only what differs per reader: the body is read from the `newsletters` row, once
 * per newsletter (a copy of it per row was ~500 MB for 100 KB to 5,000 readers). Rows queued before carry `body`.
 */
export type NewsletterCopy = { newsletterId: number; subscriber: NewsletterReader; body?: string };
/** The admin's test copy has no `newsletters` row: it keeps its body. */
export type NewsletterTestCopy = { newsletterId: null; subscriber: null; body: string };

/** What each kind of mail is rendered from (src/modules/mail/compose.tsx), stored as the row's `data`. */
export type MailData = {
  "contact-notice": ContactNoticeData;
  "registration-notice": RegistrationNoticeData;
  "registration-confirmation": RegistrationConfirmationData;
  "registration-waiting": RegistrationWaitingData;
  "registration-cancelled": RegistrationCancelledData;
  "registrants-message": RegistrantsMessageData;
  "gift-receipt": GiftReceiptData;
  "payment-refunded": PaymentRefundedData;
  "payment-failed": PaymentFailedData;
  "gift-stopped": GiftStoppedData;
  "newsletter-confirmation": { confirmUrl: string };
  newsletter: NewsletterCopy | NewsletterTestCopy;
  test: Record<string, never>;
  "password-reset": PasswordResetData;
  "sign-in-code": SignInCodeData;
  "security-notice": SecurityNoticeData;
  "email-confirmation": EmailConfirmationData;
  "pass-notice": PassNoticeData;
  "practice-code": PracticeCodeData;
  "standing-ended": StandingEndedData;
};
export type MailKind = keyof MailData;

/** Mail the account waits for: sent before any newsletter or notice queued earlier (issue 30). */
const ACCOUNT_MAIL = new Set<MailKind>(["password-reset", "sign-in-code", "security-notice", "email-confirmation", "practice-code"]);

/** The mails a visitor's form sends to the address typed into it: a registration's answer, the newsletter's opt-in. */
const PUBLIC_FORM_KINDS = ["registration-confirmation", "registration-waiting", "newsletter-confirmation"] as const satisfies MailKind[];
type PublicFormKind = (typeof PUBLIC_FORM_KINDS)[number];
/** Issue 30: the public forms are no way to mail-bomb a stranger, whoever asks and from however many addresses. */
const PUBLIC_FORM_MAILS_PER_ADDRESS_PER_HOUR = 3;

/** The site's name in mails and on receipts: MAIL_FROM's display name, else SITE_URL's host. */
export const siteName = (mailFrom: string | undefined, siteUrl: string) => /^\s*"?([^"<]+?)"?\s*</.exec(mailFrom ?? "")?.[1] ?? new URL(siteUrl).host;

/** A header value on one line: CR/LF typed into a form can never start another header. */
export const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

export function createOutbox(db: Db, config: Config, signer: Signer) {
  const { seal } = mailSeal(signer);
  const profileEmail = db.select({ email: profile.email }).from(profile).limit(1).prepare();
  // Prepared once: a newsletter adds a row per subscriber, and each statement prepared anew stays in memory until a GC.
  const insert = db
    .insert(outbox)
    .values({
      kind: sql.placeholder("kind"),
      recipient: sql.placeholder("recipient"),
      subject: sql.placeholder("subject"),
      data: sql.placeholder("data"),
      sealed: sql.placeholder("sealed"),
      priority: sql.placeholder("priority"),
      newsletterId: sql.placeholder("newsletterId"),
    })
    .prepare();
  // Counted in SQLite's clock, the one `createdAt` is written in: the same count after a restart.
  const recentPublicFormMails = db
    .select({ n: count() })
    .from(outbox)
    .where(
      and(
        eq(outbox.recipient, sql.placeholder("recipient")),
        inArray(outbox.kind, [...PUBLIC_FORM_KINDS]),
        gt(outbox.createdAt, sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 hour')`),
      ),
    )
    .prepare();
  const queue = {
    enabled: config.mail !== undefined,
    /** Where the teacher's notices go: NOTIFY_EMAIL, else the profile's e-mail. */
    notifyAddress: (): string | undefined => config.mail?.notifyEmail ?? (profileEmail.get()?.email || undefined),
    /** Queues a mail when mail is on (call it inside the transaction of its cause); nothing otherwise. */
    add<K extends MailKind>(kind: K, to: string, subject: string, data: MailData[K], newsletterId?: number) {
      if (!config.mail) return;
      insert.run({
        kind,
        recipient: oneLine(to),
        subject: oneLine(subject),
        ...seal(data),
        priority: ACCOUNT_MAIL.has(kind) ? 1 : 0,
        newsletterId: newsletterId ?? null,
      });
    },
    /**
     * `add` for a mail a public form sends to the address typed into it: nothing when that address has had
     * PUBLIC_FORM_MAILS_PER_ADDRESS_PER_HOUR of them in the last hour (the form answers as usual). Called inside the
     * transaction of its cause, so the count and the row are one step.
     */
    addFromPublicForm<K extends PublicFormKind>(kind: K, to: string, subject: string, data: MailData[K]): void {
      if (!config.mail) return;
      const sent = recentPublicFormMails.get({ recipient: oneLine(to) })?.n ?? 0;
      if (sent >= PUBLIC_FORM_MAILS_PER_ADDRESS_PER_HOUR) {
        log.warn("Public form mail not queued: its address had its limit for the hour", { kind, limit: PUBLIC_FORM_MAILS_PER_ADDRESS_PER_HOUR });
        return;
      }
      queue.add(kind, to, subject, data);
    },
  };
  return queue;
}

export type Outbox = ReturnType<typeof createOutbox>;

/** Rows in flight when the process died (kill -9, power loss) are sent again: the one case where a mail may repeat. */
export function requeueInFlight(db: Db) {
  db.update(outbox).set({ state: "waiting" }).where(eq(outbox.state, "sending")).run();
}
