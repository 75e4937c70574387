// The server records each request's socket address here; a test may set it too.
const addresses = new WeakMap<Request, string>();

export function setClientAddress(request: Request, address: string) {
  addresses.set(request, address);
}

/**
 * The client's IP: with a trusted proxy, the last X-Forwarded-For entry (the address the proxy itself saw; the
 * entries before it were written by the client and prove nothing), else the socket address.
 */
export function clientIp(request: Request, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return addresses.get(request) ?? "unknown";
}
