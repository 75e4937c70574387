// `serve` with DOMAIN: the HTTP listener (challenges, redirect) and the site on HTTPS with the certificate of
// service.ts. Bun's server.reload() keeps a listener's TLS settings, so a renewed certificate gets a listener of its
// own on the same port (SO_REUSEPORT), and the previous one then stops the graceful way: it takes no new connection
// and finishes the requests it has. The process keeps running. A connection the kernel queued for the previous
// listener but that it had not accepted yet is reset when that listener closes, unless net.ipv4.tcp_migrate_req is 1
// (Linux 5.14+), which hands it to the new one: at start, a warning says so when it is 0.
import { existsSync, readFileSync } from "node:fs";
import type { Config } from "@server/config.ts";
import { clientIp } from "@server/lib/client-ip.ts";
import { log } from "@server/lib/log.ts";
import { requestLog } from "@server/plugins/request-log.ts";
import { type AnyElysia, Elysia } from "elysia";
import { acmeHttp, HSTS } from "./index.ts";
import { type Certificate, createCertificates } from "./service.ts";

const MIGRATE_REQ = "/proc/sys/net/ipv4/tcp_migrate_req";

type ListenOptions = { hostname: string; maxRequestBodySize: number; development: boolean; error: (error: Error) => Response };

export function listenWithHttps(app: AnyElysia, config: Config & { domain: string }, options: ListenOptions, ready: () => Record<string, unknown>) {
  const domain = config.domain;
  const install = (certificate: Certificate) => {
    const previous = app.server;
    app.listen({ ...options, port: config.httpsPort, reusePort: true, tls: { cert: certificate.cert, key: certificate.key } });
    void previous?.stop();
    log.info(`${previous ? "Certificate renewed: now serving" : "Listening on"} https://${domain}:${config.httpsPort} (on ${config.host})`, {
      expires: certificate.notAfter.toISOString(),
      ...ready(),
    });
  };
  const certificates = createCertificates({ config, onCertificate: install });
  const http: AnyElysia = new Elysia({ name: "http" })
    .use(requestLog((request): string => clientIp(request, config.trustProxy, http.server)))
    .use(acmeHttp(domain, config.httpsPort, certificates));
  http.listen({ ...options, port: config.httpPort, reusePort: false });
  log.info(`Listening on http://${config.host}:${config.httpPort} for ACME challenges and the redirect to https`, { domain });
  app.onRequest(({ set }) => {
    set.headers["strict-transport-security"] = HSTS;
  });
  if (existsSync(MIGRATE_REQ) && readFileSync(MIGRATE_REQ, "utf8").trim() === "0")
    log.warn(
      "net.ipv4.tcp_migrate_req is 0: a connection arriving at the instant a renewed certificate is installed may be reset; set it to 1 (docs/operations.md)",
    );
  const kept = certificates.current();
  if (kept) install(kept);
  void certificates.start();
  return {
    async stop() {
      certificates.stop();
      await Promise.all([http.server?.stop(), app.server?.stop()]);
    },
  };
}
