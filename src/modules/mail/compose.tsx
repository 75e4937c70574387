// An outbox row becomes a message: the template's HTML and plain text, its headers and attachments.

import type { OutboxRow } from "@db/schema.ts";
import type { MailConfig } from "@server/config.ts";
import type { SendMailOptions } from "nodemailer";
import type { ReactElement } from "react";
import { render } from "react-email";
import { classDateCalendar, eventFileName, singleEventCalendar } from "../calendar/index.ts";
import { type MailData, type MailKind, type NewsletterCopy, type NewsletterTestCopy, oneLine, siteName } from "./outbox.ts";
import { EmailConfirmation, PasswordReset, SecurityNotice, SignInCode } from "./templates/account-mails.tsx";
import { ContactNotice } from "./templates/contact-notice.tsx";
import type { SiteInfo } from "./templates/layout.tsx";
import { Newsletter } from "./templates/newsletter.tsx";
import { NewsletterConfirmation } from "./templates/newsletter-confirmation.tsx";
import { PassNotice, PracticeCode, StandingEnded } from "./templates/pass-mails.tsx";
import { GiftReceipt, GiftStopped, PaymentFailed, PaymentRefunded } from "./templates/receipt.tsx";
import { RegistrantsMessage } from "./templates/registrants-message.tsx";
import { RegistrationCancelled } from "./templates/registration-cancelled.tsx";
import { RegistrationConfirmation } from "./templates/registration-confirmation.tsx";
import { RegistrationNotice } from "./templates/registration-notice.tsx";
import { RegistrationWaiting } from "./templates/registration-waiting.tsx";
import { TestMail } from "./templates/test-mail.tsx";

export type ComposeOptions = { mail: MailConfig; siteUrl: string; timezone: string; now: Date };

function siteInfo(options: ComposeOptions): SiteInfo {
  return { siteName: siteName(options.mail.from, options.siteUrl), siteUrl: options.siteUrl };
}

/** RFC 2369 and RFC 8058: mail clients show an Unsubscribe button that POSTs to the signed link, no login. */
function unsubscribeHeaders(unsubscribeUrl: string, options: ComposeOptions) {
  const from = /<([^>]+)>/.exec(options.mail.from)?.[1] ?? options.mail.from.trim();
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>, <mailto:${from}?subject=unsubscribe>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

type Parts = { element: ReactElement; extra?: Partial<SendMailOptions> };

function parts(row: OutboxRow, options: ComposeOptions): Parts {
  const site = siteInfo(options);
  const kind = row.kind as MailKind;
  switch (kind) {
    case "contact-notice": {
      const message = row.data as MailData["contact-notice"];
      return {
        element: <ContactNotice site={site} message={message} />,
        extra: { replyTo: { name: oneLine(message.name), address: message.email } },
      };
    }
    case "registration-notice": {
      const data = row.data as MailData["registration-notice"];
      const { registration } = data;
      return {
        element: <RegistrationNotice site={site} data={data} />,
        extra: { replyTo: { name: oneLine(registration.name), address: registration.email } },
      };
    }
    case "registration-confirmation": {
      const data = row.data as MailData["registration-confirmation"];
      const calendarOptions = { siteUrl: options.siteUrl, timezone: options.timezone, now: options.now, name: site.siteName };
      const { event } = data;
      const ics =
        "classDate" in event ? classDateCalendar({ ...event, ...event.classDate }, calendarOptions) : singleEventCalendar(event, calendarOptions);
      return {
        element: <RegistrationConfirmation site={site} data={data} />,
        extra: { attachments: [{ filename: eventFileName(event), content: ics, contentType: "text/calendar; charset=utf-8; method=PUBLISH" }] },
      };
    }
    case "registration-waiting":
      return { element: <RegistrationWaiting site={site} data={row.data as MailData["registration-waiting"]} /> };
    case "registration-cancelled":
      return { element: <RegistrationCancelled site={site} data={row.data as MailData["registration-cancelled"]} /> };
    case "registrants-message":
      return { element: <RegistrantsMessage site={site} subject={row.subject} data={row.data as MailData["registrants-message"]} /> };
    case "gift-receipt":
      return { element: <GiftReceipt site={site} data={row.data as MailData["gift-receipt"]} /> };
    case "payment-refunded":
      return { element: <PaymentRefunded site={site} data={row.data as MailData["payment-refunded"]} /> };
    case "gift-stopped":
      return { element: <GiftStopped site={site} data={row.data as MailData["gift-stopped"]} /> };
    case "payment-failed":
      return { element: <PaymentFailed site={site} data={row.data as MailData["payment-failed"]} /> };
    case "newsletter-confirmation":
      return { element: <NewsletterConfirmation site={site} confirmUrl={(row.data as MailData["newsletter-confirmation"]).confirmUrl} /> };
    case "newsletter": {
      // Only the admin's test copy comes here: readers' copies are made by the composer's newsletterParts.
      const { body } = row.data as NewsletterTestCopy;
      return { element: <Newsletter site={site} subject={row.subject} body={body} reader={null} /> };
    }
    case "test":
      return { element: <TestMail site={site} /> };
    case "password-reset":
      return { element: <PasswordReset site={site} data={row.data as MailData["password-reset"]} /> };
    case "sign-in-code":
      return { element: <SignInCode site={site} data={row.data as MailData["sign-in-code"]} /> };
    case "security-notice":
      return { element: <SecurityNotice site={site} data={row.data as MailData["security-notice"]} /> };
    case "pass-notice":
      return { element: <PassNotice site={site} data={row.data as MailData["pass-notice"]} /> };
    case "practice-code":
      return { element: <PracticeCode site={site} data={row.data as MailData["practice-code"]} /> };
    case "standing-ended":
      return { element: <StandingEnded site={site} data={row.data as MailData["standing-ended"]} /> };
    case "email-confirmation":
      return { element: <EmailConfirmation site={site} data={row.data as MailData["email-confirmation"]} /> };
  }
  throw new Error(`Unknown mail kind "${row.kind}"`);
}

const renderBoth = async (element: ReactElement) => {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
};

/** Stands in for a reader's unsubscribe link in a newsletter rendered once for all its readers. */
const UNSUBSCRIBE_STAND_IN = `https://unsubscribe.invalid/${crypto.randomUUID()}`;

/**
 * Makes messages of outbox rows. A reader's newsletter row holds only that reader's part: `newsletterBody` reads the
 * body from the `newsletters` row, once per newsletter.
 */
export function createComposer(newsletterBody: (newsletterId: number) => string | undefined) {
  let renderedNewsletter: { key: string; html: string; text: string } | undefined;

  /**
   * A newsletter's copies differ only by the reader's unsubscribe link: the template is rendered once per newsletter
   * (React's render and the plain-text conversion of every copy were most of a send's work and garbage), and each
   * copy gets its link put in, escaped in the HTML as React escapes an attribute.
   */
  async function newsletterParts(row: OutboxRow, data: NewsletterCopy, options: ComposeOptions) {
    const site = siteInfo(options);
    // A row queued by an older version carries its body.
    const key = JSON.stringify([site, row.subject, data.body ?? data.newsletterId]);
    if (renderedNewsletter?.key !== key) {
      const body = data.body ?? newsletterBody(data.newsletterId);
      if (body === undefined) throw new Error(`Newsletter ${data.newsletterId} is not in the database`);
      const standIn = { ...data.subscriber, unsubscribeUrl: UNSUBSCRIBE_STAND_IN };
      renderedNewsletter = { key, ...(await renderBoth(<Newsletter site={site} subject={row.subject} body={body} reader={standIn} />)) };
    }
    const link = data.subscriber.unsubscribeUrl;
    return {
      html: renderedNewsletter.html.split(UNSUBSCRIBE_STAND_IN).join(Bun.escapeHTML(link)),
      text: renderedNewsletter.text.split(UNSUBSCRIBE_STAND_IN).join(link),
      headers: unsubscribeHeaders(link, options),
    };
  }

  return async function composeMail(row: OutboxRow, options: ComposeOptions): Promise<SendMailOptions> {
    const newsletter = row.kind === "newsletter" ? (row.data as MailData["newsletter"]) : undefined;
    let content: Partial<SendMailOptions>;
    if (newsletter?.subscriber) content = await newsletterParts(row, newsletter, options);
    else {
      const { element, extra } = parts(row, options);
      content = { ...(await renderBoth(element)), ...extra };
    }
    return {
      from: options.mail.from,
      to: row.recipient,
      subject: row.subject,
      // The same Message-ID on every attempt: a repeat after a crash is recognisable as the same message.
      messageId: `<outbox-${row.id}-${Date.parse(row.createdAt)}@${new URL(options.siteUrl).hostname || "localhost"}>`,
      ...content,
    };
  };
}
