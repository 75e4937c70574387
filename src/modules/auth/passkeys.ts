// Passkeys (WebAuthn, with SimpleWebAuthn): added in the account area, used on the login card. The relying party is
// SITE_URL's host. Each challenge lasts 5 minutes and is used once: a replayed assertion finds none. A sign-in's
// challenges live in a signed cookie of the browser that asked for them (its last 3, for the card's autofill and its
// button), so no number of other browsers' requests can evict them; a registration's are kept in memory.

import type { Db } from "@db/client.ts";
import { passkeys } from "@db/schema.ts";
import { badRequest, notFound, unauthorized } from "@server/lib/errors.ts";
import type { Signer } from "@server/lib/signer.ts";
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, eq } from "drizzle-orm";
import type { PasskeyInfo } from "./model.ts";

export const CHALLENGE_MS = 5 * 60 * 1000;
const MAX_CHALLENGES = 1_000;
/** The cookie holding a browser's sign-in challenges (HttpOnly, SameSite=Strict, path /api). */
export const PASSKEY_COOKIE = "vedanta_passkey";
const CHALLENGES_PER_BROWSER = 3;
const PASSKEY_REFUSED = "That passkey was not accepted.";

/** A row of the account area's passkey list (GET /api/admin/passkeys). */

export function createPasskeys(options: { db: Db; siteUrl: string; siteName: string; now: () => Date; signer: Signer }) {
  const { db, now } = options;
  const { sign, verify } = options.signer.for("passkey-challenges");
  const rpID = new URL(options.siteUrl).hostname;
  const origin = new URL(options.siteUrl).origin;
  // A registration's challenge → the user it was made for, and until when.
  const challenges = new Map<string, { userId: number; expires: number }>();
  const remember = (challenge: string, userId: number) => {
    for (const [key, entry] of challenges) if (entry.expires < now().getTime() || challenges.size >= MAX_CHALLENGES) challenges.delete(key);
    challenges.set(challenge, { userId, expires: now().getTime() + CHALLENGE_MS });
  };
  /** Spends a challenge: true once, for one that was made for `userId` and has not expired. */
  const spend = (challenge: string, userId: number) => {
    const entry = challenges.get(challenge);
    challenges.delete(challenge);
    return !!entry && entry.userId === userId && entry.expires >= now().getTime();
  };
  /** The unexpired [challenge, expires] pairs a browser's cookie holds, when the cookie is ours. */
  const challengesIn = (cookie: string | undefined): [string, number][] => {
    const [payload, signature, extra] = (cookie ?? "").split(".");
    if (!payload || !signature || extra !== undefined) return [];
    if (!verify(payload, signature)) return [];
    const pairs = JSON.parse(Buffer.from(payload, "base64url").toString()) as [string, number][];
    return pairs.filter(([, expires]) => expires >= now().getTime());
  };
  // Sign-in challenges already used, until they expire: a replayed assertion with its cookie finds its challenge here.
  const spentSignIns = new Map<string, number>();
  const spendSignIn = (challenge: string, expires: number) => {
    for (const [used, until] of spentSignIns) if (until < now().getTime()) spentSignIns.delete(used);
    if (spentSignIns.has(challenge)) return false;
    spentSignIns.set(challenge, expires);
    return true;
  };
  const ofUser = (userId: number) => db.select().from(passkeys).where(eq(passkeys.userId, userId)).all();

  return {
    list: (userId: number): PasskeyInfo[] => ofUser(userId).map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt })),

    async registrationOptions(user: { id: number; username: string }) {
      const optionsJSON = await generateRegistrationOptions({
        rpName: options.siteName,
        rpID,
        userName: user.username,
        userID: new TextEncoder().encode(`user-${user.id}`),
        attestationType: "none",
        excludeCredentials: ofUser(user.id).map((key) => ({ id: key.id, transports: key.transports as AuthenticatorTransport[] })),
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
      });
      remember(optionsJSON.challenge, user.id);
      return optionsJSON;
    },

    async register(userId: number, name: string, response: RegistrationResponseJSON): Promise<PasskeyInfo> {
      const verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: (challenge) => spend(challenge, userId),
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
      }).catch(() => null);
      const credential = verification?.verified ? verification.registrationInfo?.credential : undefined;
      if (!credential) throw badRequest(PASSKEY_REFUSED);
      const row = {
        id: credential.id,
        userId,
        name,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: credential.transports ?? [],
        createdAt: now().toISOString(),
      };
      db.insert(passkeys).values(row).onConflictDoNothing().run();
      return { id: row.id, name, createdAt: row.createdAt, lastUsedAt: null };
    },

    /** Removes a passkey; answers its name. */
    remove(userId: number, id: string): string {
      const row = db
        .select()
        .from(passkeys)
        .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
        .get();
      if (!row) throw notFound("Passkey not found");
      db.delete(passkeys).where(eq(passkeys.id, id)).run();
      return row.name;
    },

    /** Removes every passkey of the account ('Also remove all passkeys'); answers how many. */
    removeAll: (userId: number): number => db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id }).all().length,

    /**
     * Options for a sign-in with any passkey of this site (discoverable: the browser offers the account's), and the
     * browser's new challenge cookie: the challenges of `cookie` still valid, with this one.
     */
    async authenticationOptions(cookie: string | undefined) {
      const optionsJSON = await generateAuthenticationOptions({ rpID, userVerification: "required" });
      const pairs = [...challengesIn(cookie), [optionsJSON.challenge, now().getTime() + CHALLENGE_MS]].slice(-CHALLENGES_PER_BROWSER);
      const payload = Buffer.from(JSON.stringify(pairs)).toString("base64url");
      return { optionsJSON, cookie: `${payload}.${sign(payload)}` };
    },

    /**
     * The user a passkey assertion signs in, its challenge (one of the browser's `cookie`) spent and its counter and
     * last use noted; a 401 otherwise.
     */
    async authenticate(response: AuthenticationResponseJSON, cookie: string | undefined): Promise<number> {
      const issued = challengesIn(cookie);
      const row = db.select().from(passkeys).where(eq(passkeys.id, response.id)).get();
      if (!row) throw unauthorized(PASSKEY_REFUSED);
      const verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: (challenge) => issued.some(([mine, expires]) => mine === challenge && spendSignIn(mine, expires)),
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: row.id,
          publicKey: Buffer.from(row.publicKey, "base64url"),
          counter: row.counter,
          transports: row.transports as AuthenticatorTransport[],
        },
        requireUserVerification: true,
      }).catch(() => null);
      if (!verification?.verified) throw unauthorized(PASSKEY_REFUSED);
      db.update(passkeys)
        .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: now().toISOString() })
        .where(eq(passkeys.id, row.id))
        .run();
      return row.userId;
    },
  };
}
