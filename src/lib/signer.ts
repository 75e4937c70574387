// The server's one signer: every key it uses is derived from the JWT secret here, one key per purpose, so that a
// signature made for one purpose (a cancel link, a device cookie, a sign-out link) never verifies for another.
import { createHmac, timingSafeEqual } from "node:crypto";

const hmac = (key: string | Buffer, value: string) => createHmac("sha256", key).update(value);

const sameText = (given: string, expected: string) => {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
};

export function createSigner(secret: string) {
  /** The key of one purpose: HMAC-SHA256 of the purpose's name under the secret. */
  const key = (purpose: string) => hmac(secret, purpose).digest();
  return {
    key,
    /** Signs and verifies values of one purpose (base64url HMAC-SHA256 under the purpose's key). */
    for(purpose: string) {
      const purposeKey = key(purpose);
      const sign = (value: string) => hmac(purposeKey, value).digest("base64url");
      return { sign, verify: (value: string, signature: string) => sameText(signature, sign(value)) };
    },
    /** Links mailed before the one key derivation (issue 31) were signed with the secret itself: they stay valid. */
    verifyUnderived: (value: string, signature: string) => sameText(signature, hmac(secret, value).digest("base64url")),
  };
}

export type Signer = ReturnType<typeof createSigner>;
