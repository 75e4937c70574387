/** Most keys a limiter remembers: bounds its memory whatever the number of addresses a flood comes from. */
export const MAX_KEYS = 50_000;

/** A fixed-window counter per key: `limit` hits per `windowMs`, then blocked until the window ends. */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `key` may try again, or 0 when it is not blocked. */
  retryAfter(key: string): number {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= this.now()) return 0;
    return entry.count >= this.limit ? (entry.resetAt - this.now()) / 1000 : 0;
  }

  /** Counts one hit for `key`. */
  hit(key: string) {
    const now = this.now();
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.hits.size >= MAX_KEYS) this.prune(now);
      this.hits.delete(key);
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
    } else {
      entry.count += 1;
    }
  }

  reset(key: string) {
    this.hits.delete(key);
  }

  /** Takes back one hit of `key` (an attempt that turned out to be allowed). */
  forgive(key: string) {
    const entry = this.hits.get(key);
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
