// The app's three routes (/, /admin, anything else) need no router library: the path, kept in step with the
// History API. (react-router cost 13 KB gzip of the public page's budget; the admin chunk still uses it inside.)
import { useSyncExternalStore } from "react";

const CHANGE = "app:navigate";

const subscribe = (onChange: () => void) => {
  window.addEventListener("popstate", onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(CHANGE, onChange);
  };
};

/** "/admin/" and "/admin" are the same page. */
export const normalizePath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") || "/" : path);

/** The current path; `serverPath` stands for it while rendering on the server (and during hydration). */
export function usePathname(serverPath = "/"): string {
  return useSyncExternalStore(subscribe, () => normalizePath(window.location.pathname), () => serverPath);
}

/** Moves to another page of the app without reloading. */
export function navigate(to: string, options: { replace?: boolean } = {}) {
  if (options.replace) window.history.replaceState(null, "", to);
  else window.history.pushState(null, "", to);
  window.dispatchEvent(new Event(CHANGE));
}

/** Tells the app the URL was changed by someone else (react-router inside the admin chunk). */
export function notifyLocationChange() {
  window.dispatchEvent(new Event(CHANGE));
}
