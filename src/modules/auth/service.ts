import type { Db } from "@db/client.ts";
import { devices, users } from "@db/schema.ts";
import { jwt } from "@elysiajs/jwt";
import { SettingError } from "@server/config.ts";
import { badRequest, HttpError, notFound, tooManyRequests, unauthorized } from "@server/lib/errors.ts";
import { log } from "@server/lib/log.ts";
import { addressKey, RateLimiter, Semaphore } from "@server/lib/rate-limit.ts";
import { describeUserAgent } from "@server/lib/user-agent.ts";
import { quoted } from "@server/modules/activity/index.ts";
import { DEFAULT_USERNAME, SESSION_EXPIRED_MESSAGE } from "@server/shared/constants.ts";
import { checkNewPassword } from "@server/shared/schemas.ts";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { eq, inArray, isNull, sql } from "drizzle-orm";
import { deviceCookies } from "./device-cookie.ts";
import { createMailSteps, LINK_INVALID, type MailStepsOptions } from "./mail-steps.ts";
import type { SignedInDevice } from "./model.ts";
import { createPasskeys } from "./passkeys.ts";
import { createSessions, type Origin, SESSION_LIFETIME_MS, type Session } from "./sessions.ts";

/**
 * Attempts per trusted device in a window; per username and address (an IPv6 /64) from untrusted clients before each
 * further one from there waits a growing delay (1 s, doubling, up to the window), forgotten a day after the last. The
 * delay holds the guesser's address only: the owner elsewhere goes on to the mailed code (issue 37 item 15).
 */
const ATTEMPTS_PER_USER = 5;
/** Attempts per client address (an IPv6 /64), whatever the username or device. */
const ATTEMPTS_PER_IP = 20;
const LOCK_WINDOW_MS = 15 * 60 * 1000;
const USERNAME_DELAY_KEPT_MS = 24 * 60 * 60 * 1000;
/** Passkey sign-in options per client address in a window. */
const PASSKEY_OPTIONS_PER_IP = 30;
/** How long a proof (the password or a passkey) lets a session make sensitive changes: GitHub's "sudo mode". */
const PROOF_MS = 10 * 60 * 1000;
export const PROOF_REQUIRED = "Confirm it's you: this change needs your password or a passkey within the last 10 minutes.";
/** A hash to verify against when the username is unknown, so both cases take the same time (made on first use). */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => (dummyHash ??= Bun.password.hash("not-a-real-password", "argon2id"));

/**
 * Creates the admin user on first start; returns the generated password when none was given. ADMIN_EMAIL becomes the
 * account's confirmed address when it has none (at first start, or the first start with the setting).
 */
export async function ensureAdmin(
  db: Db,
  settings: { password: string | undefined; email: string | undefined },
): Promise<{ created: boolean; generatedPassword?: string }> {
  const { password, email } = settings;
  if (email) db.update(users).set({ email }).where(isNull(users.email)).run();
  if (db.select({ id: users.id }).from(users).limit(1).get()) return { created: false };
  const chosen = password ?? generatePassword();
  assertAcceptable(chosen);
  db.insert(users)
    .values({ username: DEFAULT_USERNAME, password: await Bun.password.hash(chosen, "argon2id"), email })
    .run();
  return password ? { created: true } : { created: true, generatedPassword: chosen };
}

/** Sets a user's password (creating the user if missing), revokes every token issued before and ends every session. */
export async function setPassword(db: Db, username: string, password: string) {
  assertAcceptable(password);
  const hash = await Bun.password.hash(password, "argon2id");
  db.transaction((tx) => {
    tx.insert(users)
      .values({ username, password: hash })
      .onConflictDoUpdate({ target: users.username, set: { password: hash, tokenVersion: sql`${users.tokenVersion} + 1` } })
      .run();
    tx.update(devices)
      .set({ sessionId: null, sessionExpiresAt: null })
      .where(inArray(devices.userId, tx.select({ id: users.id }).from(users).where(eq(users.username, username))))
      .run();
  });
}

/** ADMIN_PASSWORD and the CLI follow the web form's rule; a clear error names the setting. */
function assertAcceptable(password: string) {
  const verdict = checkNewPassword(password);
  if (verdict !== true) throw new SettingError(`ADMIN_PASSWORD is not acceptable: ${verdict}.`);
}

export function generatePassword(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64url");
}

/** Who is trying to log in: the address and device cookie for the attempt limits, the browser for the devices list. */
export type Attempt = Origin & { device?: string };

/** A row of the account area's devices list (GET /api/admin/sessions). */

/** A password sign-in's answer: signed in, or (a new device while mail is on) a code to ask for. */
export type LoginResult = { token: string; device: string } | { codeRequired: true; ticket: string };

export function createAuthService(options: MailStepsOptions & { jwtSecret: string }) {
  const { db, jwtSecret, now, activity, signer } = options;
  const mail = createMailSteps(options);
  const siteUrl = options.config.siteUrl;
  const keys = createPasskeys({ db, siteUrl, siteName: new URL(siteUrl).host, now, signer });
  // @elysiajs/jwt's signer and verifier, used outside a request (the guard and the login call them).
  const tokens = jwt({ secret: jwtSecret, alg: "HS256" }).decorator.jwt;
  const cookies = deviceCookies(signer);
  const sessions = createSessions(db, now);
  const byUsername = db
    .select()
    .from(users)
    .where(eq(users.username, sql.placeholder("username")))
    .prepare();
  const byId = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare();
  const clock = () => now().getTime();
  const attemptsByIp = new RateLimiter(ATTEMPTS_PER_IP, LOCK_WINDOW_MS, clock);
  const attemptsByUsername = new RateLimiter(ATTEMPTS_PER_USER, USERNAME_DELAY_KEPT_MS, clock, LOCK_WINDOW_MS);
  const attemptsByDevice = new RateLimiter(ATTEMPTS_PER_USER, LOCK_WINDOW_MS, clock);
  const passkeyOptionsByIp = new RateLimiter(PASSKEY_OPTIONS_PER_IP, LOCK_WINDOW_MS, clock);
  // Argon2 is deliberately slow: at most two checks at once keep the public site responsive.
  const hashChecks = new Semaphore(2);

  const issueToken = (user: { id: number; tokenVersion: number }, session: Session) => {
    const seconds = Math.floor(now().getTime() / 1000);
    return tokens.sign({ sub: String(user.id), ver: user.tokenVersion, sid: session.sessionId, exp: seconds + SESSION_LIFETIME_MS / 1000 });
  };
  const where = (origin: Origin) => ({ ip: origin.ip, device: describeUserAgent(origin.userAgent) });

  /**
   * Verifies a password against the stored hash. The attempt is counted before the hash is checked, so concurrent
   * guesses cannot pass the limit: per client address, and per trusted device or else per username from that address
   * (a growing delay). A success takes back its attempt at the address and clears its own count. A
   * refusal is tallied in the activity log, not written for each try. Answers the user and the known device, or null.
   */
  async function checkPassword(username: string, password: string, attempt: Attempt) {
    const usernameKey = username.trim().toLowerCase();
    const user = byUsername.get({ username });
    const signed = cookies.verify(attempt.device, usernameKey);
    const device = signed && user && sessions.knows(user.id, signed) ? signed : null;
    const [own, ownKey] =
      device && attempt.device ? [attemptsByDevice, attempt.device] : [attemptsByUsername, `${usernameKey}\n${addressKey(attempt.ip)}`];
    const wait = Math.max(attemptsByIp.retryAfter(attempt.ip), own.retryAfter(ownKey));
    if (wait > 0) {
      log.warn("Sign-in refused: locked after failed attempts", { ip: attempt.ip, username, retryAfter: Math.ceil(wait) });
      activity.tally({ kind: "lockout", summary: `Sign-in refused for ${quoted(username)}: too many failed attempts`, ...where(attempt) });
      throw tooManyRequests("Too many failed attempts. Please try again later.", wait);
    }
    attemptsByIp.hit(attempt.ip);
    own.hit(ownKey);
    const hash = user?.password ?? (await getDummyHash());
    const ok = await hashChecks.run(() => Bun.password.verify(password, hash));
    if (!user || !ok) {
      log.warn("Sign-in failed", { ip: attempt.ip, username, locked: attemptsByIp.retryAfter(attempt.ip) > 0 || own.retryAfter(ownKey) > 0 });
      activity.tally({ kind: "sign-in-failed", summary: `Wrong password for ${quoted(username)}`, ...where(attempt) });
      return null;
    }
    attemptsByIp.forgive(attempt.ip);
    own.reset(ownKey);
    return { user, device };
  }

  /** Signs in on the attempt's device (known or new): the token and the device cookie to set. */
  async function signIn(user: typeof users.$inferSelect, device: string | null, attempt: Attempt, how: string) {
    const session = sessions.start(user.id, device, attempt);
    activity.record({ kind: "sign-in", summary: `Signed in ${how}`, ...where(attempt) });
    if (!device) mail.notify(user, "A sign-in from a new device", attempt);
    return { token: await issueToken(user, session), device: cookies.issue(user.username.trim().toLowerCase(), session.deviceId) };
  }

  return {
    /** The mailed steps and the passkeys, for the routes that call them directly. */
    mail,
    keys,

    async login(username: string, password: string, attempt: Attempt): Promise<LoginResult> {
      const checked = await checkPassword(username, password, attempt);
      if (!checked) throw unauthorized("Invalid credentials");
      if (mail.needsCode(checked.user, !!checked.device)) return { codeRequired: true, ticket: mail.mailCode(checked.user, attempt) };
      return signIn(checked.user, checked.device, attempt, "with the password");
    },

    /** The second step of a password sign-in on a new device: the mailed code. */
    async loginWithCode(ticket: string, code: string, attempt: Attempt) {
      const user = byId.get({ id: mail.checkCode(ticket, code, attempt) });
      if (!user) throw unauthorized("Invalid credentials");
      return signIn(user, null, attempt, "with the password and a mailed code");
    },

    /** A passkey sign-in's options (limited per address) and the browser's challenge cookie to set. */
    passkeyOptions(origin: Origin, challengeCookie: string | undefined) {
      const wait = passkeyOptionsByIp.retryAfter(origin.ip);
      if (wait > 0) throw tooManyRequests("Too many requests. Please try again later.", wait);
      passkeyOptionsByIp.hit(origin.ip);
      return keys.authenticationOptions(challengeCookie);
    },

    /** A passkey sign-in, against a challenge of the browser's cookie: no other step. A browser the account knows stays known. */
    async loginWithPasskey(response: AuthenticationResponseJSON, attempt: Attempt, challengeCookie: string | undefined) {
      const wait = attemptsByIp.retryAfter(attempt.ip);
      if (wait > 0) throw tooManyRequests("Too many failed attempts. Please try again later.", wait);
      attemptsByIp.hit(attempt.ip);
      const user = await keys
        .authenticate(response, challengeCookie)
        .then((id) => byId.get({ id }))
        .catch((error) => {
          activity.tally({ kind: "sign-in-failed", summary: "A passkey was not accepted", ...where(attempt) });
          throw error;
        });
      if (!user) throw unauthorized("Invalid credentials");
      attemptsByIp.forgive(attempt.ip);
      const signed = cookies.verify(attempt.device, user.username.trim().toLowerCase());
      return signIn(user, signed && sessions.knows(user.id, signed) ? signed : null, attempt, "with a passkey");
    },

    async addPasskey(userId: number, name: string, response: RegistrationResponseJSON, origin: Origin) {
      const added = await keys.register(userId, name, response);
      activity.record({ kind: "passkey", summary: `Passkey "${name}" added`, ...where(origin) });
      const user = byId.get({ id: userId });
      if (user) mail.notify(user, `A passkey was added: ${name}`, origin);
      return added;
    },

    removePasskey(userId: number, id: string, origin: Origin) {
      const name = keys.remove(userId, id);
      activity.record({ kind: "passkey", summary: `Passkey "${name}" removed`, ...where(origin) });
    },

    /**
     * A mailed reset link's new password: every session ends, every token is revoked (and, when asked, every passkey is
     * removed: one added by whoever had the account would let them back in); the user then signs in. The browser proved
     * itself with the link: it becomes a known device (the device cookie to set), so its sign-in is counted on its own
     * while the username's untrusted clients wait.
     */
    async resetWithLink(input: { token: string; newPassword: string; removePasskeys?: boolean }, origin: Origin) {
      const user = byId.get({ id: mail.spendResetLink(input.token, origin) });
      if (!user) throw badRequest(LINK_INVALID);
      await setPassword(db, user.username, input.newPassword);
      const removed = input.removePasskeys ? keys.removeAll(user.id) : 0;
      activity.record({
        kind: "password",
        summary: `Password reset with a mailed link; every device signed out${removed ? " and every passkey removed" : ""}`,
        ...where(origin),
      });
      const updated = byId.get({ id: user.id });
      if (updated) mail.notify(updated, "Your password was reset", origin);
      const { deviceId, sessionId } = sessions.start(user.id, null, origin);
      sessions.end(sessionId);
      return {
        answer: { success: true, message: "Your password has been updated successfully." },
        device: cookies.issue(user.username.trim().toLowerCase(), deviceId),
      };
    },

    /** The confirmed 'Account e-mail' (where account mail goes) and the one waiting for its link. */
    account(userId: number) {
      const user = byId.get({ id: userId });
      if (!user) throw notFound("Account not found");
      return { username: user.username, email: user.email, pendingEmail: mail.pendingEmail(user.id), mail: mail.enabled };
    },

    /** A new 'Account e-mail' (see mail.requestEmailChange): the account as it is now. */
    setAccountEmail(userId: number, email: string | null, origin: Origin) {
      const user = byId.get({ id: userId });
      if (!user) throw notFound("Account not found");
      mail.requestEmailChange(user, email, origin);
      return this.account(userId);
    },

    /**
     * Refuses a sensitive change (the account e-mail, a passkey, the password) unless this session proved who it is
     * within PROOF_MS: a stolen token alone cannot lock the owner out or add a way back in. A 403 the admin area
     * answers with 'Confirm it's you', then retries.
     */
    requireRecentProof({ provedAt }: Session) {
      if (!provedAt || Date.parse(provedAt) < now().getTime() - PROOF_MS) throw new HttpError(403, PROOF_REQUIRED, { proofRequired: true });
    },

    /**
     * 'Confirm it's you': the password, or a passkey of this session's account (against a challenge of the browser's
     * cookie, as a passkey sign-in), proves it again.
     */
    async confirm(
      current: Session,
      proof: { password: string } | { passkey: AuthenticationResponseJSON; challengeCookie: string | undefined },
      attempt: Attempt,
    ) {
      const user = byId.get({ id: current.userId });
      if (!user) throw notFound("Account not found");
      let how: string;
      if ("password" in proof) {
        if (!(await checkPassword(user.username, proof.password, attempt))) throw badRequest("That password is not right.");
        how = "with the password";
      } else {
        const wait = attemptsByIp.retryAfter(attempt.ip);
        if (wait > 0) throw tooManyRequests("Too many failed attempts. Please try again later.", wait);
        attemptsByIp.hit(attempt.ip);
        const owner = await keys.authenticate(proof.passkey, proof.challengeCookie).catch(() => null);
        if (owner !== user.id) {
          activity.tally({ kind: "sign-in-failed", summary: "A passkey was not accepted", ...where(attempt) });
          throw badRequest("That passkey was not accepted.");
        }
        attemptsByIp.forgive(attempt.ip);
        how = "with a passkey";
      }
      sessions.prove(current.sessionId);
      activity.record({ kind: "sign-in", summary: `Confirmed it's you ${how}`, ...where(attempt) });
      return { success: true };
    },

    /**
     * Changes the password after checking the current one: every other device is signed out and old tokens stop
     * working; this device stays signed in with the new token returned.
     */
    async resetPassword(input: { username: string; currentPassword: string; newPassword: string }, attempt: Attempt, current: Session) {
      const checked = await checkPassword(input.username, input.currentPassword, attempt);
      if (!checked) throw badRequest("Username or current password is incorrect");
      await setPassword(db, checked.user.username, input.newPassword);
      activity.record({ kind: "password", summary: "Password changed; every other device signed out", ...where(attempt) });
      // biome-ignore lint/style/noNonNullAssertion: the user was found just above; a password change keeps the row
      const updated = byId.get({ id: checked.user.id })!;
      mail.notify(updated, "Your password was changed", attempt);
      const session = sessions.start(updated.id, current.userId === updated.id ? current.deviceId : null, attempt);
      return { success: true, message: "Password updated successfully", token: await issueToken(updated, session) };
    },

    /**
     * THE check of a signed-in request: a valid token (signed, unexpired, of the user's current version) naming a
     * live session. Answers the session, or a 401 when the token is missing, forged, expired, without expiry, revoked
     * or its device was signed out. The `admin` macro (src/plugins/access.ts) runs it once per request.
     */
    async authenticate(request: Request, ip: string): Promise<Session> {
      const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
      if (!token) throw unauthorized("Authentication required");
      const payload = await tokens.verify(token, { algorithms: ["HS256"], currentDate: now(), requiredClaims: ["exp"] });
      const user = payload ? byId.get({ id: Number(payload.sub) }) : undefined;
      if (!payload || !user || payload.ver !== user.tokenVersion || typeof payload.sid !== "string") throw unauthorized(SESSION_EXPIRED_MESSAGE);
      const session = sessions.find(payload.sid, ip);
      if (!session || session.userId !== user.id) throw unauthorized(SESSION_EXPIRED_MESSAGE);
      return session;
    },

    /** The signed-in devices, this one marked. */
    devices(current: Session): SignedInDevice[] {
      return sessions.list(current.userId).map(({ userAgent, ...device }) => ({
        ...device,
        device: describeUserAgent(userAgent),
        current: device.id === current.deviceId,
      }));
    },

    /** 'Sign out' of one device: it is signed out at once and forgotten (its next sign-in is a new device's). */
    signOutDevice(current: Session, deviceId: string, origin: Origin) {
      const device = sessions.list(current.userId).find((row) => row.id === deviceId);
      if (!device) throw notFound("Device not found");
      sessions.forget(current.userId, deviceId);
      activity.record({ kind: "sign-out", summary: `Signed out ${describeUserAgent(device.userAgent)} (${device.ip})`, ...where(origin) });
    },

    /** The Logout button: ends this session; the device stays known. */
    logout(session: Session, origin: Origin) {
      sessions.end(session.sessionId);
      activity.record({ kind: "sign-out", summary: "Logged out", ...where(origin) });
    },

    /** 'Sign out everywhere': every device signed out and forgotten, every token revoked; every passkey too when asked. */
    signOutEverywhere(userId: number, origin: Origin, how: string, removePasskeys = false) {
      db.transaction((tx) => {
        tx.update(users)
          .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
          .where(eq(users.id, userId))
          .run();
        sessions.forgetAll(userId);
      });
      const removed = removePasskeys ? keys.removeAll(userId) : 0;
      activity.record({ kind: "sign-out", summary: `Signed out everywhere ${how}${removed ? "; every passkey removed" : ""}`, ...where(origin) });
    },
  };
}
