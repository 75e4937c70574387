// The background sender: takes due outbox rows one at a time, within MAIL_PER_MINUTE, and records each answer.

import type { Db } from "@db/client.ts";
import { newsletters, type OutboxRow, outbox, subscribers } from "@db/schema.ts";
import type { Config, MailConfig } from "@server/config.ts";
import { errorText, log } from "@server/lib/log.ts";
import { createSigner } from "@server/lib/signer.ts";
import { and, asc, desc, eq, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { createComposer } from "./compose.tsx";
import { type MailData, requeueInFlight } from "./outbox.ts";
import { mailSeal, SECRET_PATHS } from "./sealed.ts";

const FIRST_RETRY_MS = 15_000;
const MAX_RETRY_MS = 2 * 60 * 60 * 1000;
const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
const IDLE_POLL_MS = 1000;

/** The wait before attempt `attempts + 1`: 15 s, 1 min, 4 min, 16 min, 64 min, then every 2 h. */
const retryDelay = (attempts: number) => Math.min(FIRST_RETRY_MS * 4 ** (attempts - 1), MAX_RETRY_MS);

/** A 5xx answer will not change by asking again; 4xx answers, refused connections and time-outs may. */
const isPermanent = (error: unknown) => {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
};

const answerOf = (error: unknown) => {
  const { response, message, code } = error as { response?: string; message?: string; code?: string };
  // A failed STARTTLS: the server's answer alone ("500 command not recognized") would not say what failed; the message
  // ends with it.
  const answer = (code === "ETLS" ? message : response || message) || String(error);
  return answer.slice(0, 500);
};

export function createMailWorker(options: { db: Db; config: Config & { mail: MailConfig }; jwtSecret: string; now?: () => Date }) {
  const { db, config } = options;
  const { open } = mailSeal(createSigner(options.jwtSecret));
  const now = options.now ?? (() => new Date());
  const { smtpUrl, tls } = config.mail;
  if (!tls) log.warn("SMTP_URL has ?tls=off: the SMTP password and every mail go in clear", { host: URL.parse(smtpUrl)?.host });
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // smtp:// sends nothing, password included, before STARTTLS; ?tls=off (a local relay) never starts TLS.
    requireTLS: tls,
    ignoreTLS: !tls,
    pool: true,
    maxConnections: 1,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  const due = db
    .select()
    .from(outbox)
    .where(and(eq(outbox.state, "waiting"), lte(outbox.nextAttemptAt, sql.placeholder("now"))))
    // Account mail first: a code or a reset link never waits behind a newsletter's thousands of copies.
    .orderBy(desc(outbox.priority), asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(1)
    .prepare();
  /** A mail sent or given up keeps no secret: the sealed part, and any a row queued by an older version holds in clear. */
  const forgetSecrets = {
    sealed: null,
    data: sql`json_remove(${outbox.data}, ${sql.join(
      SECRET_PATHS.map((path) => sql.raw(`'$.${path.join(".")}'`)),
      sql`, `,
    )})`,
  };
  const update = (id: number, values: Partial<OutboxRow>) => db.update(outbox).set(values).where(eq(outbox.id, id)).run();
  const fail = (id: number, lastAnswer: string) =>
    db
      .update(outbox)
      .set({ state: "failed", lastAnswer, ...forgetSecrets })
      .where(eq(outbox.id, id))
      .run();
  // The two writes of every send, prepared once (a statement prepared per send stays in memory until a GC).
  const byId = eq(outbox.id, sql.placeholder("id"));
  const markSending = db
    .update(outbox)
    .set({ state: "sending", attempts: sql`${sql.placeholder("attempts")}` })
    .where(byId)
    .prepare();
  const markSent = db
    .update(outbox)
    .set({ state: "sent", lastAnswer: sql`${sql.placeholder("answer")}`, sentAt: sql`${sql.placeholder("sentAt")}`, ...forgetSecrets })
    .where(byId)
    .prepare();
  const subscriberState = db
    .select({ email: subscribers.email, state: subscribers.state })
    .from(subscribers)
    .where(eq(subscribers.id, sql.placeholder("id")))
    .prepare();
  const newsletterBody = db
    .select({ body: newsletters.body })
    .from(newsletters)
    .where(eq(newsletters.id, sql.placeholder("id")))
    .prepare();
  const composeMail = createComposer((id) => newsletterBody.get({ id })?.body);
  /** A newsletter goes only to an address still confirmed when its turn comes: one that unsubscribed meanwhile gets nothing. */
  const noLongerSubscribed = (row: OutboxRow) => {
    const subscriber = row.kind === "newsletter" && (row.data as MailData["newsletter"]).subscriber;
    if (!subscriber) return false;
    const current = subscriberState.get({ id: subscriber.id });
    return current?.email !== subscriber.email || current.state !== "confirmed";
  };

  /** The row with its secrets put back; undefined when they were sealed under another JWT secret (it was changed since). */
  const opened = (row: OutboxRow): OutboxRow | undefined => {
    try {
      return { ...row, data: open(row.data, row.sealed) };
    } catch {
      return undefined;
    }
  };

  async function send(stored: OutboxRow) {
    if (noLongerSubscribed(stored)) {
      fail(stored.id, "Not sent: the address unsubscribed");
      return;
    }
    const row = opened(stored);
    if (!row) {
      fail(stored.id, "Not sent: its link or code was sealed under a JWT secret that has changed since; ask for a new one");
      return;
    }
    markSending.run({ id: row.id, attempts: row.attempts + 1 });
    try {
      const message = await composeMail(row, { mail: config.mail, siteUrl: config.siteUrl, timezone: config.timezone, now: now() });
      const info = await transport.sendMail(message);
      markSent.run({ id: row.id, answer: info.response, sentAt: now().toISOString() });
      log.info("Mail sent", { mail: row.id, kind: row.kind, attempt: row.attempts + 1 });
    } catch (error) {
      const answer = answerOf(error);
      log.warn("Mail not sent", { mail: row.id, kind: row.kind, attempt: row.attempts + 1, answer, permanent: isPermanent(error) });
      const next = now().getTime() + retryDelay(row.attempts + 1);
      if (isPermanent(error)) fail(row.id, answer);
      else if (next - Date.parse(row.createdAt) > GIVE_UP_AFTER_MS) fail(row.id, `Gave up after 24 hours: ${answer}`);
      else update(row.id, { state: "waiting", lastAnswer: answer, nextAttemptAt: new Date(next).toISOString() });
    }
  }

  /** Sends the next due row; false when none is due. */
  async function sendNext(): Promise<boolean> {
    const row = due.get({ now: now().toISOString() });
    if (!row) return false;
    await send(row);
    return true;
  }

  let stopped = false;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  let loop: Promise<void> | undefined;

  return {
    sendNext,
    /** Sends every row that is due now (tests). */
    async drain() {
      while (await sendNext());
    },
    /** Runs in the background until `stop`: resumes what a previous process left. */
    start() {
      requeueInFlight(db);
      const gapMs = 60_000 / config.mail.perMinute;
      loop = (async () => {
        while (!stopped) {
          const startedAt = Date.now();
          const sent = await sendNext().catch((error) => {
            log.error("Mail worker failed", { error: errorText(error) });
            return false;
          });
          if (!stopped) await pause(sent ? Math.max(0, gapMs - (Date.now() - startedAt)) : IDLE_POLL_MS);
        }
      })();
    },
    /** Finishes the send in flight, then closes the SMTP connection. */
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      transport.close();
    },
  };
}
