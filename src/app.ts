// Everything the server is made of, in one list: the plugins, then the modules. A test builds a real app on a temp
// database in one line (tests/support/app.ts); src/main.ts makes it listen.

import type { Db } from "@db/client.ts";
import { cors } from "@elysiajs/cors";
import { Elysia } from "elysia";
import type { Config } from "./config.ts";
import type { AppContext, Module } from "./context.ts";
import { ADMIN_BODY_LIMIT, limitedBodyParser, PUBLIC_BODY_LIMIT } from "./lib/body.ts";
import { clientIp } from "./lib/client-ip.ts";
import { errorResponse, HttpError } from "./lib/errors.ts";
import { createPublicCache } from "./lib/public-cache.ts";
import { activityModule } from "./modules/activity/index.ts";
import { recordAdminWrites } from "./modules/activity/record-writes.ts";
import { createActivity } from "./modules/activity/service.ts";
import { archiveModule } from "./modules/archive/index.ts";
import { authModule } from "./modules/auth/index.ts";
import { backupsModule } from "./modules/backups/index.ts";
import { calendarModule } from "./modules/calendar/index.ts";
import { classesModule } from "./modules/classes/index.ts";
import { dataModule } from "./modules/data/index.ts";
import { eventsModule } from "./modules/events/index.ts";
import { mailModule } from "./modules/mail/index.ts";
import { messagesModule } from "./modules/messages/index.ts";
import { notificationsModule } from "./modules/notifications/index.ts";
import { profileModule } from "./modules/profile/index.ts";
import { subscribersModule } from "./modules/subscribers/index.ts";
import { uploadsModule } from "./modules/uploads/index.ts";
import { youtubeModule } from "./modules/youtube/index.ts";
import { type PageRenderer, page } from "./plugins/page.ts";
import { publicReads } from "./plugins/public-cache.ts";
import { security } from "./plugins/security-headers.ts";
import { createSiteFiles } from "./plugins/site-files.ts";
import { createWebAssetHandler, type WebAssetFiles, webApp } from "./plugins/web-assets.ts";

export type AppOptions = {
  db: Db;
  config: Config;
  jwtSecret: string;
  webAssets?: WebAssetFiles;
  now?: () => Date;
  fetch?: typeof fetch;
  /** Server-side rendering of `/` (web/app/server-render.tsx); without it `/` is the app shell with its metadata. */
  renderPage?: PageRenderer;
};

const MODULES: ((context: AppContext) => Module | Promise<Module>)[] = [
  profileModule,
  eventsModule,
  classesModule,
  archiveModule,
  messagesModule,
  subscribersModule,
  notificationsModule,
  dataModule,
  youtubeModule,
  uploadsModule,
  calendarModule,
  backupsModule,
  mailModule,
  activityModule,
];

/** Unknown paths under the API's prefixes (a GET route too: Elysia looks for the method's routes before `all`). */
const notFoundJson = () => Response.json({ error: "Not found" }, { status: 404 });

export async function createApp(options: AppOptions) {
  const { db, config } = options;
  const now = options.now ?? (() => new Date());
  const context: AppContext = {
    db,
    config,
    jwtSecret: options.jwtSecret,
    now,
    fetch: options.fetch ?? fetch,
    // A request's socket address is asked of the server (`app`, below) when a rate limit needs it.
    clientIp: (request) => clientIp(request, config.trustProxy, app.server),
    activity: createActivity(db, now),
  };
  const dataVersion = db.$client.prepare<{ data_version: number }, []>("PRAGMA data_version");
  const cache = createPublicCache({ now, timezone: config.timezone, dataVersion: () => dataVersion.get()!.data_version });

  const auth = authModule(context);
  const modules = [auth, ...(await Promise.all(MODULES.map((module) => module(context))))];
  const reads = Object.assign({}, ...modules.map((module) => module.reads ?? {})) as Record<string, () => unknown>;

  // Public routes: every body within 64 KB.
  const publicApi = new Elysia({ name: "public-api" }).onParse(limitedBodyParser(PUBLIC_BODY_LIMIT)).use(publicReads(cache, reads));
  for (const module of modules) if (module.public) publicApi.use(module.public);
  for (const prefix of ["/api", "/calendar"]) publicApi.get(`${prefix}/*`, notFoundJson).all(`${prefix}/*`, notFoundJson);

  // Admin routes. A hook applies to the routes added after it in its instance (and to the plugins used after it):
  // the guard to all of them and to unknown admin paths; the JSON parser (1 MB, after the guard) to all but the uploads, which read
  // their own bodies within their own limits; and every successful write makes the public answers be built again.
  const adminApi = new Elysia({ name: "admin-api", prefix: "/api/admin" }).onBeforeHandle(auth.guard).onAfterHandle(({ request, set }) => {
    if (request.method !== "GET" && (typeof set.status !== "number" || set.status < 400)) cache.invalidate();
  });
  adminApi.onAfterHandle(recordAdminWrites(context));
  for (const module of modules) if (module.adminUploads) adminApi.use(module.adminUploads);
  // Elysia parses a body before its beforeHandle hooks run: the guard goes first here too, so that a request without
  // a valid token is answered 401 before a byte of its body is read.
  const adminBody = limitedBodyParser(ADMIN_BODY_LIMIT);
  adminApi.onParse(async (context) => {
    await auth.guard(context);
    return adminBody(context);
  });
  for (const module of modules) if (module.admin) adminApi.use(module.admin);
  adminApi.get("/*", notFoundJson).all("/*", notFoundJson);

  const files = options.webAssets ?? {};
  const serveFile = createWebAssetHandler(files);
  // Made before `security()`: it reads the built shell, whose inline stylesheet the CSP allows by its hash.
  const home = page({ files, config, cache, reads, render: options.renderPage, fallback: (request) => serveFile(request, "/") });

  const app = new Elysia({ name: "app", handler: { standardHostname: false } })
    .use(security())
    .use(config.corsOrigins.length ? corsFor(config.corsOrigins) : new Elysia())
    .onError(({ error, code }) => {
      if (error instanceof HttpError) return errorResponse(error);
      // Elysia wraps what a body parser throws (src/lib/body.ts: 413, 400) in its ParseError.
      if (code === "PARSE" && error.cause instanceof HttpError) return errorResponse(error.cause);
      if (code === "NOT_FOUND") return notFoundJson();
      if (code === "PARSE") return Response.json({ error: "The request body is not valid JSON" }, { status: 400 });
      if (code === "VALIDATION") return Response.json({ error: "Invalid request" }, { status: 400 });
      console.error(error);
      return Response.json({ error: "Internal server error" }, { status: 500 });
    })
    .get("/healthz", () => ({ status: "ok" }))
    .use(publicApi)
    .use(adminApi)
    .use(home)
    .use(webApp(serveFile, createSiteFiles(config.siteUrl)));
  return Object.assign(app, { context, publicCache: cache });
}

/** CORS for exactly the listed origins (an unknown origin is never echoed), credentials allowed. */
function corsFor(origins: string[]) {
  const allowed = new Set(origins);
  return cors({
    origin: (request) => allowed.has(request.headers.get("origin") ?? ""),
    // The API's calls carry a bearer token, never cookies: no credentialed cross-origin request is needed.
    credentials: false,
    methods: ["GET", "POST", "PATCH", "DELETE"],
    allowedHeaders: ["Content-Type", "Authorization"],
  });
}
