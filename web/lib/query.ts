// The app's data cache (spec §7, ADR 0009): the part of TanStack Query's API this app uses, under the same names, in
// a fraction of its size so that `/` stays within its JavaScript budget. Queries never go stale, are not retried and
// do not refetch on focus or interval unless their options say so; an invalidated query refetches at once when shown,
// else when next shown.
import { createContext, createElement, useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";

export type QueryKey = readonly unknown[];

export type QueryOptions<T> = {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  /** How long an answer counts as fresh before a newly shown query fetches it again; never stale by default. */
  staleTime?: number;
  /**
   * Attempts after the first failed one (none by default), or whether to try again after a failure, by the number of
   * failures before it (0 after the first) and the error.
   */
  retry?: number | ((failureCount: number, error: Error) => boolean);
  /** The wait before a retry, by the number of failures so far minus one (0 before the first retry). */
  retryDelay?: (failureCount: number) => number;
};

/** Declares a query once (key, fetcher, freshness) for the hook, the server render and invalidation. */
export const queryOptions = <T>(options: QueryOptions<T>): QueryOptions<T> => options;

export type QueryState<T = unknown> = {
  status: "pending" | "error" | "success";
  data: T | undefined;
  error: Error | null;
  isFetching: boolean;
  updatedAt: number;
};

type Entry = {
  queryKey: QueryKey;
  /** The options of the hooks showing it (how to fetch it again when invalidated). */
  options: QueryOptions<unknown> | null;
  state: QueryState;
  invalidated: boolean;
  fetching: Promise<void> | null;
  listeners: Set<() => void>;
};

const PENDING: QueryState = { status: "pending", data: undefined, error: null, isFetching: false, updatedAt: 0 };
const hashKey = (queryKey: QueryKey) => JSON.stringify(queryKey);
const toError = (reason: unknown) => (reason instanceof Error ? reason : new Error(String(reason)));
const startsWith = (queryKey: QueryKey, prefix: QueryKey) => prefix.every((part, i) => hashKey([part]) === hashKey([queryKey[i]]));

/** The answers of the server written down in the page: each query's key and data. */
export type DehydratedState = [QueryKey, unknown][];

export class QueryClient {
  readonly #entries = new Map<string, Entry>();

  #entry(queryKey: QueryKey): Entry {
    const hash = hashKey(queryKey);
    let entry = this.#entries.get(hash);
    if (!entry) this.#entries.set(hash, (entry = { queryKey, options: null, state: PENDING, invalidated: false, fetching: null, listeners: new Set() }));
    return entry;
  }

  #set(entry: Entry, changes: Partial<QueryState>) {
    entry.state = { ...entry.state, ...changes };
    for (const listener of entry.listeners) listener();
  }

  /** The current state of a query (pending and empty when never fetched). */
  getQueryState<T>(queryKey: QueryKey): QueryState<T> {
    return this.#entry(queryKey).state as QueryState<T>;
  }

  getQueryData<T>(queryKey: QueryKey): T | undefined {
    return this.getQueryState<T>(queryKey).data;
  }

  setQueryData<T>(queryKey: QueryKey, data: T) {
    const entry = this.#entry(queryKey);
    entry.invalidated = false;
    this.#set(entry, { status: "success", data, error: null, updatedAt: Date.now() });
  }

  /** Calls `listener` on every change of the query's state while it is shown; returns the unsubscribe. */
  subscribe<T>(options: QueryOptions<T>, listener: () => void): () => void {
    const entry = this.#entry(options.queryKey);
    entry.options = options as QueryOptions<unknown>;
    entry.listeners.add(listener);
    return () => entry.listeners.delete(listener);
  }

  /** Fetches the query (sharing a fetch already under way), retrying as its options say; never rejects. */
  fetchQuery<T>(options: QueryOptions<T>): Promise<void> {
    const entry = this.#entry(options.queryKey);
    if (entry.fetching) return entry.fetching;
    const run = async () => {
      this.#set(entry, entry.state.data === undefined ? { status: "pending", error: null, isFetching: true } : { isFetching: true });
      for (let failures = 0; ; failures++) {
        try {
          const data = await options.queryFn();
          entry.invalidated = false;
          return this.#set(entry, { status: "success", data, error: null, isFetching: false, updatedAt: Date.now() });
        } catch (reason) {
          const error = toError(reason);
          const { retry = 0 } = options;
          if (typeof retry === "number" ? failures >= retry : !retry(failures, error)) return this.#set(entry, { status: "error", error, isFetching: false });
          await new Promise((resolve) => setTimeout(resolve, options.retryDelay?.(failures) ?? 0));
        }
      }
    };
    entry.fetching = run().finally(() => (entry.fetching = null));
    return entry.fetching;
  }

  /** Whether a query being shown should fetch: no answer yet, a failed one, invalidated, or older than its freshness. */
  needsFetch(options: QueryOptions<unknown>): boolean {
    const { state, invalidated } = this.#entry(options.queryKey);
    return state.status !== "success" || invalidated || Date.now() - state.updatedAt > (options.staleTime ?? Infinity);
  }

  /**
   * Marks the queries under `queryKey` (all without one; only that key when `exact`) as out of date and refetches
   * those shown now; resolves when they are fetched again.
   */
  async invalidateQueries({ queryKey, exact = false }: { queryKey?: QueryKey; exact?: boolean } = {}) {
    const refetches: Promise<void>[] = [];
    const wanted = queryKey && hashKey(queryKey);
    for (const [hash, entry] of this.#entries) {
      if (queryKey && (exact ? hash !== wanted : !startsWith(entry.queryKey, queryKey))) continue;
      entry.invalidated = true;
      const { options, fetching } = entry;
      // A fetch under way may have started before the change: the refetch follows it.
      if (entry.listeners.size && options) refetches.push((fetching ?? Promise.resolve()).then(() => this.fetchQuery(options)));
    }
    await Promise.all(refetches);
  }

  /** Forgets the answers of the queries whose key matches (their next showing starts from nothing). */
  removeQueries({ predicate }: { predicate: (queryKey: QueryKey) => boolean }) {
    for (const entry of this.#entries.values()) {
      if (!predicate(entry.queryKey)) continue;
      entry.invalidated = false;
      this.#set(entry, PENDING);
    }
  }

  /** The answers held, to be written into the server-rendered page. */
  dehydrate(): DehydratedState {
    return [...this.#entries.values()].filter((entry) => entry.state.status === "success").map((entry) => [entry.queryKey, entry.state.data]);
  }

  hydrate(state: DehydratedState) {
    for (const [queryKey, data] of state) this.setQueryData(queryKey, data);
  }
}

/** The browser's one client (the server renders each page with its own). */
export const queryClient = new QueryClient();

const QueryClientContext = createContext<QueryClient>(queryClient);

export const QueryClientProvider = ({ client, children }: { client: QueryClient; children: ReactNode }) =>
  createElement(QueryClientContext.Provider, { value: client }, children);

export const useQueryClient = () => useContext(QueryClientContext);

export type QueryResult<T> = {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<void>;
};

/** Shows a query: its cached answer at once, fetched when shown if needed (see `needsFetch`). */
export function useQuery<T, S = T>(options: QueryOptions<T> & { select?: (data: T) => S }): QueryResult<S> {
  const client = useQueryClient();
  const { queryKey } = options;
  const hash = hashKey(queryKey);
  const latest = useRef(options);
  latest.current = options;
  // The key's hash stands for the key: a new options object each render is the same query.
  const subscribe = useCallback((listener: () => void) => client.subscribe(latest.current, listener), [client, hash]);
  const snapshot = () => client.getQueryState<T>(queryKey);
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    if (client.needsFetch(latest.current as QueryOptions<unknown>)) void client.fetchQuery(latest.current);
  }, [client, hash]);
  const { select } = options;
  return {
    data: state.data === undefined ? undefined : select ? select(state.data) : (state.data as unknown as S),
    error: state.error,
    isPending: state.status === "pending",
    isError: state.status === "error",
    isFetching: state.isFetching,
    refetch: () => client.fetchQuery(latest.current),
  };
}

type MutationCallbacks<T, V> = {
  onSuccess?: (data: T, variables: V) => unknown;
  onError?: (error: Error, variables: V) => unknown;
};

export type MutationResult<T, V> = {
  mutate: (variables: V, callbacks?: MutationCallbacks<T, V>) => void;
  isPending: boolean;
};

/**
 * A write: pending until `mutationFn` and the hook's `onSuccess` (which awaits its refreshes) are done, then the
 * caller's callbacks run.
 */
export function useMutation<T, V = void>(options: { mutationFn: (variables: V) => Promise<T> } & MutationCallbacks<T, V>): MutationResult<T, V> {
  const [isPending, setPending] = useState(false);
  const latest = useRef(options);
  latest.current = options;

  const mutate = useCallback((variables: V, callbacks: MutationCallbacks<T, V> = {}) => {
    const run = async () => {
      setPending(true);
      let data: T;
      try {
        data = await latest.current.mutationFn(variables);
        await latest.current.onSuccess?.(data, variables);
      } catch (reason) {
        const error = toError(reason);
        setPending(false);
        await latest.current.onError?.(error, variables);
        return callbacks.onError?.(error, variables);
      }
      setPending(false);
      return callbacks.onSuccess?.(data, variables);
    };
    void run();
  }, []);

  return { mutate, isPending };
}
