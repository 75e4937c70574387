// happy-dom for the component tests (DESIGN.md), preloaded by bunfig.toml before every test file: registered once
// and never unregistered, so react-dom finds a DOM whenever it is first loaded. Bun runs every test file in one
// process, in an order that carries no meaning (`bun test --randomize`), so the names Bun already had (fetch, Request,
// Response, Headers, FormData, Blob, URL, timers, events...) are given back Bun's own at once: the server tests see
// only the names a browser adds (window, document...). A component test file calls withDom() (web/test-dom.tsx),
// which gives those names happy-dom's meaning for that file's tests only, except fetch, Request and Response.
import { GlobalRegistrator } from "@happy-dom/global-registrator";

const BUN_KEEPS = ["fetch", "Request", "Response"];

const bunGlobals = Object.getOwnPropertyDescriptors(globalThis);
GlobalRegistrator.register({ url: "http://localhost/" });

const shared = new Map<string, { dom: PropertyDescriptor; bun: PropertyDescriptor }>();
for (const [name, own] of Object.entries(bunGlobals)) {
  const now = Object.getOwnPropertyDescriptor(globalThis, name)!;
  if (now.value === own.value && now.get === own.get) continue;
  if (!BUN_KEEPS.includes(name)) shared.set(name, { dom: now, bun: own });
  Object.defineProperty(globalThis, name, own);
}

/** Gives the names Bun and browsers share happy-dom's meaning (or, with `"bun"`, Bun's again). */
export function switchGlobals(side: "dom" | "bun") {
  for (const [name, descriptors] of shared) Object.defineProperty(globalThis, name, descriptors[side]);
}
