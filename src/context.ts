import type { AnyElysia } from "elysia";
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

/**
 * A feature's routes. `public` ones; `admin` ones, whose paths are under /api/admin and which answer only with a valid
 * token (src/api.ts mounts them behind the guard: no admin route can be left open by forgetting a check); and
 * `adminUploads`, admin routes that read a file upload themselves, within their own limit (`parse: "none"`). Every
 * other body is read by the API's parser within its group's limit (src/lib/body.ts).
 */
export type Module = { public?: AnyElysia; admin?: AnyElysia; adminUploads?: AnyElysia };
