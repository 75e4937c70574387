// Newsletters (issue 15): one outbox row per confirmed subscriber, queued with the newsletter in one transaction; the
// body is stored once, on the newsletter, and read from there when each copy is sent.

import type { Db } from "@db/client.ts";
import { newsletters, outbox as outboxTable, subscribers } from "@db/schema.ts";
import { badRequest } from "@server/lib/errors.ts";
import { sanitizeRichText } from "@server/lib/rich-text.ts";
import type { NewsletterMailInput } from "@server/shared/schemas.ts";
import { desc, eq, sql } from "drizzle-orm";
import type { Outbox } from "../mail/index.ts";
import type { SubscriberLinks } from "./service.ts";

const MAIL_OFF = "Mail is off: set SMTP_URL and MAIL_FROM to send a newsletter.";

const count = (state: "sent" | "failed" | "waiting") =>
  sql<number>`count(case when ${outboxTable.state} = ${state}${state === "waiting" ? sql` or ${outboxTable.state} = 'sending'` : sql``} then 1 end)`;

export function createNewslettersService(db: Db, outbox: Outbox, links: SubscriberLinks) {
  const confirmed = db.select({ id: subscribers.id, email: subscribers.email }).from(subscribers).where(eq(subscribers.state, "confirmed")).prepare();
  const list = db
    .select({
      id: newsletters.id,
      subject: newsletters.subject,
      createdAt: newsletters.createdAt,
      recipients: newsletters.recipients,
      sent: count("sent"),
      failed: count("failed"),
      waiting: count("waiting"),
    })
    .from(newsletters)
    .leftJoin(outboxTable, eq(outboxTable.newsletterId, newsletters.id))
    .groupBy(newsletters.id)
    .orderBy(desc(newsletters.id))
    .prepare();

  return {
    list: () => list.all(),

    /** Queues one message per confirmed subscriber, each with its own signed unsubscribe link. */
    send(input: NewsletterMailInput) {
      if (!outbox.enabled) throw badRequest(MAIL_OFF);
      const body = sanitizeRichText(input.body);
      return db.transaction(() => {
        const readers = confirmed.all();
        if (readers.length === 0) throw badRequest("No confirmed subscribers yet.");
        const newsletter = db.insert(newsletters).values({ subject: input.subject, body, recipients: readers.length }).returning().get();
        for (const reader of readers) {
          const subscriber = { ...reader, unsubscribeUrl: links.url("unsubscribe", reader) };
          outbox.add("newsletter", reader.email, input.subject, { newsletterId: newsletter.id, subscriber }, newsletter.id);
        }
        return { success: true, message: `The newsletter is on its way to ${readers.length} subscribers.`, id: newsletter.id };
      });
    },

    /** One copy to the signed-in account's own e-mail (`to`, issue 38), without an unsubscribe link. */
    sendTest(input: NewsletterMailInput, to: string | null) {
      if (!outbox.enabled) throw badRequest(MAIL_OFF);
      if (!to) throw badRequest("Set your account e-mail first (Profile, Account).");
      outbox.add("newsletter", to, input.subject, { newsletterId: null, body: sanitizeRichText(input.body), subscriber: null });
      return { success: true, message: `A test copy to ${to} is on its way.` };
    },
  };
}
