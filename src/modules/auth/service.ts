import type { Db } from "@db/client.ts";
import { users } from "@db/schema.ts";
import { jwt } from "@elysiajs/jwt";
import { SettingError } from "@server/config.ts";
import { badRequest, tooManyRequests, unauthorized } from "@server/lib/errors.ts";
import { RateLimiter, Semaphore } from "@server/lib/rate-limit.ts";
import { DEFAULT_USERNAME, SESSION_EXPIRED_MESSAGE } from "@server/shared/constants.ts";
import { checkNewPassword } from "@server/shared/schemas.ts";
import { eq, sql } from "drizzle-orm";
import { deviceCookies } from "./device-cookie.ts";

const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;
/** Attempts per username from untrusted clients (all of them together), and per trusted device, in a window. */
const ATTEMPTS_PER_USER = 5;
/** Attempts per client address, whatever the username or device. */
const ATTEMPTS_PER_IP = 20;
const LOCK_WINDOW_MS = 15 * 60 * 1000;
/** A hash to verify against when the username is unknown, so both cases take the same time (made on first use). */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= Bun.password.hash("not-a-real-password", "argon2id"));

/** Creates the admin user on first start; returns the generated password when none was given. */
export async function ensureAdmin(db: Db, password: string | undefined): Promise<{ created: boolean; generatedPassword?: string }> {
  if (db.select({ id: users.id }).from(users).limit(1).get()) return { created: false };
  const chosen = password ?? generatePassword();
  assertAcceptable(chosen);
  db.insert(users)
    .values({ username: DEFAULT_USERNAME, password: await Bun.password.hash(chosen, "argon2id") })
    .run();
  return password ? { created: true } : { created: true, generatedPassword: chosen };
}

/** Sets a user's password (creating the user if missing) and revokes every token issued before. */
export async function setPassword(db: Db, username: string, password: string) {
  assertAcceptable(password);
  const hash = await Bun.password.hash(password, "argon2id");
  db.insert(users)
    .values({ username, password: hash })
    .onConflictDoUpdate({ target: users.username, set: { password: hash, tokenVersion: sql`${users.tokenVersion} + 1` } })
    .run();
}

/** ADMIN_PASSWORD and the CLI follow the web form's rule; a clear error names the setting. */
function assertAcceptable(password: string) {
  const verdict = checkNewPassword(password);
  if (verdict !== true) throw new SettingError(`ADMIN_PASSWORD is not acceptable: ${verdict}.`);
}

export function generatePassword(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64url");
}

/** Who is trying to log in, for the attempt limits. */
export type Attempt = { ip: string; device?: string };

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(db: Db, jwtSecret: string, now: () => Date) {
  // @elysiajs/jwt's signer and verifier, used outside a request (the guard and the login call them).
  const tokens = jwt({ secret: jwtSecret, alg: "HS256" }).decorator.jwt;
  const devices = deviceCookies(jwtSecret);
  const byUsername = db
    .select()
    .from(users)
    .where(eq(users.username, sql.placeholder("username")))
    .prepare();
  const byId = db
    .select({ id: users.id, tokenVersion: users.tokenVersion })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare();
  const clock = () => now().getTime();
  const attemptsByIp = new RateLimiter(ATTEMPTS_PER_IP, LOCK_WINDOW_MS, clock);
  const attemptsByUsername = new RateLimiter(ATTEMPTS_PER_USER, LOCK_WINDOW_MS, clock);
  const attemptsByDevice = new RateLimiter(ATTEMPTS_PER_USER, LOCK_WINDOW_MS, clock);
  // Argon2 is deliberately slow: at most two checks at once keep the public site responsive.
  const hashChecks = new Semaphore(2);

  const issueToken = (user: { id: number; tokenVersion: number }) => {
    const seconds = Math.floor(now().getTime() / 1000);
    return tokens.sign({ sub: String(user.id), ver: user.tokenVersion, exp: seconds + TOKEN_LIFETIME_SECONDS });
  };

  /**
   * Verifies a password against the stored hash. The attempt is counted before the hash is checked, so concurrent
   * guesses cannot pass the limit: per client address, and per trusted device or else per username (all untrusted
   * clients together). A success takes back its attempt at the address and clears its own count. Answers the user
   * and a fresh device cookie, or null.
   */
  async function checkPassword(username: string, password: string, attempt: Attempt) {
    const usernameKey = username.trim().toLowerCase();
    const device = devices.verify(attempt.device, usernameKey);
    const [own, ownKey] = device ? [attemptsByDevice, device] : [attemptsByUsername, usernameKey];
    const wait = Math.max(attemptsByIp.retryAfter(attempt.ip), own.retryAfter(ownKey));
    if (wait > 0) throw tooManyRequests("Too many failed attempts. Please try again later.", wait);
    attemptsByIp.hit(attempt.ip);
    own.hit(ownKey);
    const user = byUsername.get({ username });
    const hash = user?.password ?? (await getDummyHash());
    const ok = await hashChecks.run(() => Bun.password.verify(password, hash));
    if (!user || !ok) return null;
    attemptsByIp.forgive(attempt.ip);
    own.reset(ownKey);
    return { user, device: devices.issue(usernameKey) };
  }

  return {
    async login(username: string, password: string, attempt: Attempt): Promise<{ token: string; device: string }> {
      const checked = await checkPassword(username, password, attempt);
      if (!checked) throw unauthorized("Invalid credentials");
      return { token: await issueToken(checked.user), device: checked.device };
    },

    /** Changes the password after checking the current one; old tokens stop working, a new one is returned. */
    async resetPassword(input: { username: string; currentPassword: string; newPassword: string }, attempt: Attempt) {
      const checked = await checkPassword(input.username, input.currentPassword, attempt);
      if (!checked) throw badRequest("Username or current password is incorrect");
      await setPassword(db, checked.user.username, input.newPassword);
      // biome-ignore lint/style/noNonNullAssertion: the user was found just above; a password change keeps the row
      const updated = byId.get({ id: checked.user.id })!;
      return { success: true, message: "Password updated successfully", token: await issueToken(updated) };
    },

    /** The user id a bearer token stands for, or a 401 when it is missing, forged, expired, without expiry or revoked. */
    async verify(authorization: string | null): Promise<number> {
      const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
      if (!token) throw unauthorized("Authentication required");
      const payload = await tokens.verify(token, { algorithms: ["HS256"], currentDate: now(), requiredClaims: ["exp"] });
      const user = payload ? byId.get({ id: Number(payload.sub) }) : undefined;
      if (!payload || !user || payload.ver !== user.tokenVersion) throw unauthorized(SESSION_EXPIRED_MESSAGE);
      return user.id;
    },
  };
}
