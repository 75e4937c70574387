// Server-side rendering of `/` (issue 5, ADR 11): the request matched by react-router's static handler and rendered
// by its static router, with the page's public reads already in a fresh query client; that cache is dehydrated into a
// JSON data tag (not a script that runs: the CSP allows none inline), which web/main.tsx hydrates before the browser
// router takes over the markup. Runs in the Bun server; public components are render-safe (no window during render).

import type { Linked, PageData } from "@server/app.ts";
import { dehydrate, QueryClientProvider } from "@tanstack/react-query";
import { archiveEntryQueryOptions } from "@web/features/archive/components/archive-dialog.tsx";
import { eventQueryOptions } from "@web/features/events/components/event-dialog.tsx";
import { archivePageQueryOptions, FIRST_ARCHIVE_PAGE } from "@web/lib/queries/archive.ts";
import { classesQueryOptions } from "@web/lib/queries/classes.ts";
import { firstEventsQueryOptions } from "@web/lib/queries/events.ts";
import { notificationsQueryOptions } from "@web/lib/queries/notifications.ts";
import { profileQueryOptions } from "@web/lib/queries/profile.ts";
import { videoStatusQueryOptions } from "@web/lib/queries/videos.ts";
import { StrictMode } from "react";
// The browser build of the renderer: the same renderToString without node:util and node:stream, which the Bun build
// imports eagerly and which would then load at every start of the executable.
import { renderToString } from "react-dom/server.browser";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { routes } from "./app.tsx";
import { createQueryClient, QUERY_STATE_ID } from "./query-client.ts";

export type HomePageRender = {
  request: Request;
  data: PageData;
  /** The event or archive entry a link page is about: its dialog opens with its own data, wherever it is in its list. */
  link?: Linked;
  /** A bundled file's name (e.g. "portrait-placeholder.svg") to its URL in the build. */
  assetUrls?: Record<string, string>;
};

const { query, dataRoutes } = createStaticHandler(routes);

/** Renders `/` with `data`: the inner HTML of #root, and the tag holding the dehydrated cache to put after it. */
export async function renderHomePage({ request, data, link, assetUrls = {} }: HomePageRender): Promise<{ root: string; tail: string }> {
  const queryClient = createQueryClient();
  // Each read under the key of the query the browser asks it with (typed by its route, on both sides).
  queryClient.setQueryData(profileQueryOptions().queryKey, data.profile);
  queryClient.setQueryData(firstEventsQueryOptions().queryKey, data.events);
  queryClient.setQueryData(classesQueryOptions().queryKey, data.classes);
  queryClient.setQueryData(archivePageQueryOptions(FIRST_ARCHIVE_PAGE).queryKey, data.archive);
  // A link's item, and for an event's link that the other section has nothing under it (no request for it either).
  if (link && "event" in link) {
    queryClient.setQueryData(eventQueryOptions(link.event.id).queryKey, link.event);
    queryClient.setQueryData(archiveEntryQueryOptions("event", link.event.id).queryKey, null);
  } else if (link && "entry" in link) {
    queryClient.setQueryData(archiveEntryQueryOptions(link.entry.source, link.entry.id).queryKey, link.entry);
    if (link.entry.source === "event") queryClient.setQueryData(eventQueryOptions(link.entry.id).queryKey, null);
  }
  queryClient.setQueryData(notificationsQueryOptions().queryKey, data.notifications);
  queryClient.setQueryData(videoStatusQueryOptions().queryKey, data.videoStatus);
  const context = await query(request);
  // No route has a loader or an action, so nothing answers with a redirect or a response of its own.
  if (context instanceof Response) throw new Error(`The router answered ${request.url} with ${context.status}`);
  let root = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        {/* No router state to carry over (no loaders), and the CSP would refuse its inline script. */}
        <StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />
      </QueryClientProvider>
    </StrictMode>,
  );
  // A file imported by a component is a path on the server and a hashed URL in the browser build.
  for (const [name, url] of Object.entries(assetUrls)) {
    const [stem, ext] = [name.slice(0, name.lastIndexOf(".")), name.slice(name.lastIndexOf("."))];
    root = root.replace(new RegExp(`"[^"]*/${stem}(?:-[a-z0-9]+)?\\${ext}"`, "g"), `"${url}"`);
  }
  const state = JSON.stringify(dehydrate(queryClient)).replace(/</g, "\\u003c");
  return { root, tail: `<script type="application/json" id="${QUERY_STATE_ID}">${state}</script>` };
}
