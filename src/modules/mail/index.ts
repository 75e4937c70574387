import { outbox as outboxTable } from "@db/schema.ts";
import type { ModuleContext } from "@server/context.ts";
import { answers, done } from "@server/lib/answers.ts";
import { badRequest } from "@server/lib/errors.ts";
import { and, desc, eq, isNotNull, or } from "drizzle-orm";
import { Elysia } from "elysia";
import { mailStatus } from "./model.ts";

export { createOutbox, type Outbox, siteName } from "./outbox.ts";
export type { PassNoticeData } from "./templates/pass-mails.tsx";
export type { ReceiptData } from "./templates/receipt.tsx";
export type { Occasion } from "./templates/registration-confirmation.tsx";

const RECENT_ROWS = 20;

/** The admin's Mail card: whether mail is on, its last error, the outbox's recent rows, and a test mail. */
export function mailModule(ctx: ModuleContext<"outbox">) {
  const { outbox } = ctx.services;
  const recent = ctx.db
    .select({
      id: outboxTable.id,
      recipient: outboxTable.recipient,
      subject: outboxTable.subject,
      state: outboxTable.state,
      attempts: outboxTable.attempts,
      lastAnswer: outboxTable.lastAnswer,
      createdAt: outboxTable.createdAt,
      sentAt: outboxTable.sentAt,
    })
    .from(outboxTable)
    .orderBy(desc(outboxTable.id))
    .limit(RECENT_ROWS)
    .prepare();
  // The newest row whose last attempt failed: failed for good, or waiting for a retry.
  const lastError = ctx.db
    .select({ queuedAt: outboxTable.createdAt, recipient: outboxTable.recipient, answer: outboxTable.lastAnswer })
    .from(outboxTable)
    .where(or(eq(outboxTable.state, "failed"), and(eq(outboxTable.state, "waiting"), isNotNull(outboxTable.lastAnswer))))
    .orderBy(desc(outboxTable.id))
    .limit(1)
    .prepare();
  return new Elysia({ name: "mail", prefix: "/api/admin" }).use(ctx.access).group("/mail", { admin: true }, (admin) =>
    admin
      .get(
        "",
        () => ({
          enabled: outbox.enabled,
          from: ctx.config.mail?.from ?? null,
          notifyEmail: outbox.notifyAddress() ?? null,
          lastError: outbox.enabled ? (lastError.get() ?? null) : null,
          recent: recent.all(),
        }),
        { response: answers(mailStatus) },
      )
      .post(
        "/test",
        ({ status }) => {
          if (!outbox.enabled) throw badRequest("Mail is off: set SMTP_URL and MAIL_FROM to send mail.");
          const to = outbox.notifyAddress();
          if (!to) throw badRequest("Set NOTIFY_EMAIL or the profile's email first.");
          outbox.add("test", to, "Test mail from the site", {});
          return status(201, { success: true, message: `A test mail to ${to} is on its way.` });
        },
        { response: answers(done, 201) },
      ),
  );
}
