// Every route of the API: the modules, each a function of the context (src/context.ts), and the 404 of an unknown path
// under their prefixes (401 first under /api/admin). Each module declares what applies to its routes (the `admin` and
// `form` macros of src/plugins/access.ts), so the order of the `.use()` lines carries no meaning (src/app.test.ts
// shuffles it).
import { Elysia } from "elysia";
import type { AppContext } from "./context.ts";
import { errorAnswers } from "./lib/answers.ts";
import { notFoundJson } from "./lib/errors.ts";
import { activityModule } from "./modules/activity/index.ts";
import { archiveModule } from "./modules/archive/index.ts";
import { authModule } from "./modules/auth/index.ts";
import { backupsModule } from "./modules/backups/index.ts";
import { bookingsModule } from "./modules/bookings/index.ts";
import { calendarModule } from "./modules/calendar/index.ts";
import { classesModule } from "./modules/classes/index.ts";
import { dataModule } from "./modules/data/index.ts";
import { eventsModule } from "./modules/events/index.ts";
import { mailModule } from "./modules/mail/index.ts";
import { messagesModule } from "./modules/messages/index.ts";
import { notificationsModule } from "./modules/notifications/index.ts";
import { passesModule } from "./modules/passes/index.ts";
import { paymentsModule } from "./modules/payments/index.ts";
import { practiceModule } from "./modules/practice/index.ts";
import { profileModule } from "./modules/profile/index.ts";
import { subscribersModule } from "./modules/subscribers/index.ts";
import { uploadsModule } from "./modules/uploads/index.ts";
import { youtubeModule } from "./modules/youtube/index.ts";

/** Every route of the API: the modules, and the 404 of an unknown path under their prefixes (401 first under /api/admin). */
export async function createApi(ctx: AppContext) {
  return new Elysia({ name: "api" })
    .use(authModule(ctx))
    .use(profileModule(ctx))
    .use(eventsModule(ctx))
    .use(classesModule(ctx))
    .use(bookingsModule(ctx))
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
    .use(paymentsModule(ctx))
    .use(passesModule(ctx))
    .use(practiceModule(ctx))
    .use(unknownPaths(ctx));
}

export type Api = Awaited<ReturnType<typeof createApi>>;

/** Wildcards: Elysia's router tries them after every static and parametric path, wherever they were added. */
const unknownPaths = (ctx: AppContext) =>
  new Elysia({ name: "unknown-paths" })
    .use(ctx.access)
    .get("/api/*", notFoundJson, { response: errorAnswers })
    .all("/api/*", notFoundJson, { parse: "none", response: errorAnswers })
    .get("/calendar/*", notFoundJson, { response: errorAnswers })
    .all("/calendar/*", notFoundJson, { parse: "none", response: errorAnswers })
    .get("/api/admin/*", notFoundJson, { admin: true, response: errorAnswers })
    .all("/api/admin/*", notFoundJson, { admin: true, response: errorAnswers });
