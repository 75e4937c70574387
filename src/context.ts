import type { Db } from "../db/client.ts";
import type { Config } from "./config.ts";

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
};
