// The API: every module's Elysia routes in one list. src/app.ts builds it on the first request that needs it (the
// cached public reads, /healthz and the build files answer without it).
import { Elysia } from "elysia";
import type { AppContext } from "./context.ts";
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

export type Api = ReturnType<typeof createApi>;

export function createApi(context: AppContext) {
  return new Elysia()
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
}
