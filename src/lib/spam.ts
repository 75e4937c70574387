// Public forms carry a hidden honeypot field and a per-IP rate limit: bots are turned away without storing anything,
// while a person sending a few messages is never blocked.

import type { AppContext } from "../context.ts";
import { HONEYPOT_FIELD } from "../shared/constants.ts";
import { tooManyRequests } from "./errors.ts";
import { log } from "./log.ts";
import { RateLimiter } from "./rate-limit.ts";

const WINDOW_MS = 10 * 60 * 1000;

export function createSpamGuard(ctx: AppContext, postsPerWindow: number) {
  const limiter = new RateLimiter(postsPerWindow, WINDOW_MS, () => ctx.now().getTime());
  return {
    /** True when the honeypot is filled (answer as if accepted, store nothing); throws 429 past the IP's limit. */
    isBot(request: Request, body: unknown): boolean {
      const ip = ctx.clientIp(request);
      const wait = limiter.retryAfter(ip);
      if (wait > 0) {
        log.warn("Rate limit reached", { ip, path: new URL(request.url).pathname, retryAfter: Math.ceil(wait) });
        throw tooManyRequests("Too many submissions. Please try again in a few minutes.", wait);
      }
      limiter.hit(ip);
      const trap = typeof body === "object" && body !== null ? (body as Record<string, unknown>)[HONEYPOT_FIELD] : undefined;
      const bot = typeof trap === "string" && trap.trim() !== "";
      if (bot) log.warn("Honeypot filled", { ip, path: new URL(request.url).pathname });
      return bot;
    },
  };
}
