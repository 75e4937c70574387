import { QueryClient } from "@tanstack/react-query";

/** Spec §7: no refetch on interval or focus, never stale, no retries (per-query exceptions set their own). */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });

/** The browser's one query client (the server renders each page with a fresh one). */
export const queryClient = createQueryClient();
