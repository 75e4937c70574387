// The client's address for rate limits. The server knows each request's socket address (`server.requestIP`); a test
// that calls `app.handle` directly gives one with `setClientAddress`.
const addresses = new WeakMap<Request, string>();

export function setClientAddress(request: Request, address: string) {
  addresses.set(request, address);
}

type Server = { requestIP(request: Request): { address: string } | null } | null | undefined;

/**
 * The client's IP: with a trusted proxy, the last X-Forwarded-For entry (the address the proxy itself saw; the
 * entries before it were written by the client and prove nothing), else the socket address.
 */
export function clientIp(request: Request, trustProxy: boolean, server: Server): string {
  if (trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return addresses.get(request) ?? server?.requestIP(request)?.address ?? "unknown";
}
