import type { Db } from "@db/client.ts";
import type { Config } from "./config.ts";
import type { PublicCache } from "./lib/public-cache.ts";
import type { Session } from "./modules/auth/index.ts";
import type { Access } from "./plugins/access.ts";
import type { Services } from "./services.ts";

/**
 * What every module is built from (src/app.ts makes it once): the database, settings and the outside world (clock,
 * fetch), passed in; the services, each built once (src/services.ts); and what its routes declare themselves with:
 * `access` (the `admin` and `form` macros, src/plugins/access.ts) and the public cache its public reads answer from
 * (src/plugins/public-cache.ts).
 */
export type AppContext = {
  db: Db;
  config: Config;
  /** The key that signs admin tokens; every other key is derived from it by `services.signer`. */
  jwtSecret: string;
  now: () => Date;
  fetch: typeof fetch;
  /** The client's address, for rate limits (src/lib/client-ip.ts). */
  clientIp: (request: Request) => string;
  services: Services;
  access: Access<Session>;
  cache: PublicCache;
};

/**
 * What one module is built from: the context, with only the services it names (issue 39: a module takes the services it
 * uses by name; src/architecture.test.ts reads the names and checks that no two services or modules lean on each other).
 */
export type ModuleContext<Named extends keyof Services = never> = Omit<AppContext, "services"> & { services: Pick<Services, Named> };
