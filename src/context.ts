import type { Db } from "@db/client.ts";
import type { Config } from "./config.ts";
import type { PublicCache } from "./lib/public-cache.ts";
import type { Activity } from "./modules/activity/service.ts";
import type { createRegistrations } from "./modules/events/registrations.ts";
import type { PaymentsService } from "./modules/payments/service.ts";
import type { Access } from "./plugins/access.ts";

/**
 * The services that more than one module uses, each built once by createApp and handed in (issue 31's shape: a module
 * never builds another module's service).
 */
type Services = { registrations: ReturnType<typeof createRegistrations>; payments: PaymentsService };

/**
 * What every module is built from: the database, settings and the outside world (clock, fetch), passed in; and what
 * its routes declare themselves with: `access` (the `admin` and `form` macros, src/plugins/access.ts) and the public
 * cache its public reads answer from (src/plugins/public-cache.ts).
 */
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
  access: Access;
  cache: PublicCache;
  services: Services;
};
