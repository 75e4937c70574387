import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** JWT_SECRET when set, else a random key generated once into DATA_DIR/jwt-secret (readable by the owner only). */
export function loadJwtSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const path = join(dataDir, "jwt-secret");
  if (existsSync(path)) return readFileSync(path, "utf8").trim();
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString("base64url");
  writeFileSync(path, secret, { mode: 0o600 });
  chmodSync(path, 0o600);
  return secret;
}

/** `bytes` random bytes as hex, for temporary file names (Web Crypto: node:crypto costs the server ~4 ms and ~7 MB at start). */
export const randomHex = (bytes: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("hex");
