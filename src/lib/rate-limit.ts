import ipaddr from "ipaddr.js";

/**
 * The key a client address is counted under: an IPv6 address by its /64 (one subscriber's network, which hands its
 * devices any number of addresses), an IPv4-mapped one as the IPv4 address; anything else as it is.
 */
export function addressKey(key: string): string {
  if (!ipaddr.IPv6.isValid(key)) return key;
  const address = ipaddr.IPv6.parse(key);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/64`).toString()}/64`;
}

/** Most keys a limiter remembers: bounds its memory whatever the number of addresses a flood comes from. */
export const MAX_KEYS = 50_000;

/**
 * A fixed-window counter per key: `limit` hits per `windowMs`, then blocked until the window ends. A key that is an
 * IPv6 address is counted by its /64 (`addressKey`), so every limiter keyed by address gets that for free.
 *
 * With `growUpToMs` a key over its limit is not blocked for the window but waits: 1 s after its limit-th hit, twice as
 * long after each further one, up to `growUpToMs`; its window then runs from its last hit (it is forgotten `windowMs`
 * after that).
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number; lastAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly growUpToMs = 0,
  ) {}

  /** Seconds until `key` may try again, or 0 when it is not blocked. */
  retryAfter(key: string): number {
    const now = this.now();
    const entry = this.hits.get(addressKey(key));
    if (!entry || entry.resetAt <= now || entry.count < this.limit) return 0;
    const until = this.growUpToMs ? entry.lastAt + Math.min(1000 * 2 ** (entry.count - this.limit), this.growUpToMs) : entry.resetAt;
    return Math.max(0, until - now) / 1000;
  }

  /** Counts one hit for `key`. */
  hit(given: string) {
    const key = addressKey(given);
    const now = this.now();
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.hits.size >= MAX_KEYS) this.prune(now);
      this.hits.delete(key);
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs, lastAt: now });
    } else {
      entry.count += 1;
      entry.lastAt = now;
      if (!this.growUpToMs) return;
      // Kept as long as it is used, and moved to the end: a flood of fresh keys prunes the idle ones first.
      entry.resetAt = now + this.windowMs;
      this.hits.delete(key);
      this.hits.set(key, entry);
    }
  }

  reset(key: string) {
    this.hits.delete(addressKey(key));
  }

  /** Takes back one hit of `key` (an attempt that turned out to be allowed). */
  forgive(key: string) {
    const entry = this.hits.get(addressKey(key));
    if (entry && entry.count > 0) entry.count -= 1;
  }

  /** Drops ended windows; if a flood of fresh keys (an IPv6 range, spoofed addresses) still fills the map, the oldest. */
  private prune(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
    for (const key of this.hits.keys()) {
      if (this.hits.size < MAX_KEYS * 0.9) break;
      this.hits.delete(key);
    }
  }
}

/** Runs at most `max` tasks at once; the rest wait their turn. */
export class Semaphore {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(private readonly max: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.active += 1;
    try {
      return await task();
    } finally {
      this.active -= 1;
      this.queue.shift()?.();
    }
  }
}
