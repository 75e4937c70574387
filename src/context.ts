import type { Db } from "../db/client.ts";
import type { Config } from "./config.ts";
import type { PublicCache } from "./lib/public-cache.ts";

/** What every module is built from: the database, settings and the outside world (clock, fetch), passed in. */
export type AppContext = {
  db: Db;
  config: Config;
  /** The key that signs admin tokens. */
  jwtSecret: string;
  now: () => Date;
  fetch: typeof fetch;
  /** Called after any write that changes what the public page shows. */
  onPublicChange: () => void;
  /** Public answers serialised once; `onPublicChange` invalidates it (src/lib/public-cache.ts). */
  publicCache: PublicCache;
};
