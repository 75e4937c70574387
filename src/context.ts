import type { Db } from "@db/client.ts";
import type { AnyElysia } from "elysia";
import type { Config } from "./config.ts";
import type { Activity } from "./modules/activity/service.ts";

/** What every module is built from: the database, settings and the outside world (clock, fetch), passed in. */
export type AppContext = {
  db: Db;
  config: Config;
  /** The key that signs admin tokens. */
  jwtSecret: string;
  now: () => Date;
  fetch: typeof fetch;
  /** The client's address, for rate limits (src/lib/client-ip.ts). */
  clientIp: (request: Request) => string;
  /** The account's activity log (src/modules/activity). */
  activity: Activity;
};

/**
 * A feature's routes, listed in src/app.ts:
 * - `reads`: the public reads the page is made of (`GET /api/events`...), answered from the public cache
 *   (src/plugins/public-cache.ts) and rendered into `/` by src/plugins/page.ts;
 * - `public`: other public routes, full paths;
 * - `admin`: paths under /api/admin, written without it, behind the login guard (no admin route can be left open by
 *   forgetting a check); a successful admin write invalidates the public cache;
 * - `adminUploads`: admin routes that read a file upload themselves, within their own limit (`parse: "none"`).
 * Every other body is read by the group's parser within the group's limit (src/lib/body.ts).
 */
export type Module = {
  reads?: Record<string, () => unknown>;
  public?: AnyElysia;
  admin?: AnyElysia;
  adminUploads?: AnyElysia;
};
