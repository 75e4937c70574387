// Public forms carry a hidden honeypot field and a per-IP rate limit: bots are turned away without storing anything,
// while a person sending a few messages is never blocked.
import { HONEYPOT_FIELD } from "@server/shared/constants.ts";
import type { Infer, Struct } from "superstruct";
import { tooManyRequests } from "./errors.ts";
import { log } from "./log.ts";
import { RateLimiter } from "./rate-limit.ts";
import { type StandardSchema, standard } from "./validate.ts";

const WINDOW_MS = 10 * 60 * 1000;

/** `ctx`: the clock and the client's address (the app's context has both). */
export function createSpamGuard(ctx: { now: () => Date; clientIp: (request: Request) => string }, postsPerWindow: number) {
  const limiter = new RateLimiter(postsPerWindow, WINDOW_MS, () => ctx.now().getTime());
  return {
    /** True when the honeypot (`trap`) is filled (answer as if accepted, store nothing); throws 429 past the IP's limit. */
    isBot(request: Request, trap: unknown): boolean {
      const ip = ctx.clientIp(request);
      const wait = limiter.retryAfter(ip);
      if (wait > 0) {
        log.warn("Rate limit reached", { ip, path: new URL(request.url).pathname, retryAfter: Math.ceil(wait) });
        throw tooManyRequests("Too many submissions. Please try again in a few minutes.", wait);
      }
      limiter.hit(ip);
      const bot = typeof trap === "string" && trap.trim() !== "";
      if (bot) log.warn("Honeypot filled", { ip, path: new URL(request.url).pathname });
      return bot;
    },
  };
}

type Trapped<T> = T & { [HONEYPOT_FIELD]?: unknown };

/** A visitor form's body: checked by its shared schema, with the honeypot's value kept beside it for `isBot`. */
// biome-ignore lint/suspicious/noExplicitAny: any struct of any type; its own type is read back with Infer<S>
export function formBody<S extends Struct<any, unknown>>(schema: S): StandardSchema<Trapped<Infer<S>>, Trapped<Infer<S>>> {
  const checked = standard(schema)["~standard"];
  return {
    "~standard": {
      ...checked,
      validate: (value) => {
        const result = checked.validate(value);
        return result.issues ? result : { value: { ...result.value, [HONEYPOT_FIELD]: (value as Record<string, unknown>)[HONEYPOT_FIELD] } };
      },
    },
  };
}
