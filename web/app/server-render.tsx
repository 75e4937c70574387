// Server-side rendering of `/` (issue 5): the app rendered with the public reads already in its query cache, and
// that cache dehydrated into a JSON data tag (not a script that runs: the CSP allows none inline) which web/main.tsx
// hydrates before hydrateRoot. Runs in the Bun server; public components are render-safe (no window during render).
import { StrictMode } from "react";
// The browser build of the renderer: the same renderToString without node:util and node:stream, which the Bun build
// imports eagerly and which would then load at every start of the executable.
import { renderToString } from "react-dom/server.browser";
import { QueryClient } from "../lib/query.ts";
import { App } from "./app.tsx";

/** The id of the <script type="application/json"> holding the dehydrated query cache. */
export const QUERY_STATE_ID = "query-state";

/** Each public read by its path; the queries of web/features/<feature>/api.ts are keyed by the same path. */
export type PageData = Record<string, unknown>;

/** Renders `/` with `data`; `assetUrls` maps a bundled file's name (e.g. "portrait-placeholder.svg") to its URL in the build. */
export function renderHomePage(data: PageData, assetUrls: Record<string, string> = {}): { root: string; tail: string } {
  const client = new QueryClient();
  for (const [path, value] of Object.entries(data)) client.setQueryData([path], value);
  let root = renderToString(
    <StrictMode>
      <App pathname="/" client={client} />
    </StrictMode>,
  );
  // A file imported by a component is a path on the server and a hashed URL in the browser build.
  for (const [name, url] of Object.entries(assetUrls)) {
    const [stem, ext] = [name.slice(0, name.lastIndexOf(".")), name.slice(name.lastIndexOf("."))];
    root = root.replace(new RegExp(`"[^"]*/${stem}(?:-[a-z0-9]+)?\\${ext}"`, "g"), `"${url}"`);
  }
  const state = JSON.stringify(client.dehydrate()).replace(/</g, "\\u003c");
  return { root, tail: `<script type="application/json" id="${QUERY_STATE_ID}">${state}</script>` };
}
