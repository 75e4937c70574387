// Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that has logged in
// before carries a signed cookie naming the user it logged in as, and its failed logins are counted on their own, so
// a guesser elsewhere, who shares the per-username limit of untrusted clients, cannot lock the admin out.
import type { Signer } from "@server/lib/signer.ts";

export const DEVICE_COOKIE = "vedanta_device";
/** How long a browser stays trusted after its last login. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function deviceCookies(signer: Signer) {
  const { sign, verify } = signer.for("device-cookie");

  return {
    /**
     * A new cookie value for `username` signed in on the device row `deviceId`: "<user>.<device>.<nonce>.<signature>".
     * Each sign-in's cookie is a new one, counted on its own (the value is the attempt limit's key).
     */
    issue(username: string, deviceId: string): string {
      const payload = `${Buffer.from(username).toString("base64url")}.${deviceId}.${Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url")}`;
      return `${payload}.${sign(payload)}`;
    },

    /** The device row the cookie names when it is ours (signature valid) and was issued for `username`, else null. */
    verify(value: string | undefined, username: string): string | null {
      const [user, device, nonce, signature, extra] = (value ?? "").split(".");
      if (!user || !device || !nonce || !signature || extra !== undefined) return null;
      if (!verify(`${user}.${device}.${nonce}`, signature)) return null;
      return Buffer.from(user, "base64url").toString() === username ? device : null;
    },
  };
}
