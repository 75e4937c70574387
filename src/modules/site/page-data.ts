// The public reads `/` is rendered from (the first page of each list: what it sends does not grow with the history),
// each asked of the API's own route in-process, as the browser asks it: their
// types are the routes' (Eden Treaty), their bytes the public cache's.
import { treaty } from "@elysiajs/eden";
import type { Api } from "@server/api.ts";

/** The data of an answer, or the error that stops the page from being rendered (the shell is served instead). */
function ok<T>(answer: { data: T; error: null } | { data: null; error: { status: unknown; value: unknown } }): T {
  if (answer.error) throw new Error(`A page read answered ${String(answer.error.status)}`);
  return answer.data as T;
}

export function pageDataLoader(api: Api) {
  const { api: reads } = treaty(api, { parseDate: false });
  return async () => {
    const [profile, events, classes, archive, notifications, videoStatus] = await Promise.all([
      reads.profile.get(),
      reads.events.first.get(),
      reads.classes.get(),
      reads["archive-events"].page.get({ query: {} }),
      reads.notifications.get(),
      reads.youtube.status.get(),
    ]);
    return {
      profile: ok(profile),
      events: ok(events),
      classes: ok(classes),
      archive: ok(archive),
      notifications: ok(notifications),
      videoStatus: ok(videoStatus),
    };
  };
}

/** Every upcoming event, archive entry and weekly class: the links that exist (their own pages, the sitemap). */
export function pageLinksLoader(api: Api) {
  const { api: reads } = treaty(api, { parseDate: false });
  return async () => {
    const [events, archive, classes] = await Promise.all([reads.events.get(), reads["archive-events"].get(), reads.classes.get()]);
    return { events: ok(events), archive: ok(archive), classes: ok(classes) };
  };
}

/** What `/` is rendered from (web/app/server-render.tsx puts each under its query's key). */
export type PageData = Awaited<ReturnType<ReturnType<typeof pageDataLoader>>>;
export type PageLinks = Awaited<ReturnType<ReturnType<typeof pageLinksLoader>>>;
