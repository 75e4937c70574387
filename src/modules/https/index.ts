// The HTTP listener beside HTTPS (HTTP_PORT): the ACME HTTP-01 challenges, and a 308 to https for everything else,
// to DOMAIN (never the request's Host) with the same path and query; a 400 for a request whose URL does not parse.
import { requestPath, unparsableRequest } from "@server/lib/request-url.ts";
import { Elysia } from "elysia";
import type { Certificates } from "./service.ts";

export function acmeHttp(domain: string, httpsPort: number, certificates: Pick<Certificates, "challenge">) {
  const origin = `https://${domain}${httpsPort === 443 ? "" : `:${httpsPort}`}`;
  return new Elysia({ name: "acme-http" })
    .onRequest(({ request }) => {
      if (requestPath(request) === null) throw unparsableRequest();
    })
    .get("/.well-known/acme-challenge/:token", ({ params, set }) => {
      const answer = certificates.challenge(params.token);
      set.headers["content-type"] = "text/plain";
      if (answer === undefined) set.status = 404;
      return answer ?? "Not found";
    })
    .all("*", ({ request, redirect }) => redirect(`${origin}${requestPath(request)}`, 308));
}

/** HSTS for the HTTPS listener: a year, as browsers' preload lists expect of a site that is HTTPS only. */
export const HSTS = "max-age=31536000";
