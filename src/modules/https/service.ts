// HTTPS by itself (issue 24 item 1): an ACME account and a certificate for DOMAIN through HTTP-01, kept in
// DATA_DIR/tls (0600) and reused at restart, renewed 30 days before it expires. The CA's answer decides: acme-client's
// own check of the challenge URL (through this machine's DNS, which test names and split-horizon DNS fool) is skipped.
// A refusal is logged and tried again later, with a growing delay; nothing here ever stops the process.
import { X509Certificate } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { Agent } from "node:https";
import { join } from "node:path";
import { tighten } from "@db/client.ts";
import type { Config } from "@server/config.ts";
import { writeFileAtomic } from "@server/lib/files.ts";
import { errorText, log } from "@server/lib/log.ts";
import * as acme from "acme-client";

export type Certificate = { cert: string; key: string; notAfter: Date };

const DAY_MS = 24 * 60 * 60 * 1000;
/** Renewal starts this long before the certificate expires (Let's Encrypt's advice for 90-day certificates). */
const RENEW_BEFORE_MS = 30 * DAY_MS;
/** How often a valid certificate is looked at again (a timer cannot wait 60 days). */
const CHECK_EVERY_MS = 12 * 60 * 60 * 1000;
/** After a refusal: 1 minute, doubling up to 6 hours (Let's Encrypt allows 5 failed validations an hour). */
const RETRY_FIRST_MS = 60 * 1000;
const RETRY_MAX_MS = 6 * 60 * 60 * 1000;

/** Files of DATA_DIR/tls are the service user's alone (the folder is 0700 too). */
function writePrivate(path: string, data: string | Uint8Array) {
  writeFileAtomic(path, data);
  tighten(path, 0o600);
}

/** The certificate in `dir` for `domain`, or null when there is none, it is unreadable or it names another domain. */
function readCertificate(dir: string, domain: string): Certificate | null {
  try {
    const cert = readFileSync(join(dir, "cert.pem"), "utf8");
    const key = readFileSync(join(dir, "key.pem"), "utf8");
    const x509 = new X509Certificate(cert);
    if (!x509.checkHost(domain)) return null;
    return { cert, key, notAfter: new Date(x509.validTo) };
  } catch {
    return null;
  }
}

export function createCertificates(options: {
  config: Pick<Config, "dataDir" | "acme"> & { domain: string };
  /** A new certificate (after the first one, a renewal) to serve from now on. */
  onCertificate: (certificate: Certificate) => void;
  now?: () => number;
}) {
  const domain = options.config.domain;
  const { directoryUrl, email, caCert } = options.config.acme;
  const now = options.now ?? Date.now;
  const dir = join(options.config.dataDir, "tls");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  /** HTTP-01 tokens and their key authorizations, answered on HTTP_PORT while an order is under way. */
  const challenges = new Map<string, string>();
  if (caCert) acme.axios.defaults.httpsAgent = new Agent({ ca: readFileSync(caCert) });

  async function accountKey(): Promise<Buffer> {
    const path = join(dir, "account.key");
    if (existsSync(path)) return readFileSync(path);
    const key = await acme.crypto.createPrivateEcdsaKey();
    writePrivate(path, key);
    return key;
  }

  async function order(): Promise<Certificate> {
    const client = new acme.Client({ directoryUrl, accountKey: await accountKey() });
    const [key, csr] = await acme.crypto.createCsr({ commonName: domain, altNames: [domain] }, await acme.crypto.createPrivateEcdsaKey());
    const cert = await client.auto({
      csr,
      email,
      termsOfServiceAgreed: true,
      challengePriority: ["http-01"],
      skipChallengeVerification: true,
      challengeCreateFn: async (_authz, challenge, keyAuthorization) => void challenges.set(challenge.token, keyAuthorization),
      challengeRemoveFn: async (_authz, challenge) => void challenges.delete(challenge.token),
    });
    writePrivate(join(dir, "key.pem"), key);
    writePrivate(join(dir, "cert.pem"), cert);
    const saved = readCertificate(dir, domain);
    if (!saved) throw new Error(`the CA's certificate does not name ${domain}`);
    return saved;
  }

  let current = readCertificate(dir, domain);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let failures = 0;

  async function check() {
    if (stopped) return;
    if (current && current.notAfter.getTime() - now() > RENEW_BEFORE_MS) return schedule(CHECK_EVERY_MS);
    log.info(current ? "Certificate renewal started" : "Certificate request started", {
      domain,
      directory: directoryUrl,
      expires: current?.notAfter.toISOString(),
    });
    try {
      current = await order();
      failures = 0;
      log.info("Certificate installed", { domain, expires: current.notAfter.toISOString() });
      if (!stopped) options.onCertificate(current);
      schedule(CHECK_EVERY_MS);
    } catch (error) {
      const retryMs = Math.min(RETRY_FIRST_MS * 2 ** failures++, RETRY_MAX_MS);
      log.error("Certificate request refused by the CA; HTTPS keeps its current certificate, if any, and it is tried again later", {
        domain,
        directory: directoryUrl,
        retryInSeconds: retryMs / 1000,
        error: (error as Error).message ?? errorText(error),
      });
      schedule(retryMs);
    }
  }

  function schedule(ms: number) {
    timer = setTimeout(check, ms);
    timer.unref?.();
  }

  return {
    /** The certificate on disk for DOMAIN (kept from an earlier run), or null. */
    current: () => current,
    challenge: (token: string) => challenges.get(token),
    /** Gets or renews the certificate now when needed, then keeps looking. */
    start: () => check(),
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

export type Certificates = ReturnType<typeof createCertificates>;
