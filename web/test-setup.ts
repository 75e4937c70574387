// happy-dom for the component tests (DESIGN.md), preloaded by bunfig.toml before every test file: registered once
// and never unregistered, so react-dom finds a DOM whenever it is first loaded. Bun runs every test file in one
// process, so the names Bun already had (fetch, Request, Response, Headers, FormData, Blob, URL, timers, events...)
// are given back Bun's own at once: the server tests see only the names a browser adds (window, document...).
// A component test calls installDomGlobals() first; from then on those names are happy-dom's, except fetch, Request and
// Response, which stay Bun's.
import { GlobalRegistrator } from "@happy-dom/global-registrator";

const BUN_KEEPS = ["fetch", "Request", "Response"];

const bunGlobals = Object.getOwnPropertyDescriptors(globalThis);
GlobalRegistrator.register({ url: "http://localhost/" });

const domGlobals = new Map<string, PropertyDescriptor>();
for (const [name, own] of Object.entries(bunGlobals)) {
  const now = Object.getOwnPropertyDescriptor(globalThis, name)!;
  if (now.value === own.value && now.get === own.get) continue;
  domGlobals.set(name, now);
  Object.defineProperty(globalThis, name, own);
}

/** Gives the names Bun and browsers share happy-dom's meaning, for the rest of the run (web/ tests run last). */
export function installDomGlobals() {
  for (const [name, descriptor] of domGlobals) if (!BUN_KEEPS.includes(name)) Object.defineProperty(globalThis, name, descriptor);
}
