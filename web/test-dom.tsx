// Helpers of the component tests. Each component test file calls withDom() first (web/test-setup.ts).
import { afterAll, beforeAll, expect } from "bun:test";
import { QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { createQueryClient } from "./app/query-client.ts";
import { switchGlobals } from "./test-setup.ts";

/**
 * The file's tests see happy-dom's globals, and leave nothing behind for the next file, whatever runs next: the
 * rendered trees unmounted, the page and storage emptied, Bun's globals back.
 */
export function withDom() {
  switchGlobals("dom"); // now, for what the file's imports and top level make; again before its tests, in case
  beforeAll(() => switchGlobals("dom"));
  afterAll(() => {
    cleanup();
    document.body.replaceChildren();
    localStorage.clear();
    sessionStorage.clear();
    switchGlobals("bun");
  });
}

/** Renders `ui` with the app's query client holding `answers` (query key, data), as the server's page would. */
export function renderWithData(ui: ReactNode, answers: [QueryKey, unknown][] = []) {
  const client = createQueryClient();
  for (const [key, data] of answers) client.setQueryData(key, data);
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** Waits until no element shows `text`. Checks a boolean: Bun formats a received element, fibers and all, at every try. */
export const waitUntilGone = (text: string) => waitFor(() => expect(screen.queryByText(text) === null).toBe(true));
