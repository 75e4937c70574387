import { lazy, Suspense, useEffect } from "react";
import { Toaster } from "../components/ui/toast.tsx";
import { QueryClientProvider, queryClient as browserQueryClient, type QueryClient } from "../lib/query.ts";
import { usePathname } from "../lib/router.ts";
import { HomePage } from "./routes/home.tsx";
import { NotFoundPage } from "./routes/not-found.tsx";

// The admin area (editor and react-router included) is its own chunk: the public page never downloads it.
const AdminRoute = lazy(() => import("./routes/admin-route.tsx"));

/**
 * An image of the server-rendered page that failed before hydration fired its "error" event with no React handler
 * attached yet (the hero's placeholder would never show): fire it again once the handlers are there.
 */
function replayImageErrors() {
  for (const image of document.querySelectorAll<HTMLImageElement>("#root img[src]")) {
    if (image.complete && image.naturalWidth === 0) image.dispatchEvent(new Event("error"));
  }
}

/** Three routes: `/`, `/admin` and the 404 page. The server renders `/` with its own query client (`pathname`, `client`). */
export function App({ pathname, client = browserQueryClient }: { pathname?: string; client?: QueryClient } = {}) {
  const path = usePathname(pathname);
  useEffect(replayImageErrors, []);
  return (
    <QueryClientProvider client={client}>
      {path === "/" ? (
        <HomePage />
      ) : path === "/admin" ? (
        <Suspense fallback={null}>
          <AdminRoute />
        </Suspense>
      ) : (
        <NotFoundPage />
      )}
      <Toaster />
    </QueryClientProvider>
  );
}
