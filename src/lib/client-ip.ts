// The client's address for rate limits. The server knows each request's socket address (`server.requestIP`); a test
// that calls `app.handle` directly has no server and gives one of its own (createApp's `socket`).

/** What knows a request's socket address: Bun's server, or a test's stand-in for it. */
export type Socket = { requestIP(request: Request): { address: string } | null };
type Server = Socket | null | undefined;

/**
 * The client's IP: with a trusted proxy, the last X-Forwarded-For entry (the address the proxy itself saw; the
 * entries before it were written by the client and prove nothing), else the socket address.
 */
export function clientIp(request: Request, trustProxy: boolean, server: Server): string {
  if (trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return server?.requestIP(request)?.address ?? "unknown";
}
