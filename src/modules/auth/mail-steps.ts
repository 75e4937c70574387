// What the account does by mail (issue 22): 'Forgot password?' links, codes for a new device, notices with a signed
// 'Not you? Sign out everywhere' link, and the link that confirms a new 'Account e-mail' (issue 30). Links and codes are
// stored hashed; their mails carry them sealed (src/modules/mail/sealed.ts); nothing secret is recorded. All of it goes
// to the account's own confirmed address only.

import { randomInt } from "node:crypto";
import type { Db } from "@db/client.ts";
import { emailChanges, passwordResets, signInCodes, users } from "@db/schema.ts";
import type { Config } from "@server/config.ts";
import { badRequest, tooManyRequests } from "@server/lib/errors.ts";
import { RateLimiter } from "@server/lib/rate-limit.ts";
import { hashOf, randomToken } from "@server/lib/secrets.ts";
import type { Signer } from "@server/lib/signer.ts";
import { describeUserAgent } from "@server/lib/user-agent.ts";
import type { Activity } from "@server/modules/activity/index.ts";
import type { Outbox } from "@server/modules/mail/index.ts";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Origin } from "./sessions.ts";

const RESET_LINK_MINUTES = 30;
const EMAIL_LINK_HOURS = 24;
const CODE_MINUTES = 10;
const CODE_TRIES = 5;
const SIGN_OUT_LINK_DAYS = 7;
const WINDOW_MS = 15 * 60 * 1000;
/** 'Forgot password?' answers no sooner than this, known account or not: the same answer in the same time band. */
export const FORGOT_ANSWER_MS = 400;
export const FORGOT_ANSWER = "If that account exists, a link is on its way.";
export const LINK_INVALID = "This link is not valid any more: it was used, it expired, or it was altered. Ask for a new one.";
const CODE_EXPIRED = "This code has expired or was tried too many times. Sign in again for a new code.";

type User = typeof users.$inferSelect;

export type MailStepsOptions = { db: Db; config: Config; signer: Signer; outbox: Outbox; now: () => Date; activity: Activity };

export function createMailSteps(options: MailStepsOptions) {
  const { db, config, now, activity, outbox } = options;
  const { sign: hmac, verify } = options.signer.for("account-mail");
  const iso = (offsetMs = 0) => new Date(now().getTime() + offsetMs).toISOString();
  const clock = () => now().getTime();
  const linksByIp = new RateLimiter(10, WINDOW_MS, clock);
  const linksByAccount = new RateLimiter(3, WINDOW_MS, clock);
  const codeTriesByIp = new RateLimiter(20, WINDOW_MS, clock);
  const resetsByIp = new RateLimiter(20, WINDOW_MS, clock);
  const where = (origin: Origin) => ({ ip: origin.ip, device: describeUserAgent(origin.userAgent) });

  /**
   * The account's confirmed 'Account e-mail', and nothing else: NOTIFY_EMAIL and the profile's e-mail are settings a
   * restore or an import can replace, so a code or a link sent there could be read by whoever replaced them.
   */
  const addressOf = (user: Pick<User, "email">) => user.email ?? undefined;

  const signOutSignature = (payload: string) => hmac(`sign-out:${payload}`);

  return {
    enabled: outbox.enabled,
    addressOf,

    /** 'Forgot password?': mails a link to the account named by its username or e-mail, if any; the same answer always. */
    async forgotPassword(login: string, origin: Origin): Promise<{ message: string }> {
      const started = performance.now();
      if (!outbox.enabled) throw badRequest("Mail is off on this server: ask whoever runs it to set a new password with reset-admin-password.");
      const wait = linksByIp.retryAfter(origin.ip);
      if (wait > 0) throw tooManyRequests("Too many requests. Please try again later.", wait);
      linksByIp.hit(origin.ip);
      const wanted = login.trim().toLowerCase();
      const user = db
        .select()
        .from(users)
        .all()
        .find((candidate) => candidate.username.toLowerCase() === wanted || addressOf(candidate)?.toLowerCase() === wanted);
      const to = user && addressOf(user);
      if (user && to && linksByAccount.retryAfter(String(user.id)) === 0) {
        linksByAccount.hit(String(user.id));
        const token = randomToken(32);
        db.transaction((tx) => {
          tx.insert(passwordResets)
            .values({ userId: user.id, tokenHash: hashOf(token), expiresAt: iso(RESET_LINK_MINUTES * 60_000), createdAt: iso() })
            .run();
          outbox.add("password-reset", to, "Set a new password", {
            resetUrl: `${config.siteUrl}/admin/reset-password#${token}`,
            minutes: RESET_LINK_MINUTES,
          });
        });
        activity.record({ kind: "password", summary: "Password reset link mailed", ...where(origin) });
      }
      await Bun.sleep(Math.max(0, FORGOT_ANSWER_MS - (performance.now() - started)));
      return { message: FORGOT_ANSWER };
    },

    /** The user a reset link stands for, the link spent (with every other one of that user); a 400 when it is not valid. */
    spendResetLink(token: string, origin: Origin): number {
      const wait = resetsByIp.retryAfter(origin.ip);
      if (wait > 0) throw tooManyRequests("Too many requests. Please try again later.", wait);
      resetsByIp.hit(origin.ip);
      const row = db
        .select()
        .from(passwordResets)
        .where(and(eq(passwordResets.tokenHash, hashOf(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, iso())))
        .get();
      if (!row) throw badRequest(LINK_INVALID);
      db.update(passwordResets)
        .set({ usedAt: iso() })
        .where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)))
        .run();
      db.delete(passwordResets)
        .where(lt(passwordResets.expiresAt, iso(-24 * 60 * 60_000)))
        .run();
      return row.userId;
    },

    /** Whether a password sign-in must be confirmed with a mailed code: mail on, an address, a device not known. */
    needsCode: (user: User, knownDevice: boolean) => outbox.enabled && !knownDevice && !!addressOf(user),

    /** Mails a new 6-digit code; answers the ticket the browser sends back with it. */
    mailCode(user: User, origin: Origin): string {
      const to = addressOf(user);
      if (!to) throw badRequest("The account has no e-mail address for the code.");
      const ticket = randomToken(24);
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      db.transaction((tx) => {
        tx.delete(signInCodes).where(lt(signInCodes.expiresAt, iso())).run();
        tx.insert(signInCodes)
          .values({
            userId: user.id,
            ticketHash: hashOf(ticket),
            codeHash: hmac(`${ticket}:${code}`),
            expiresAt: iso(CODE_MINUTES * 60_000),
            createdAt: iso(),
          })
          .run();
        outbox.add("sign-in-code", to, "Your sign-in code", { code, minutes: CODE_MINUTES, ...where(origin) });
      });
      activity.record({ kind: "code", summary: "Sign-in code mailed for a new device", ...where(origin) });
      return ticket;
    },

    /**
     * Checks a code against its ticket. A try is counted before the code is compared; after 5 the ticket is spent and
     * even the right code is refused. Answers the user id; a 400 otherwise.
     */
    checkCode(ticket: string, code: string, origin: Origin): number {
      const wait = codeTriesByIp.retryAfter(origin.ip);
      if (wait > 0) throw tooManyRequests("Too many failed attempts. Please try again later.", wait);
      codeTriesByIp.hit(origin.ip);
      const row = db
        .select()
        .from(signInCodes)
        .where(and(eq(signInCodes.ticketHash, hashOf(ticket)), gt(signInCodes.expiresAt, iso())))
        .get();
      if (!row || row.tries >= CODE_TRIES) throw badRequest(CODE_EXPIRED);
      db.update(signInCodes)
        .set({ tries: row.tries + 1 })
        .where(eq(signInCodes.id, row.id))
        .run();
      if (!verify(`${ticket}:${code}`, row.codeHash)) {
        const left = CODE_TRIES - row.tries - 1;
        activity.tally({ kind: "code", summary: "Wrong sign-in code entered", ...where(origin) });
        throw badRequest(left > 0 ? `That code is not right. ${left} ${left === 1 ? "try" : "tries"} left.` : CODE_EXPIRED);
      }
      db.delete(signInCodes).where(eq(signInCodes.id, row.id)).run();
      codeTriesByIp.forgive(origin.ip);
      return row.userId;
    },

    /**
     * A new 'Account e-mail': a link to the new address (it takes effect when the link is opened), a notice to the old
     * one. An empty address stops account mail at once, the old address told.
     */
    requestEmailChange(user: User, email: string | null, origin: Origin): { pendingEmail: string | null } {
      if (email && email !== user.email) {
        if (!outbox.enabled) throw badRequest("Mail is off on this server: a new address cannot be confirmed by mail.");
        const wait = linksByAccount.retryAfter(`email:${user.id}`);
        if (wait > 0) throw tooManyRequests("Too many requests. Please try again later.", wait);
        linksByAccount.hit(`email:${user.id}`);
      }
      // A new request replaces a change waiting for its link; the current address again cancels it.
      db.delete(emailChanges).where(eq(emailChanges.userId, user.id)).run();
      if (email === user.email) return { pendingEmail: null };
      if (!email) {
        db.update(users).set({ email: null }).where(eq(users.id, user.id)).run();
        this.notify(user, "The account e-mail was removed", origin);
        activity.record({ kind: "account", summary: "Account e-mail cleared", ...where(origin) });
        return { pendingEmail: null };
      }
      const token = randomToken(32);
      db.transaction((tx) => {
        tx.insert(emailChanges)
          .values({ userId: user.id, email, tokenHash: hashOf(token), expiresAt: iso(EMAIL_LINK_HOURS * 3_600_000), createdAt: iso() })
          .run();
        outbox.add("email-confirmation", email, "Confirm your new account e-mail", {
          confirmUrl: `${config.siteUrl}/admin/confirm-email#${token}`,
          hours: EMAIL_LINK_HOURS,
        });
        this.notify(user, `A change of the account e-mail to ${email} was asked for`, origin);
      });
      activity.record({
        kind: "account",
        summary: "Account e-mail change asked for: a confirmation link mailed to the new address",
        ...where(origin),
      });
      return { pendingEmail: email };
    },

    /** The address waiting for its link, if any. */
    pendingEmail(userId: number): string | null {
      const row = db
        .select({ email: emailChanges.email })
        .from(emailChanges)
        .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, iso())))
        .get();
      return row?.email ?? null;
    },

    /** Opens a new address's link: it becomes the 'Account e-mail'. A 400 when the link is not valid. */
    confirmEmailChange(token: string, origin: Origin): { email: string } {
      const wait = resetsByIp.retryAfter(origin.ip);
      if (wait > 0) throw tooManyRequests("Too many requests. Please try again later.", wait);
      resetsByIp.hit(origin.ip);
      const row = db
        .select()
        .from(emailChanges)
        .where(and(eq(emailChanges.tokenHash, hashOf(token)), gt(emailChanges.expiresAt, iso())))
        .get();
      if (!row) throw badRequest(LINK_INVALID);
      db.transaction((tx) => {
        tx.update(users).set({ email: row.email }).where(eq(users.id, row.userId)).run();
        tx.delete(emailChanges).where(eq(emailChanges.userId, row.userId)).run();
      });
      activity.record({ kind: "account", summary: "Account e-mail confirmed with its mailed link", ...where(origin) });
      return { email: row.email };
    },

    /** Mails the account a notice of `what` with a signed link that signs out every device (valid a week, once). */
    notify(user: User, what: string, origin: Origin) {
      const to = addressOf(user);
      if (!outbox.enabled || !to) return;
      const payload = `${user.id}.${user.tokenVersion}.${Math.floor(now().getTime() / 1000) + SIGN_OUT_LINK_DAYS * 86_400}`;
      outbox.add("security-notice", to, what, {
        what,
        ...where(origin),
        at: `${now().toISOString().replace("T", " ").slice(0, 16)} UTC`,
        signOutUrl: `${config.siteUrl}/admin/sign-out-everywhere#${payload}.${signOutSignature(payload)}`,
      });
    },

    /** The user a 'Sign out everywhere' link stands for, when it is ours, unexpired and of the user's current version. */
    signOutLinkUser(link: string): number | null {
      const [id, version, expires, signature, extra] = link.split(".");
      if (!id || !version || !expires || !signature || extra !== undefined) return null;
      if (!verify(`sign-out:${id}.${version}.${expires}`, signature)) return null;
      if (Number(expires) * 1000 < now().getTime()) return null;
      const user = db
        .select()
        .from(users)
        .where(eq(users.id, Number(id)))
        .get();
      return user && String(user.tokenVersion) === version ? user.id : null;
    },
  };
}
