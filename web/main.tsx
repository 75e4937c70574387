import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { queryClient } from "./lib/query.ts";

// `/` arrives rendered by the server with its data (web/app/server-render.tsx): the query cache is filled from the
// JSON data tag first, so the first render matches the server's markup and hydrates without fetching again.
const state = document.getElementById("query-state");
if (state?.textContent) queryClient.hydrate(JSON.parse(state.textContent));

const root = document.getElementById("root")!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// Hydrating in a transition lets React yield to the browser between components: the page is already visible, and
// no single long task keeps a tap waiting.
if (state && root.firstChild) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
