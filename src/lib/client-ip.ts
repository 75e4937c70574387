// The server records each request's socket address here; a test may set it too.
const addresses = new WeakMap<Request, string>();

export function setClientAddress(request: Request, address: string) {
  addresses.set(request, address);
}

/** The client's IP: the first X-Forwarded-For entry when a trusted proxy is configured, else the socket address. */
export function clientIp(request: Request, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return addresses.get(request) ?? "unknown";
}
