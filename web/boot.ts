// The page's first script (ADR 7). A server-rendered page reads without the app, which only makes it interactive, so
// the app's script (web/main.tsx, kept inert in a template by the build: web/lib/app-start.ts) is added once the
// page's main image (the one it asks for first, `fetchpriority="high"`: the portrait) has been painted, as soon as
// the visitor touches, clicks, types or tabs, or after 3 s, whichever comes first: on a slow phone the app then
// takes no bandwidth from what the visitor sees first. What is done on the page before the app has hydrated is held
// and done again then (web/lib/early-input.ts). A page without such an image (the admin area, 404) starts the app
// at once.

import { APP_SCRIPT_ID, APP_STARTED_EVENT } from "./lib/app-start.ts";
import { holdEarlyInput } from "./lib/early-input.ts";

const FALLBACK_MS = 3000;
const INTERACTIONS = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

const held = holdEarlyInput(document);
document.addEventListener(APP_STARTED_EVENT, () => held.replay(), { once: true });

/**
 * Settles once the main image has been painted: its largest-contentful-paint entry, which comes once the frame
 * showing it has been presented; where that is not reported, two frames after the image has been decoded.
 */
function mainImagePainted(): Promise<unknown> {
  const image = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!image || document.visibilityState === "hidden") return Promise.resolve();
  if (PerformanceObserver.supportedEntryTypes.includes("largest-contentful-paint")) {
    return new Promise((painted) =>
      new PerformanceObserver((entries, observer) => {
        if (!entries.getEntries().some((entry) => (entry as LargestContentfulPaint).element === image)) return;
        observer.disconnect();
        painted(undefined);
      }).observe({ type: "largest-contentful-paint", buffered: true }),
    );
  }
  const nextFrame = () => new Promise((shown) => requestAnimationFrame(shown));
  return image
    .decode()
    .catch(() => {})
    .then(nextFrame)
    .then(nextFrame);
}

const firstInteraction = new Promise((interacted) => {
  for (const type of INTERACTIONS) addEventListener(type, interacted, { capture: true, once: true, passive: true });
});

function startApp() {
  const template = document.getElementById(APP_SCRIPT_ID);
  const script = template instanceof HTMLTemplateElement && template.content.querySelector("script");
  if (!script) return held.replay();
  const app = document.importNode(script, true);
  // Without the app (its script could not be fetched, or failed as it ran), a held link's click still goes where
  // the link leads.
  app.addEventListener("error", () => held.replay());
  addEventListener("error", () => held.replay(), { once: true });
  document.body.append(app);
}

void Promise.race([mainImagePainted(), firstInteraction, new Promise((later) => setTimeout(later, FALLBACK_MS))]).then(startApp);
