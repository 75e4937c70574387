// My practice's sign-in (issue 40): no account and no password. A student is whoever has an e-mail with a booking, a
// registration or a pass; a known address is mailed a 6-digit code and a link (15 minutes, used once, 5 tries, 3 an
// hour), and the code opens a session of 30 days held in an HttpOnly cookie. Codes and sessions are stored as hashes
// only; the answer to a sign-in is the same, in the same time band, whoever asks.
import { randomInt } from "node:crypto";
import type { Db } from "@db/client.ts";
import { eventRegistrations, practiceCodes, practiceSessions, studentPasses } from "@db/schema.ts";
import type { Config } from "@server/config.ts";
import { badRequest, tooManyRequests } from "@server/lib/errors.ts";
import { RateLimiter } from "@server/lib/rate-limit.ts";
import { hashOf, randomToken } from "@server/lib/secrets.ts";
import { and, count, desc, eq, gt, isNull, lt } from "drizzle-orm";
import type { Outbox } from "../mail/index.ts";

const CODE_MINUTES = 15;
const CODE_TRIES = 5;
const CODES_PER_HOUR = 3;
export const SESSION_DAYS = 30;
/** The sign-in answers no sooner than this, known address or not. */
const ANSWER_MS = 300;
const WINDOW_MS = 15 * 60_000;
const CODE_NOT_VALID = "This code is not valid any more: it was used, it expired, or it was tried too many times. Ask for a new one.";
const CODE_WRONG = "That code is not right. Check the mail and try again.";

type Options = { db: Db; config: Pick<Config, "siteUrl">; outbox: Outbox; now: () => Date };

export function createPracticeSignIn({ db, config, outbox, now }: Options) {
  const clock = () => now().getTime();
  const iso = (offsetMs = 0) => new Date(clock() + offsetMs).toISOString();
  const signInsByIp = new RateLimiter(10, WINDOW_MS, clock);
  const triesByIp = new RateLimiter(20, WINDOW_MS, clock);

  /** A booking, a registration or a pass under this address: a student. */
  const isStudent = (email: string) =>
    db.select({ id: eventRegistrations.id }).from(eventRegistrations).where(eq(eventRegistrations.email, email)).limit(1).get() !== undefined ||
    db.select({ id: studentPasses.id }).from(studentPasses).where(eq(studentPasses.email, email)).limit(1).get() !== undefined;

  const limited = (limiter: RateLimiter, ip: string) => {
    const wait = limiter.retryAfter(ip);
    if (wait > 0) throw tooManyRequests("Too many requests. Please try again later.", wait);
    limiter.hit(ip);
  };

  return {
    /** POST /api/practice/sign-in: a code mailed to a student's address; the same answer for any address. */
    async signIn(email: string, ip: string): Promise<{ sent: true }> {
      const started = performance.now();
      limited(signInsByIp, ip);
      db.transaction(
        () => {
          if (!isStudent(email)) return;
          const lastHour = db
            .select({ n: count() })
            .from(practiceCodes)
            .where(and(eq(practiceCodes.email, email), gt(practiceCodes.createdAt, iso(-3_600_000))))
            .get();
          if ((lastHour?.n ?? 0) >= CODES_PER_HOUR) return;
          const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
          db.insert(practiceCodes)
            .values({ email, codeHash: hashOf(`${email}:${code}`), expiresAt: iso(CODE_MINUTES * 60_000), createdAt: iso() })
            .run();
          // The link carries the code in its fragment, which no server (nor its log) ever receives.
          const signInUrl = `${config.siteUrl}/practice#${new URLSearchParams({ email, code })}`;
          outbox.add("practice-code", email, "Your code for My practice", { code, signInUrl, minutes: CODE_MINUTES });
        },
        { behavior: "immediate" },
      );
      await Bun.sleep(Math.max(0, ANSWER_MS - (performance.now() - started)));
      return { sent: true };
    },

    /** POST /api/practice/verify: the newest live code of the address; right, it is used and a session's token answered. */
    verify(email: string, code: string, ip: string): string {
      limited(triesByIp, ip);
      // A wrong try is counted (its transaction commits), then refused.
      const result = db.transaction(
        (): { token: string } | { refused: string } => {
          const live = db
            .select()
            .from(practiceCodes)
            .where(and(eq(practiceCodes.email, email), isNull(practiceCodes.usedAt), gt(practiceCodes.expiresAt, iso())))
            .orderBy(desc(practiceCodes.id))
            .limit(1)
            .get();
          if (!live || live.tries >= CODE_TRIES) return { refused: CODE_NOT_VALID };
          if (live.codeHash !== hashOf(`${email}:${code}`)) {
            const tries = live.tries + 1;
            db.update(practiceCodes)
              .set({ tries, ...(tries >= CODE_TRIES && { usedAt: iso() }) })
              .where(eq(practiceCodes.id, live.id))
              .run();
            return { refused: tries >= CODE_TRIES ? CODE_NOT_VALID : CODE_WRONG };
          }
          db.update(practiceCodes).set({ usedAt: iso() }).where(eq(practiceCodes.id, live.id)).run();
          // Old codes and sessions go as new ones come: nothing of them is kept longer than it works.
          db.delete(practiceCodes)
            .where(lt(practiceCodes.expiresAt, iso(-86_400_000)))
            .run();
          db.delete(practiceSessions).where(lt(practiceSessions.expiresAt, iso())).run();
          const token = randomToken();
          db.insert(practiceSessions)
            .values({ email, tokenHash: hashOf(token), expiresAt: iso(SESSION_DAYS * 86_400_000), createdAt: iso() })
            .run();
          return { token };
        },
        { behavior: "immediate" },
      );
      if ("refused" in result) throw badRequest(result.refused);
      return result.token;
    },

    /** The address a session cookie's token is signed in as; undefined when it is none or over. */
    studentOf(token: string | undefined): string | undefined {
      if (!token || token.length > 100) return undefined;
      const session = db
        .select({ email: practiceSessions.email })
        .from(practiceSessions)
        .where(and(eq(practiceSessions.tokenHash, hashOf(token)), gt(practiceSessions.expiresAt, iso())))
        .get();
      return session?.email;
    },

    /** 'Sign out': this browser's session. */
    signOut(token: string | undefined) {
      if (token)
        db.delete(practiceSessions)
          .where(eq(practiceSessions.tokenHash, hashOf(token)))
          .run();
    },

    /** 'Sign out everywhere': every session of the address. */
    signOutEverywhere(email: string) {
      db.delete(practiceSessions).where(eq(practiceSessions.email, email)).run();
    },
  };
}
