// Helpers of the component tests. Importing this module gives the names Bun and browsers share their happy-dom
// meaning for the rest of the run (web/test-setup.ts), so each component test imports it first.
import { expect } from "bun:test";
import { QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { createQueryClient } from "./app/query-client.ts";
import { installDomGlobals } from "./test-setup.ts";

installDomGlobals();

/** Renders `ui` with the app's query client holding `answers` (query key, data), as the server's page would. */
export function renderWithData(ui: ReactNode, answers: [QueryKey, unknown][] = []) {
  const client = createQueryClient();
  for (const [key, data] of answers) client.setQueryData(key, data);
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** Waits until no element shows `text`. Checks a boolean: Bun formats a received element, fibers and all, at every try. */
export const waitUntilGone = (text: string) => waitFor(() => expect(screen.queryByText(text) === null).toBe(true));
