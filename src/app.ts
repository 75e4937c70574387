// The composition root: the services built once (src/services.ts) on the context every module is made from, the API
// (src/api.ts), the HTML site (src/modules/site) and the web app, behind the plugins every request meets. A test builds
// a real app on a temp database in one line (tests/support/app.ts); src/main.ts makes it listen.

import type { Db } from "@db/client.ts";
import { cors } from "@elysiajs/cors";
import { Elysia, type ValidationError } from "elysia";
import { literal, object } from "superstruct";
import { createApi } from "./api.ts";
import type { Config } from "./config.ts";
import type { AppContext } from "./context.ts";
import { jobRunner } from "./jobs.ts";
import { answer, answers } from "./lib/answers.ts";
import { clientIp, type Socket } from "./lib/client-ip.ts";
import { errorResponse, HttpError, notFoundJson } from "./lib/errors.ts";
import { errorText, log } from "./lib/log.ts";
import { createPublicCache } from "./lib/public-cache.ts";
import { answerInvalid } from "./lib/validate.ts";
import { recordAdminWrites } from "./modules/activity/index.ts";
import { connectStripe } from "./modules/payments/index.ts";
import { createSiteFiles, type PageRenderer, readShell, siteModule } from "./modules/site/index.ts";
import { access } from "./plugins/access.ts";
import { requestId, requestLog } from "./plugins/request-log.ts";
import { inlineStyleHashes, security } from "./plugins/security-headers.ts";
import { createWebAssetHandler, type WebAssetFiles, webApp } from "./plugins/web-assets.ts";
import { createServices } from "./services.ts";

export type AppOptions = {
  db: Db;
  config: Config;
  jwtSecret: string;
  webAssets?: WebAssetFiles;
  now?: () => Date;
  fetch?: typeof fetch;
  /** What tells each request's socket address; by default the server the app listens on (a test gives its own). */
  socket?: Socket;
  /** Server-side rendering of `/` (web/app/server-render.tsx); without it `/` is the app shell with its metadata. */
  renderPage?: PageRenderer;
};

/**
 * What every answer goes through: the error mapping, global so that it applies to every route, wherever added. The
 * status set is the one sent, for the request's log line (issue 37 item 11: Elysia had set 422 for a failed schema).
 */
export const errors = () =>
  new Elysia({ name: "errors" }).onError({ as: "global" }, ({ error, code, set }) => {
    const answer = errorAnswer(error, code, set);
    if (answer) set.status = answer.status;
    return answer;
  });

function errorAnswer(error: unknown, code: unknown, set: { headers: Record<string, unknown> }): Response | undefined {
  if (error instanceof HttpError) return errorResponse(error);
  // Elysia wraps what a body parser throws (src/lib/body.ts: 413, 400) in its ParseError.
  if (code === "PARSE" && (error as Error).cause instanceof HttpError) return errorResponse((error as Error).cause as HttpError);
  if (code === "NOT_FOUND") return notFoundJson();
  // A status() thrown before any route (src/lib/request-url.ts): Elysia answers it.
  if (typeof code === "number") return;
  if (code === "PARSE") return Response.json({ error: "The request body is not valid JSON" }, { status: 400 });
  if (code === "VALIDATION") {
    const failed = error as ValidationError;
    // An answer outside its route's model (src/lib/answers.ts: in development and the tests only).
    if (failed.type === "response") {
      // The first issue only: the error's message quotes the answer, which may hold a secret.
      const issue = failed.valueError as unknown as { path?: PropertyKey[]; message: string } | undefined;
      log.error("An answer does not match its route's model", { id: requestId(set), at: issue?.path?.join(".") ?? "", issue: issue?.message });
      return Response.json({ error: "Internal server error" }, { status: 500 });
    }
    // A body or id that fails its schema (src/lib/validate.ts).
    return answerInvalid(failed) ?? Response.json({ error: "Invalid request" }, { status: 400 });
  }
  log.error("Unhandled error while answering a request", { id: requestId(set), error: errorText(error) });
  return Response.json({ error: "Internal server error" }, { status: 500 });
}

/** What /healthz answers while the server is up. */
const healthy = answer(object({ status: literal("ok") }));

export async function createApp(options: AppOptions) {
  const { db, config } = options;
  const now = options.now ?? (() => new Date());
  const dataVersion = db.$client.prepare<{ data_version: number }, []>("PRAGMA data_version");
  // biome-ignore lint/style/noNonNullAssertion: PRAGMA data_version always answers one row
  const cache = createPublicCache({ now, timezone: config.timezone, dataVersion: () => dataVersion.get()!.data_version });
  // A request's socket address is asked of the server (`app`, below) when a rate limit needs it.
  const ip = (request: Request) => clientIp(request, config.trustProxy, options.socket ?? app.server);
  const services = createServices({ db, config, jwtSecret: options.jwtSecret, now, stripe: await connectStripe(config) });
  const { auth, activity } = services;
  const ctx: AppContext = {
    db,
    config,
    jwtSecret: options.jwtSecret,
    now,
    fetch: options.fetch ?? fetch,
    // A request's socket address is asked of the server (`app`, below) when a rate limit needs it.
    clientIp: ip,
    services,
    access: access(
      (request) => auth.authenticate(request, ip(request)),
      cache,
      recordAdminWrites({ db, activity, clientIp: ip }),
      (request, error) => log.warn("Token refused", { ip: ip(request), path: new URL(request.url).pathname, reason: error.message }),
    ),
    cache,
  };
  const api = await createApi(ctx);

  const files = options.webAssets ?? {};
  const serveFile = createWebAssetHandler(files);
  // The built shell carries the stylesheet inline (scripts/build.ts): every page made from it needs the CSP to allow
  // that <style> by its hash.
  const shell = readShell(files);
  const site = siteModule({
    api,
    files,
    shell,
    config,
    cache,
    render: options.renderPage,
    fallback: (request) => serveFile(request, "/"),
  });

  // Every background job of the site (src/jobs.ts): started by `serve`, never by a test app unless it asks.
  const { payments, bookings, events, classes, passes, practice } = services;
  const jobs = jobRunner(
    [
      ...(config.payments.stripe
        ? [
            { name: "holds", label: "Releasing held places", everyMs: 60_000, run: () => payments.releaseExpiredHolds() },
            { name: "refunds", label: "Making the refunds owed", everyMs: 15_000, run: () => payments.makeOwedRefunds() },
          ]
        : []),
      // Issue 40: standing bookings book their dates as they open; a pass's end is mailed 7 days before.
      { name: "standing", label: "Booking the dates of standing bookings", everyMs: 10 * 60_000, run: () => practice.standing.run() },
      { name: "pass-expiry", label: "Mailing the passes that expire soon", everyMs: 60 * 60_000, run: () => passes.mailExpiring() },
      ...(config.mail
        ? [
            {
              name: "reminders",
              label: "Queueing reminders",
              everyMs: 60_000,
              run: () => bookings.queueDueReminders([...events.startingSoon(now()), ...classes.startingSoon()]),
            },
          ]
        : []),
    ],
    cache.invalidate,
  );

  const app = new Elysia({ name: "app", handler: { standardHostname: false } })
    .use(requestLog(ctx.clientIp))
    .use(security(inlineStyleHashes(shell ?? "")))
    .use(config.corsOrigins.length ? corsFor(config.corsOrigins) : new Elysia())
    .use(errors())
    .get("/healthz", () => ({ status: "ok" as const }), { response: answers(healthy) })
    .use(api)
    .use(site)
    .use(webApp(serveFile, createSiteFiles(config.siteUrl)));
  return Object.assign(app, { context: ctx, publicCache: cache, jobs });
}

/** The whole server's type: what Eden Treaty (web/lib/eden.ts) reads every route's request and answer from. */
export type App = Awaited<ReturnType<typeof createApp>>;
/** The answers' types the web names (web/lib/api-types.ts), each its route's model's. */
export type { ArchiveEvent, ArchiveItem } from "./modules/archive/index.ts";
export type { RegistrationWithPayment } from "./modules/bookings/index.ts";
export type { Class, PublicClass } from "./modules/classes/index.ts";
export type { GitCommit, GitStatus } from "./modules/data/index.ts";
export type { Event, PublicEvent } from "./modules/events/index.ts";
export type { Notification } from "./modules/notifications/index.ts";
export type { PublicProfile } from "./modules/profile/index.ts";
/** What `/` is rendered from (web/app/server-render.tsx). */
export type { Linked, PageData } from "./modules/site/index.ts";

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
