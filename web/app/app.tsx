// The app's routes (spec §2), one list for both sides: the server renders `/` with react-router's static handler
// (web/app/server-render.tsx) and the browser hydrates it with the browser router (web/main.tsx).
import { useEffect } from "react";
import { Outlet, type RouteObject } from "react-router";
import { Toaster } from "../components/ui/toast.tsx";
import { HomePage } from "./routes/home.tsx";
import { NotFoundPage } from "./routes/not-found.tsx";

/**
 * An image of the server-rendered page that failed before hydration fired its "error" event with no React handler
 * attached yet (the hero's placeholder would never show): fire it again once the handlers are there.
 */
function replayImageErrors() {
  for (const image of document.querySelectorAll<HTMLImageElement>("#root img[src]")) {
    if (image.complete && image.naturalWidth === 0) image.dispatchEvent(new Event("error"));
  }
}

function Layout() {
  useEffect(replayImageErrors, []);
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    Component: Layout,
    // While the admin chunk loads on a first visit to /admin, nothing is shown (the page is blank without it anyway).
    HydrateFallback: () => null,
    children: [
      { index: true, Component: HomePage },
      // The admin area, its editor included, is its own chunk: the public page never downloads it.
      { path: "admin", lazy: { Component: async () => (await import("./routes/admin.tsx")).default } },
      // Issue 40: a student's own page, its own chunk too.
      { path: "practice", lazy: { Component: async () => (await import("@web/features/practice/practice-page.tsx")).default } },
      { path: "admin/:link", lazy: { Component: async () => (await import("./routes/account-links.tsx")).default } },
      { path: "*", Component: NotFoundPage },
    ],
  },
];
