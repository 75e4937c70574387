import { type DehydratedState, hydrate, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { RouterProvider } from "react-router/dom";
import { routes } from "./app/app.tsx";
import { createQueryClient, QUERY_STATE_ID } from "./app/query-client.ts";
import { APP_STARTED_EVENT } from "./lib/app-start.ts";

const queryClient = createQueryClient();

// `/` arrives rendered by the server with its data (web/app/server-render.tsx): the cache is filled from the JSON data
// tag first, so the first render matches the server's markup and hydrates without fetching again. The page is
// revalidated on every load (must-revalidate, and its ETag changes with any write), so its answers are as fresh as
// its arrival: that is when they were read, for the queries that go stale (notifications).
const state = document.getElementById(QUERY_STATE_ID);
if (state?.textContent) {
  const page = JSON.parse(state.textContent) as DehydratedState;
  const arrivedAt = Date.now();
  hydrate(queryClient, { ...page, queries: page.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: arrivedAt } })) });
}

/**
 * Tells the page's script (web/boot.ts) that the app has hydrated, so that what the visitor did before is done again.
 * In a task of its own: a click on a part not hydrated yet (each section is a Suspense boundary) hydrates that part
 * at once, which React cannot do from inside its own effects.
 */
function AnnounceStarted() {
  useEffect(() => void setTimeout(() => document.dispatchEvent(new Event(APP_STARTED_EVENT))), []);
  return null;
}

const router = createBrowserRouter(routes);
// biome-ignore lint/style/noNonNullAssertion: index.html has the #root element
const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
    <AnnounceStarted />
  </StrictMode>
);
// Hydrating in a transition lets React yield to the browser between components: the page is already visible, and
// no single long task keeps a tap waiting.
if (state && root.firstChild) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
