// The API: every module's routes, the public ones and, under /api/admin, the admin ones behind the login guard.
// src/app.ts builds it on the first request that needs it (the cached public reads, /healthz and the build files
// answer without it).
import { Elysia } from "elysia";
import type { AppContext, Module } from "./context.ts";
import { ADMIN_BODY_LIMIT, limitedBodyParser, PUBLIC_BODY_LIMIT } from "./lib/body.ts";
import { errorResponse, HttpError } from "./lib/errors.ts";
import { archiveModule } from "./modules/archive/index.ts";
import { authModule } from "./modules/auth/index.ts";
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

const MODULES: ((context: AppContext) => Module)[] = [
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
];

export type Api = ReturnType<typeof createApi>;

export function createApi(context: AppContext) {
  const auth = authModule(context);
  const modules = [auth, ...MODULES.map((module) => module(context))];
  // A hook applies to the routes added after it in its instance (and in the plugins used after it). Every body is
  // read by the parser of its group, within the group's limit, except the uploads', added before that parser.
  const publicRoutes = new Elysia().onParse(limitedBodyParser(PUBLIC_BODY_LIMIT));
  // The guard is bound to every route of this group, whatever the request's URL looked like.
  const admin = new Elysia({ prefix: "/api/admin" }).onBeforeHandle(auth.guard);
  for (const { adminUploads } of modules) if (adminUploads) admin.use(adminUploads);
  admin.onParse(limitedBodyParser(ADMIN_BODY_LIMIT));
  for (const module of modules) {
    if (module.public) publicRoutes.use(module.public);
    if (module.admin) admin.use(module.admin);
  }
  admin.all("/*", () => Response.json({ error: "Not found" }, { status: 404 })); // an unknown admin path: 401 first

  // Bun hands over `http://host/path` with the Host checked by src/app.ts (any length: `standardHostname` false).
  return new Elysia({ handler: { standardHostname: false } })
    .onError(({ error, code }) => {
      if (error instanceof HttpError) return errorResponse(error);
      // Elysia wraps what a body parser throws (src/lib/body.ts: 413, 400) in its ParseError.
      if (code === "PARSE" && error.cause instanceof HttpError) return errorResponse(error.cause);
      if (code === "NOT_FOUND") return Response.json({ error: "Not found" }, { status: 404 });
      if (code === "PARSE") return Response.json({ error: "The request body is not valid JSON" }, { status: 400 });
      if (code === "VALIDATION") return Response.json({ error: "Invalid request" }, { status: 400 });
      console.error(error);
      return Response.json({ error: "Internal server error" }, { status: 500 });
    })
    .get("/healthz", () => ({ status: "ok" }))
    .use(publicRoutes)
    .use(admin);
}
