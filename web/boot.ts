// The page's entry (web/index.html). `/` arrives rendered by the server (src/plugins/page.ts): readable and styled
// before any script runs. So the app (web/main.tsx: React, the data cache and the hydration, most of the page's
// JavaScript) is fetched and started once the page has painted and its images and fonts have loaded: what the
// visitor sees goes first on the network and on the main thread (ADR 7). A button pressed before the app runs is
// pressed again once it has started, so an early tap is not lost. A page sent without content (/admin, the 404 page)
// starts the app at once (its shell preloads it).

const startApp = () => import("./main.tsx");

/** Keeps the clicks on buttons inside `root` until `replay`: before hydration they would do nothing (or submit). */
function keepEarlyClicks(root: HTMLElement) {
  const pressed: HTMLElement[] = [];
  const onClick = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    if (!button || button.disabled) return;
    event.preventDefault();
    event.stopPropagation();
    pressed.push(button);
  };
  root.addEventListener("click", onClick, true);
  return {
    replay() {
      root.removeEventListener("click", onClick, true);
      for (const button of pressed.splice(0)) if (button.isConnected) button.click();
    },
  };
}

/** Calls `then` once the page has had its first contentful paint and its load event, after the next frame. */
function whenShown(then: () => void) {
  let painted = typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes?.includes("paint");
  let loaded = document.readyState === "complete";
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    then();
  };
  const check = () => {
    if (painted && loaded) requestAnimationFrame(() => setTimeout(run));
  };
  const observer = painted
    ? null
    : new PerformanceObserver((list) => {
        if (list.getEntriesByName("first-contentful-paint").length) {
          painted = true;
          check();
        }
      });
  observer?.observe({ type: "paint", buffered: true });
  if (!loaded) {
    addEventListener(
      "load",
      () => {
        loaded = true;
        check();
        // Should the paint never be reported (a browser that does not), the app still starts.
        setTimeout(run, 3000);
      },
      { once: true },
    );
  }
  check();
}

const root = document.getElementById("root");
if (!root?.firstElementChild || document.visibilityState === "hidden") {
  // Nothing to show first, or nothing will be painted while the tab is hidden.
  void startApp();
} else {
  const clicks = keepEarlyClicks(root);
  whenShown(() => void startApp().then(clicks.replay, clicks.replay));
}
