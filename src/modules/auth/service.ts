import { eq, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { users } from "../../../db/schema.ts";
import type { Db } from "../../../db/client.ts";
import { badRequest, tooManyRequests, unauthorized } from "../../lib/errors.ts";
import { RateLimiter, Semaphore } from "../../lib/rate-limit.ts";
import { DEFAULT_USERNAME } from "../../shared/constants.ts";

const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;
const FAILURES_BEFORE_LOCK = 5;
const LOCK_WINDOW_MS = 15 * 60 * 1000;
/** A hash to verify against when the username is unknown, so both cases take the same time (made on first use). */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= Bun.password.hash("not-a-real-password", "argon2id"));

export const SESSION_EXPIRED = "Your session has expired. Please log in again.";

/** Creates the admin user on first start; returns the generated password when none was given. */
export async function ensureAdmin(db: Db, password: string | undefined): Promise<{ created: boolean; generatedPassword?: string }> {
  if (db.select({ id: users.id }).from(users).limit(1).get()) return { created: false };
  const chosen = password ?? generatePassword();
  db.insert(users).values({ username: DEFAULT_USERNAME, password: await Bun.password.hash(chosen, "argon2id") }).run();
  return password ? { created: true } : { created: true, generatedPassword: chosen };
}

/** Sets a user's password (creating the user if missing) and revokes every token issued before. */
export async function setPassword(db: Db, username: string, password: string) {
  const hash = await Bun.password.hash(password, "argon2id");
  db.insert(users)
    .values({ username, password: hash })
    .onConflictDoUpdate({ target: users.username, set: { password: hash, tokenVersion: sql`${users.tokenVersion} + 1` } })
    .run();
}

export function generatePassword(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64url");
}

export function createAuthService(db: Db, jwtSecret: string, now: () => Date) {
  const key = new TextEncoder().encode(jwtSecret);
  const byUsername = db.select().from(users).where(eq(users.username, sql.placeholder("username"))).prepare();
  const byId = db
    .select({ id: users.id, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare();
  const failuresByIp = new RateLimiter(FAILURES_BEFORE_LOCK * 4, LOCK_WINDOW_MS, () => now().getTime());
  const failuresByUsername = new RateLimiter(FAILURES_BEFORE_LOCK, LOCK_WINDOW_MS, () => now().getTime());
  // Argon2 is deliberately slow: at most two checks at once keep the public site responsive.
  const hashChecks = new Semaphore(2);

  const issueToken = (user: { id: number; tokenVersion: number }) =>
    new SignJWT({ ver: user.tokenVersion })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(user.id))
      .setIssuedAt(Math.floor(now().getTime() / 1000))
      .setExpirationTime(Math.floor(now().getTime() / 1000) + TOKEN_LIFETIME_SECONDS)
      .sign(key);

  /** Verifies a password against the stored hash, counting failures per IP and per username. */
  async function checkPassword(username: string, password: string, ip: string) {
    const usernameKey = username.toLowerCase();
    const wait = Math.max(failuresByIp.retryAfter(ip), failuresByUsername.retryAfter(usernameKey));
    if (wait > 0) throw tooManyRequests("Too many failed attempts. Please try again later.", wait);
    const user = byUsername.get({ username });
    const hash = user?.password ?? (await getDummyHash());
    const ok = await hashChecks.run(() => Bun.password.verify(password, hash));
    if (!user || !ok) {
      failuresByIp.hit(ip);
      failuresByUsername.hit(usernameKey);
      return null;
    }
    failuresByUsername.reset(usernameKey);
    return user;
  }

  return {
    async login(username: string, password: string, ip: string): Promise<{ token: string }> {
      const user = await checkPassword(username, password, ip);
      if (!user) throw unauthorized("Invalid credentials");
      return { token: await issueToken(user) };
    },

    /** Changes the password after checking the current one; old tokens stop working, a new one is returned. */
    async resetPassword(input: { username: string; currentPassword: string; newPassword: string }, ip: string) {
      const user = await checkPassword(input.username, input.currentPassword, ip);
      if (!user) throw badRequest("Username or current password is incorrect");
      await setPassword(db, user.username, input.newPassword);
      const updated = byId.get({ id: user.id })!;
      return { success: true, message: "Password updated successfully", token: await issueToken(updated) };
    },

    /** The user id a bearer token stands for, or a 401 when it is missing, forged, expired or revoked. */
    async verify(authorization: string | null): Promise<number> {
      const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
      if (!token) throw unauthorized("Authentication required");
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], currentDate: now() });
        const user = byId.get({ id: Number(payload.sub) });
        if (!user || payload.ver !== user.tokenVersion) throw new Error("revoked");
        return user.id;
      } catch {
        throw unauthorized(SESSION_EXPIRED);
      }
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
