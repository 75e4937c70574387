import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** JWT_SECRET when set, else a random key generated once into DATA_DIR/jwt-secret (readable by the owner only). */
export function loadJwtSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const path = join(dataDir, "jwt-secret");
  if (existsSync(path)) return readFileSync(path, "utf8").trim();
  const secret = randomToken(48);
  writeFileSync(path, secret, { mode: 0o600 });
  chmodSync(path, 0o600);
  return secret;
}

/** A secret a link, a cookie or a session carries: `bytes` random bytes, base64url. */
export const randomToken = (bytes = 32) => Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("base64url");

/** What is stored of a secret (a code, a link's token, a session's): its SHA-256, base64url; never the secret itself. */
export const hashOf = (secret: string) => new Bun.CryptoHasher("sha256").update(secret).digest("base64url");

/** `bytes` random bytes as hex, for temporary file names (Web Crypto: node:crypto costs the server ~4 ms and ~7 MB at start). */
export const randomHex = (bytes: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("hex");
