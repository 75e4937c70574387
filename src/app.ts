// Everything the server is made of, in one list. A test builds a real app on a temp database in one line.
import { Elysia } from "elysia";
import type { Db } from "../db/client.ts";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import { setClientAddress } from "./lib/client-ip.ts";
import { errorResponse, HttpError } from "./lib/errors.ts";
import { createPublicCache, respondCached } from "./lib/public-cache.ts";
import { authModule } from "./modules/auth/index.ts";
import { archiveModule } from "./modules/archive/index.ts";
import { backupsModule } from "./modules/backups/index.ts";
import { calendarModule } from "./modules/calendar/index.ts";
import { classesModule } from "./modules/classes/index.ts";
import { dataModule } from "./modules/data/index.ts";
import { eventsModule } from "./modules/events/index.ts";
import { messagesModule } from "./modules/messages/index.ts";
import { notificationsModule } from "./modules/notifications/index.ts";
import { profileModule } from "./modules/profile/index.ts";
import { subscribersModule } from "./modules/subscribers/index.ts";
import { uploadsModule } from "./modules/uploads/index.ts";
import { youtubeModule } from "./modules/youtube/index.ts";
import { applySecurityHeaders } from "./plugins/security-headers.ts";
import { createPageHandler, PAGE_READS, type PageRenderer } from "./plugins/page.ts";
import { createSiteFiles } from "./plugins/site-files.ts";
import { createWebAssetHandler, type WebAssetFiles } from "./plugins/web-assets.ts";

export type AppOptions = {
  db: Db;
  config: Config;
  jwtSecret: string;
  webAssets?: WebAssetFiles;
  now?: () => Date;
  fetch?: typeof fetch;
  /** Server-side rendering of `/` (web/server-render.tsx); without it `/` is the app shell with its metadata. */
  renderPage?: PageRenderer;
};

export type App = {
  /** Answers one request, as the HTTP server does; `ip` stands for the socket's address. */
  handle(request: Request, ip?: string): Promise<Response>;
  context: AppContext;
};

const SERVER_PATHS = /^\/(api|uploads|calendar)(\/|$)|^\/healthz$/;
/** Public reads answered from the public cache (they take no query parameters): the reads `/` is rendered from. */
const PUBLIC_READS = new Set(PAGE_READS);

export function createApp(options: AppOptions): App {
  const now = options.now ?? (() => new Date());
  const dataVersion = options.db.$client.prepare<{ data_version: number }, []>("PRAGMA data_version");
  const publicCache = createPublicCache({ now, timezone: options.config.timezone, dataVersion: () => dataVersion.get()!.data_version });
  const context: AppContext = {
    db: options.db,
    config: options.config,
    jwtSecret: options.jwtSecret,
    now,
    fetch: options.fetch ?? fetch,
    onPublicChange: () => publicCache.invalidate(),
    publicCache,
  };

  const api = new Elysia()
    .onError(({ error, code }) => {
      if (error instanceof HttpError) return errorResponse(error);
      if (code === "NOT_FOUND") return Response.json({ error: "Not found" }, { status: 404 });
      if (code === "PARSE") return Response.json({ error: "The request body is not valid JSON" }, { status: 400 });
      if (code === "VALIDATION") return Response.json({ error: "Invalid request" }, { status: 400 });
      console.error(error);
      return Response.json({ error: "Internal server error" }, { status: 500 });
    })
    .get("/healthz", () => ({ status: "ok" }))
    .use(authModule(context))
    .use(profileModule(context))
    .use(eventsModule(context))
    .use(classesModule(context))
    .use(archiveModule(context))
    .use(messagesModule(context))
    .use(subscribersModule(context))
    .use(notificationsModule(context))
    .use(dataModule(context))
    .use(youtubeModule(context))
    .use(uploadsModule(context))
    .use(calendarModule(context))
    .use(backupsModule(context));

  const serveWebAsset = createWebAssetHandler(options.webAssets ?? {});
  const siteFiles = createSiteFiles(options.config.siteUrl);
  const readPublic = (path: string) =>
    publicCache.get(path, async () => {
      const built = await api.handle(new Request(`http://localhost${path}`));
      return built.status === 200 ? { body: await built.bytes(), contentType: built.headers.get("content-type") ?? "application/json" } : built;
    });
  const servePage = createPageHandler({ files: options.webAssets ?? {}, config: options.config, cache: publicCache, read: readPublic, render: options.renderPage });
  const allowedOrigins = new Set(options.config.corsOrigins);

  return {
    context,
    async handle(request, ip = "127.0.0.1") {
      setClientAddress(request, ip);
      const { pathname } = new URL(request.url);
      const origin = request.headers.get("origin");
      const corsOrigin = origin && allowedOrigins.has(origin) ? origin : null;
      let response: Response;
      if (request.method === "OPTIONS" && corsOrigin) {
        response = new Response(null, {
          status: 204,
          headers: { "Access-Control-Allow-Methods": "GET, POST, PATCH, DELETE", "Access-Control-Allow-Headers": "Content-Type, Authorization" },
        });
      } else if ((request.method === "GET" || request.method === "HEAD") && PUBLIC_READS.has(pathname)) {
        const answer = await readPublic(pathname);
        response = answer instanceof Response ? answer : await respondCached(request, answer);
      } else if (SERVER_PATHS.test(pathname)) {
        response = await api.handle(request);
      } else if (request.method === "GET" || request.method === "HEAD") {
        response = siteFiles.has(pathname)
          ? await siteFiles.respond(request, pathname)
          : ((pathname === "/" && (await servePage(request))) || (await serveWebAsset(request, pathname)));
      } else {
        response = new Response("Method not allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
      }
      return applySecurityHeaders(response, pathname, corsOrigin);
    },
  };
}
