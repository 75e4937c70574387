// The data cache's rules (spec §7, ADR 11): an answer never goes stale, a failed read is not tried again, nothing
// refetches on focus, reconnection or a timer. The queries that differ say so in their own options
// (web/lib/queries/notifications.ts, web/lib/queries/videos.ts); a write's invalidation refetches what it changed.
import { QueryClient } from "@tanstack/react-query";

/** The id of the <script type="application/json"> into which the server dehydrates the page's query cache. */
export const QUERY_STATE_ID = "query-state";

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        // Unused answers are kept too (a few dozen keys at most): showing a tab again never reloads what it had.
        gcTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        refetchInterval: false,
      },
    },
  });
