// Everything the server is made of, in one chain: the plugins every request meets, then the modules, then the page
// and the web app. Each module declares what applies to its routes (the `admin` and `form` macros of
// src/plugins/access.ts), so the order of the `.use()` lines below carries no meaning (src/app.test.ts shuffles it).
// A test builds a real app on a temp database in one line (tests/support/app.ts); src/main.ts makes it listen.

import type { Db } from "@db/client.ts";
import { cors } from "@elysiajs/cors";
import { Elysia } from "elysia";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import { clientIp } from "./lib/client-ip.ts";
import { errorResponse, HttpError } from "./lib/errors.ts";
import { errorText, log } from "./lib/log.ts";
import { createPublicCache } from "./lib/public-cache.ts";
import { answerInvalid } from "./lib/validate.ts";
import { activityModule } from "./modules/activity/index.ts";
import { recordAdminWrites } from "./modules/activity/record-writes.ts";
import { createActivity } from "./modules/activity/service.ts";
import { archiveModule } from "./modules/archive/index.ts";
import { authModule } from "./modules/auth/index.ts";
import { type AuthService, createAuthService } from "./modules/auth/service.ts";
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
import { pageDataLoader, pageLinksLoader } from "./page-data.ts";
import { access } from "./plugins/access.ts";
import { type PageRenderer, page, readShell } from "./plugins/page.ts";
import { requestId, requestLog } from "./plugins/request-log.ts";
import { inlineStyleHashes, security } from "./plugins/security-headers.ts";
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

/** Unknown paths under the API's prefixes (a GET route too: Elysia looks for the method's routes before `all`). */
const notFoundJson = () => Response.json({ error: "Not found" }, { status: 404 });

/** Every route of the API: the modules, and the 404 of an unknown path under their prefixes (401 first under /api/admin). */
async function createApi(ctx: AppContext, auth: AuthService) {
  return new Elysia({ name: "api" })
    .use(authModule(ctx, auth))
    .use(profileModule(ctx))
    .use(eventsModule(ctx))
    .use(classesModule(ctx))
    .use(archiveModule(ctx))
    .use(messagesModule(ctx))
    .use(subscribersModule(ctx))
    .use(notificationsModule(ctx))
    .use(dataModule(ctx))
    .use(youtubeModule(ctx))
    .use(await uploadsModule(ctx))
    .use(calendarModule(ctx))
    .use(backupsModule(ctx))
    .use(mailModule(ctx))
    .use(activityModule(ctx))
    .use(unknownPaths(ctx));
}

export type Api = Awaited<ReturnType<typeof createApi>>;

/** Wildcards: Elysia's router tries them after every static and parametric path, wherever they were added. */
const unknownPaths = (ctx: AppContext) =>
  new Elysia({ name: "unknown-paths" })
    .use(ctx.access)
    .get("/api/*", notFoundJson)
    .all("/api/*", notFoundJson)
    .get("/calendar/*", notFoundJson)
    .all("/calendar/*", notFoundJson)
    .get("/api/admin/*", notFoundJson, { admin: true })
    .all("/api/admin/*", notFoundJson, { admin: true });

/** What every answer goes through: the error mapping, global so that it applies to every route, wherever added. */
export const errors = () =>
  new Elysia({ name: "errors" }).onError({ as: "global" }, ({ error, code, request }) => {
    if (error instanceof HttpError) return errorResponse(error);
    // Elysia wraps what a body parser throws (src/lib/body.ts: 413, 400) in its ParseError.
    if (code === "PARSE" && error.cause instanceof HttpError) return errorResponse(error.cause);
    if (code === "NOT_FOUND") return notFoundJson();
    // A status() thrown before any route (src/lib/request-url.ts): Elysia answers it.
    if (typeof code === "number") return;
    if (code === "PARSE") return Response.json({ error: "The request body is not valid JSON" }, { status: 400 });
    // A body or id that fails its schema (src/lib/validate.ts).
    if (code === "VALIDATION") return answerInvalid(error) ?? Response.json({ error: "Invalid request" }, { status: 400 });
    log.error("Unhandled error while answering a request", { id: requestId(request), error: errorText(error) });
    return Response.json({ error: "Internal server error" }, { status: 500 });
  });

export async function createApp(options: AppOptions) {
  const { db, config } = options;
  const now = options.now ?? (() => new Date());
  const dataVersion = db.$client.prepare<{ data_version: number }, []>("PRAGMA data_version");
  // biome-ignore lint/style/noNonNullAssertion: PRAGMA data_version always answers one row
  const cache = createPublicCache({ now, timezone: config.timezone, dataVersion: () => dataVersion.get()!.data_version });
  // A request's socket address is asked of the server (`app`, below) when a rate limit needs it.
  const ip = (request: Request) => clientIp(request, config.trustProxy, app.server);
  const activity = createActivity(db, now);
  const auth = createAuthService({ db, config, jwtSecret: options.jwtSecret, now, activity });
  const ctx: AppContext = {
    db,
    config,
    jwtSecret: options.jwtSecret,
    now,
    fetch: options.fetch ?? fetch,
    // A request's socket address is asked of the server (`app`, below) when a rate limit needs it.
    clientIp: ip,
    activity,
    access: access(
      (request) => auth.authenticate(request, ip(request)),
      cache,
      recordAdminWrites({ db, activity, clientIp: ip }),
      (request, error) => log.warn("Token refused", { ip: ip(request), path: new URL(request.url).pathname, reason: error.message }),
    ),
    cache,
  };
  const api = await createApi(ctx, auth);

  const files = options.webAssets ?? {};
  const serveFile = createWebAssetHandler(files);
  // The built shell carries the stylesheet inline (scripts/build.ts): every page made from it needs the CSP to allow
  // that <style> by its hash.
  const shell = readShell(files);
  const home = page({
    files,
    shell,
    config,
    cache,
    data: pageDataLoader(api),
    links: pageLinksLoader(api),
    render: options.renderPage,
    fallback: (request) => serveFile(request, "/"),
  });

  const app = new Elysia({ name: "app", handler: { standardHostname: false } })
    .use(requestLog(ctx.clientIp))
    .use(security(inlineStyleHashes(shell ?? "")))
    .use(config.corsOrigins.length ? corsFor(config.corsOrigins) : new Elysia())
    .use(errors())
    .get("/healthz", () => ({ status: "ok" }))
    .use(api)
    .use(home)
    .use(webApp(serveFile, createSiteFiles(config.siteUrl)));
  return Object.assign(app, { context: ctx, publicCache: cache });
}

/** The whole server's type: what Eden Treaty (web/lib/api.ts) reads every route's request and answer from. */
export type App = Awaited<ReturnType<typeof createApp>>;

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
