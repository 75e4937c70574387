import { QueryClient } from "@tanstack/react-query";

/** Spec §7: no refetch on interval or focus, never stale, no retries (per-query exceptions set their own). */
export const queryClient = new QueryClient({
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
