// Let's Encrypt's test CA for real: Debian's `pebble`, with `pebble-challtestsrv` as its DNS (every name 127.0.0.1
// unless told otherwise). Pebble's VA asks HTTP-01 challenges on `httpPort`, where the test runs the site's HTTP_PORT.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@tests/server.ts";

/** Why pebble cannot run here, or null. */
export function pebbleMissing(): string | null {
  for (const binary of ["pebble", "pebble-challtestsrv", "openssl"])
    if (!Bun.which(binary)) return `${binary} is not installed (apt-get install pebble openssl)`;
  return null;
}

/** A self-signed P-256 certificate and its key, written by openssl as `dir`/cert.pem and `dir`/key.pem. */
export function selfSignedCertificate(options: { dir: string; subject: string; altNames: string; days: number }) {
  const made = Bun.spawnSync(
    [
      "openssl",
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:P-256",
      "-nodes",
      "-days",
      String(options.days),
      "-subj",
      options.subject,
      "-addext",
      `subjectAltName=${options.altNames}`,
      "-keyout",
      join(options.dir, "key.pem"),
      "-out",
      join(options.dir, "cert.pem"),
    ],
    { stderr: "pipe" },
  );
  if (made.exitCode !== 0) throw new Error(made.stderr.toString());
}

async function waitFor(url: string, options: RequestInit & { tls?: { rejectUnauthorized: boolean } } = {}) {
  for (let i = 0; i < 200; i++) {
    if (
      await fetch(url, options).then(
        () => true,
        () => false,
      )
    )
      return;
    await Bun.sleep(50);
  }
  throw new Error(`${url} did not answer`);
}

export async function startPebble() {
  const dir = mkdtempSync(join(tmpdir(), "vedanta-pebble-"));
  const [listen, management, httpPort, tlsPort, dns, dnsManagement] = [freePort(), freePort(), freePort(), freePort(), freePort(), freePort()];
  // Pebble's own TLS (its directory): a self-signed certificate for 127.0.0.1, trusted by the site through ACME_CA_CERT.
  selfSignedCertificate({ dir, subject: "/CN=pebble", altNames: "IP:127.0.0.1,DNS:localhost", days: 2 });
  writeFileSync(
    join(dir, "config.json"),
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${listen}`,
        managementListenAddress: `127.0.0.1:${management}`,
        certificate: join(dir, "cert.pem"),
        privateKey: join(dir, "key.pem"),
        httpPort,
        tlsPort,
        ocspResponderURL: "",
        externalAccountBindingRequired: false,
      },
    }),
  );
  const output: string[] = [];
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) output.push(new TextDecoder().decode(chunk));
  };
  const dnsServer = Bun.spawn(
    [
      "pebble-challtestsrv",
      "-dns01",
      `127.0.0.1:${dns}`,
      "-management",
      `127.0.0.1:${dnsManagement}`,
      "-http01",
      "",
      "-https01",
      "",
      "-tlsalpn01",
      "",
      "-defaultIPv6",
      "",
    ],
    { stdout: "pipe", stderr: "pipe" },
  );
  void collect(dnsServer.stdout);
  void collect(dnsServer.stderr);
  const ca = Bun.spawn(["pebble", "-config", join(dir, "config.json"), "-dnsserver", `127.0.0.1:${dns}`], {
    env: { ...process.env, PEBBLE_VA_NOSLEEP: "1", PEBBLE_WFE_NONCEREJECT: "0", PEBBLE_AUTHZREUSE: "0" },
    stdout: "pipe",
    stderr: "pipe",
  });
  void collect(ca.stdout);
  void collect(ca.stderr);
  const insecure = { tls: { rejectUnauthorized: false } };
  await waitFor(`https://127.0.0.1:${listen}/dir`, insecure);
  await waitFor(`http://127.0.0.1:${dnsManagement}/`);
  return {
    directoryUrl: `https://127.0.0.1:${listen}/dir`,
    caCert: join(dir, "cert.pem"),
    httpPort,
    logs: () => output.join(""),
    /** The root that pebble issues under (made anew at each start). */
    root: async () => (await fetch(`https://127.0.0.1:${management}/roots/0`, insecure)).text(),
    /** Makes `host` resolve to `address` in the CA's DNS. */
    resolve: async (host: string, address: string) => {
      const response = await fetch(`http://127.0.0.1:${dnsManagement}/add-a`, {
        method: "POST",
        body: JSON.stringify({ host, addresses: [address] }),
      });
      if (!response.ok) throw new Error(`challtestsrv add-a: ${response.status}`);
    },
    stop: async () => {
      ca.kill();
      dnsServer.kill();
      await Promise.all([ca.exited, dnsServer.exited]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
