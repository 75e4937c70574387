// HTTPS by itself against a real ACME CA (Debian's pebble, with pebble-challtestsrv as its DNS), as an operator runs
// it: `serve` with DOMAIN. The first certificate, the redirect, HSTS and the full chain, a restart that reuses the
// certificate, a renewal of one about to expire without a restart or a failed request, and a refused order.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { connect } from "node:tls";
import { rawExchange } from "@tests/hostile/support.ts";
import { freePort, ROOT, type Server, startServer } from "@tests/server.ts";
import { pebbleMissing, selfSignedCertificate, startPebble } from "@tests/support/pebble.ts";

const missing = pebbleMissing();
if (missing) console.warn(`skipped: the ACME tests need pebble: ${missing}`);

const DOMAIN = "site.test";
let pebble: Awaited<ReturnType<typeof startPebble>>;
let root = "";
const httpsPort = freePort();
let dir: string | undefined;

beforeAll(async () => {
  if (missing) return;
  pebble = await startPebble();
  root = await pebble.root();
}, 30_000);
afterAll(async () => {
  await pebble?.stop();
});

const start = (options: { dir?: string; domain?: string } = {}) =>
  startServer({
    dir: options.dir,
    env: {
      DOMAIN: options.domain ?? DOMAIN,
      HTTP_PORT: String(pebble.httpPort),
      HTTPS_PORT: String(httpsPort),
      ACME_DIRECTORY_URL: pebble.directoryUrl,
      ACME_CA_CERT: pebble.caCert,
      ACME_EMAIL: "operator@example.org",
      ADMIN_PASSWORD: "https-test-password",
    },
  });

async function waitForLog(server: Server, text: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!server.logs().includes(text)) {
    if (Date.now() > deadline || !server.alive()) throw new Error(`no "${text}" in the log:\n${server.logs()}\n--- pebble:\n${pebble.logs()}`);
    await Bun.sleep(50);
  }
}

type Answer = { authorized: boolean; fingerprint: string; issuer: string; head: string; chainLength: number };

/** A request over TLS to the HTTPS port as a browser for DOMAIN would make it, trusting pebble's root only. */
function httpsGet(path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port: httpsPort, servername: DOMAIN, ca: root, rejectUnauthorized: false }, () => {
      const peer = socket.getPeerCertificate(true);
      let chainLength = 1;
      for (let cert = peer; cert.issuerCertificate && cert.issuerCertificate !== cert; cert = cert.issuerCertificate) chainLength++;
      let head = "";
      socket.on("data", (chunk) => (head += chunk.toString()));
      socket.on("end", () =>
        resolve({ authorized: socket.authorized, fingerprint: peer.fingerprint256, issuer: String(peer.issuer.CN ?? ""), head, chainLength }),
      );
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${DOMAIN}\r\nConnection: close\r\n\r\n`);
    });
    socket.on("error", reject);
  });
}

describe.skipIf(!!missing)("ACME with pebble", () => {
  let first: Answer;

  test("the first certificate: HTTPS with the full chain and HSTS, the key and certificate 0600 in DATA_DIR", async () => {
    const server = await start();
    dir = server.dir;
    try {
      await waitForLog(server, `Listening on https://${DOMAIN}:${httpsPort}`);
      first = await httpsGet("/healthz");
      expect(first.authorized).toBe(true); // leaf and intermediate sent; pebble's root trusted
      expect(first.chainLength).toBeGreaterThanOrEqual(3);
      expect(first.head).toStartWith("HTTP/1.1 200");
      expect(first.head.toLowerCase()).toContain("strict-transport-security: max-age=31536000");
      expect(first.head).toContain('{"status":"ok"}');
      for (const file of ["account.key", "key.pem", "cert.pem"]) expect(statSync(join(server.dataDir, "tls", file)).mode & 0o777).toBe(0o600);
      expect(statSync(join(server.dataDir, "tls")).mode & 0o777).toBe(0o700);
      expect(server.logs()).toContain(`Listening on https://${DOMAIN}:${httpsPort}`);
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("HTTP: the challenge path answers 404 for an unknown token; everything else 308 to the same path on https", async () => {
    const server = await start({ dir });
    try {
      await waitForLog(server, "Listening on https://");
      const http = `http://127.0.0.1:${pebble.httpPort}`;
      const redirect = await fetch(`${http}/events/3?utm=x&b=%20c`, { redirect: "manual", method: "POST" });
      expect(redirect.status).toBe(308);
      expect(redirect.headers.get("location")).toBe(`https://${DOMAIN}:${httpsPort}/events/3?utm=x&b=%20c`);
      const spoofed = await fetch(`${http}/`, { redirect: "manual", headers: { host: "evil.example" } });
      expect(spoofed.headers.get("location")).toBe(`https://${DOMAIN}:${httpsPort}/`);
      expect((await fetch(`${http}/.well-known/acme-challenge/unknown-token`)).status).toBe(404);
      // A Host that is not a valid host[:port] (issue 30): a 400, never a redirect to a path cut out of it.
      for (const host of ["a b", "x:99999", `${DOMAIN}:80p`]) {
        const answer = await rawExchange(pebble.httpPort, `GET /p HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
        expect({ host, status: answer.status, location: /^location: .*$/im.exec(answer.headers)?.[0] }).toEqual({
          host,
          status: 400,
          location: undefined,
        });
      }
      await waitForLog(server, "GET (unparsable) status=400");
      expect(server.logs()).not.toContain(`${httpsPort}p`);
      // A restart kept the certificate: no new order, the same one served.
      expect(server.logs()).not.toContain("Certificate request started");
      expect((await httpsGet("/healthz")).fingerprint).toBe(first.fingerprint);
      // healthcheck with DOMAIN asks the HTTPS port.
      const env = { ...process.env, DOMAIN, HOST: "127.0.0.1", HTTPS_PORT: String(httpsPort), DATA_DIR: server.dataDir };
      const check = Bun.spawn(["bun", join(ROOT, "src/main.ts"), "healthcheck"], { env, stderr: "pipe" });
      expect(await check.exited).toBe(0);
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("renewal of a certificate expiring within 30 days: no restart, no request lost", async () => {
    // A certificate for DOMAIN that ends tomorrow, as one left from 89 days ago would.
    const tls = join(dir!, "data", "tls");
    selfSignedCertificate({ dir: tls, subject: `/CN=${DOMAIN}`, altNames: `DNS:${DOMAIN}`, days: 1 });
    const server = await start({ dir });
    try {
      await waitForLog(server, `Listening on https://${DOMAIN}:${httpsPort}`);
      const failures: string[] = [];
      let answered = 0;
      let renewed = false;
      const load = (async () => {
        while (!renewed) {
          const answer = await httpsGet("/api/profile").catch((error: Error) => error);
          if (answer instanceof Error || !answer.head.startsWith("HTTP/1.1 200"))
            failures.push(answer instanceof Error ? answer.message : answer.head);
          else answered++;
        }
      })();
      await waitForLog(server, "Certificate renewed: now serving");
      await Bun.sleep(200);
      renewed = true;
      await load;
      // Bun cannot change a listener's certificate (server.reload ignores tls: oven-sh/bun#43815): the renewed one gets
      // a listener of its own and the previous one closes. Without net.ipv4.tcp_migrate_req=1, a connection queued to
      // the closing listener is reset (measured here: 1 in each run with 0, none with 1); the server warns at start.
      const migrate = readFileSync("/proc/sys/net/ipv4/tcp_migrate_req", "utf8").trim() === "1";
      if (!migrate) {
        console.warn(`net.ipv4.tcp_migrate_req is 0 here: ${failures.length} connection(s) reset at the handover`);
        expect(server.logs()).toContain("net.ipv4.tcp_migrate_req is 0");
      }
      expect({ failures: migrate ? failures : failures.filter((failure) => failure !== "read ECONNRESET"), some: answered > 0 }).toEqual({
        failures: [],
        some: true,
      });
      expect(failures.length).toBeLessThanOrEqual(1);
      expect(server.alive()).toBe(true);
      const after = await httpsGet("/healthz");
      expect(after.authorized).toBe(true);
      expect(after.issuer).not.toBe(DOMAIN);
      expect(server.logs()).toContain("Certificate renewal started");
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("a refused order: a clear error line, no crash, the HTTP listener still answers, tried again later", async () => {
    await pebble.resolve("refused.test", "127.0.0.2"); // the CA's validation finds nobody there
    const server = await start({ domain: "refused.test" });
    try {
      await waitForLog(server, "Certificate request refused by the CA");
      const line = server
        .logs()
        .split("\n")
        .find((entry) => entry.includes("Certificate request refused"))!;
      expect(line).toContain("ERROR");
      expect(line).toContain("domain=refused.test");
      expect(line).toContain("retryInSeconds=60");
      await Bun.sleep(1000);
      expect(server.alive()).toBe(true);
      expect((await fetch(`http://127.0.0.1:${pebble.httpPort}/x`, { redirect: "manual" })).status).toBe(308);
      expect(server.logs().split("Certificate request refused").length - 1).toBe(1);
    } finally {
      await server.stop();
      server.remove();
    }
  }, 60_000);
});
