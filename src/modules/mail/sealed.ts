// What a mail carries that lets its reader act (issue 30): a reset link's token, a sign-in code, and the signed links to
// sign out everywhere, cancel a registration, confirm a subscription or unsubscribe. None of them is ever in the
// database in clear, so none is in a copy of it (local backups, their download, off-site snapshots): an outbox row
// holds them sealed (AES-256-GCM) under a key made from the JWT secret, which lives outside the database (JWT_SECRET or
// DATA_DIR/jwt-secret) and which no copy carries. The worker opens them at send time and erases them once the mail is
// sent or given up. A row survives a restart whole: the key is the same after it.

import { createCipheriv, createDecipheriv } from "node:crypto";
import type { Signer } from "@server/lib/signer.ts";

/** Where each secret sits in a mail's data (src/modules/mail/outbox.ts MailData): the only place that names them. */
export const SECRET_PATHS = [
  ["resetUrl"],
  ["code"],
  ["signOutUrl"],
  ["cancelUrl"],
  ["confirmUrl"],
  ["subscriber", "unsubscribeUrl"],
  // Issue 32: the link that pays for a held place, and the one that stops a monthly gift.
  ["payment", "payUrl"],
  ["stopUrl"],
  // Issue 40: My practice's sign-in link (its code is `code`).
  ["signInUrl"],
] as const;

type Data = Record<string, unknown>;
type Secret = { path: readonly string[]; value: unknown };

const isObject = (value: unknown): value is Data => typeof value === "object" && value !== null && !Array.isArray(value);

/** `data` without the value at `path` (copied along the path, never changed in place), and that value if there was one. */
function take(data: Data, [key, ...rest]: readonly string[]): [Data, Secret["value"] | undefined] {
  if (key === undefined || !(key in data)) return [data, undefined];
  const { [key]: value, ...others } = data;
  if (rest.length === 0) return [others, value];
  if (!isObject(value)) return [data, undefined];
  const [inner, found] = take(value, rest);
  return [{ ...others, [key]: inner }, found];
}

function put(data: Data, [key, ...rest]: readonly string[], value: unknown): Data {
  if (key === undefined) return data;
  const inner = data[key];
  return { ...data, [key]: rest.length === 0 ? value : put(isObject(inner) ? inner : {}, rest, value) };
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function mailSeal(signer: Signer) {
  const key = signer.key("outbox-secrets");
  return {
    /** Splits a mail's data into what may be stored as it is and its secrets sealed (null when it has none). */
    seal(data: Data): { data: Data; sealed: string | null } {
      const secrets: Secret[] = [];
      let rest = data;
      for (const path of SECRET_PATHS) {
        const [without, value] = take(rest, path);
        if (value === undefined) continue;
        rest = without;
        secrets.push({ path, value });
      }
      if (secrets.length === 0) return { data, sealed: null };
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const encrypted = Buffer.concat([cipher.update(JSON.stringify(secrets), "utf8"), cipher.final()]);
      return { data: rest, sealed: Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString("base64url") };
    },
    /** The data a mail is rendered from: its stored part with its secrets put back. */
    open(data: Data, sealed: string | null): Data {
      if (sealed === null) return data;
      const bytes = Buffer.from(sealed, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
      return (JSON.parse(plain) as Secret[]).reduce((opened, secret) => put(opened, secret.path, secret.value), data);
    },
  };
}
