import { describe, expect, test } from "bun:test";
import { QueryClient, queryOptions } from "./query.ts";

/** A fetcher that answers `answers` in turn (an Error is thrown) and counts its calls. */
function fetcher<T>(...answers: (T | Error)[]) {
  const calls = { count: 0 };
  const queryFn = async () => {
    const answer = answers[Math.min(calls.count++, answers.length - 1)]!;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { calls, queryFn };
}

describe("QueryClient", () => {
  test("the page's answers round-trip through dehydrate and hydrate; failed and empty queries are left out", async () => {
    const server = new QueryClient();
    server.setQueryData(["/api/events"], [{ id: 1 }]);
    await server.fetchQuery(queryOptions({ queryKey: ["/api/classes"], queryFn: fetcher<unknown>(new Error("down")).queryFn }));
    server.getQueryState(["/api/profile"]);
    const state = JSON.parse(JSON.stringify(server.dehydrate()));
    expect(state).toEqual([[["/api/events"], [{ id: 1 }]]]);

    const browser = new QueryClient();
    browser.hydrate(state);
    expect(browser.getQueryState(["/api/events"])).toMatchObject({ status: "success", data: [{ id: 1 }], error: null });
    expect(browser.needsFetch({ queryKey: ["/api/events"], queryFn: async () => [] })).toBe(false);
  });

  test("one fetch at a time per query: a second caller shares the one under way", async () => {
    const client = new QueryClient();
    const { calls, queryFn } = fetcher(["a"]);
    const options = queryOptions({ queryKey: ["/api/events"], queryFn });
    const first = client.fetchQuery(options);
    expect(client.getQueryState(["/api/events"])).toMatchObject({ status: "pending", isFetching: true });
    await Promise.all([first, client.fetchQuery(options)]);
    expect(calls.count).toBe(1);
    expect(client.getQueryState(["/api/events"])).toMatchObject({ status: "success", data: ["a"], isFetching: false });
  });

  test("not retried by default (spec §7): one failed attempt is an error", async () => {
    const client = new QueryClient();
    const { calls, queryFn } = fetcher<string>(new Error("500: boom"), "late");
    await client.fetchQuery({ queryKey: ["/api/classes"], queryFn });
    expect(calls.count).toBe(1);
    expect(client.getQueryState(["/api/classes"])).toMatchObject({ status: "error", data: undefined });
    expect(client.getQueryState(["/api/classes"]).error?.message).toBe("500: boom");
  });

  test("retries as asked, waiting retryDelay(failures - 1) between attempts; pending until the last one", async () => {
    const client = new QueryClient();
    const { calls, queryFn } = fetcher<string>(new Error("1"), new Error("2"), new Error("3"), new Error("4"), new Error("5"));
    const delays: number[] = [];
    const fetching = client.fetchQuery({
      queryKey: ["/api/youtube/videos"],
      queryFn,
      retry: 4,
      retryDelay: (failureCount) => (delays.push(failureCount), 1),
    });
    await Bun.sleep(0);
    expect(client.getQueryState(["/api/youtube/videos"]).status).toBe("pending");
    await fetching;
    expect(calls.count).toBe(5);
    expect(delays).toEqual([0, 1, 2, 3]);
    expect(client.getQueryState(["/api/youtube/videos"]).error?.message).toBe("5");
  });

  test("a failed refetch keeps the answer it had; a refetch with no answer starts pending again", async () => {
    const client = new QueryClient();
    const { queryFn } = fetcher<string>("first", new Error("later"));
    const options = { queryKey: ["/api/profile"], queryFn };
    await client.fetchQuery(options);
    await client.fetchQuery(options);
    expect(client.getQueryState(["/api/profile"])).toMatchObject({ status: "error", data: "first" });

    const empty = fetcher<string>(new Error("no"), "yes");
    await client.fetchQuery({ queryKey: ["/api/classes"], queryFn: empty.queryFn });
    const again = client.fetchQuery({ queryKey: ["/api/classes"], queryFn: empty.queryFn });
    expect(client.getQueryState(["/api/classes"])).toMatchObject({ status: "pending", error: null });
    await again;
    expect(client.getQueryState(["/api/classes"])).toMatchObject({ status: "success", data: "yes" });
  });

  test("freshness: never stale by default, staleTime 0 always fetches when shown, errors and no answer fetch", async () => {
    const client = new QueryClient();
    const forever = { queryKey: ["/api/events"], queryFn: async () => 1 };
    const always = { queryKey: ["/api/admin/events", 1, "registrations"], queryFn: async () => 2, staleTime: 0 };
    expect(client.needsFetch(forever)).toBe(true);
    await client.fetchQuery(forever);
    await client.fetchQuery(always);
    await Bun.sleep(2);
    expect(client.needsFetch(forever)).toBe(false);
    expect(client.needsFetch(always)).toBe(true);
    await client.fetchQuery({ queryKey: ["/api/classes"], queryFn: fetcher<number>(new Error("x")).queryFn });
    expect(client.needsFetch({ queryKey: ["/api/classes"], queryFn: async () => 3 })).toBe(true);
  });

  test("invalidation refetches the queries shown now (resolving after), marks the others, matches by key prefix", async () => {
    const client = new QueryClient();
    const shown = fetcher(["old"], ["new"]);
    const hidden = fetcher(["old"], ["new"]);
    const other = fetcher(["x"]);
    const shownOptions = { queryKey: ["/api/admin/events"], queryFn: shown.queryFn };
    const hiddenOptions = { queryKey: ["/api/admin/events", 7, "registrations"], queryFn: hidden.queryFn };
    const otherOptions = { queryKey: ["/api/events"], queryFn: other.queryFn };
    await Promise.all([client.fetchQuery(shownOptions), client.fetchQuery(hiddenOptions), client.fetchQuery(otherOptions)]);
    const changes: string[] = [];
    const stop = client.subscribe(shownOptions, () => changes.push(client.getQueryState(["/api/admin/events"]).status));

    await client.invalidateQueries({ queryKey: ["/api/admin/events"] });
    expect(client.getQueryData(["/api/admin/events"])).toEqual(["new"]);
    expect(changes.length).toBeGreaterThan(0);
    expect(hidden.calls.count).toBe(1);
    expect(client.needsFetch(hiddenOptions)).toBe(true);
    expect(client.needsFetch(otherOptions)).toBe(false);

    await client.invalidateQueries({ queryKey: ["/api/admin/events"], exact: true });
    expect(shown.calls.count).toBe(3);
    expect(hidden.calls.count).toBe(1);
    stop();

    await client.invalidateQueries();
    expect(client.needsFetch(otherOptions)).toBe(true);
    expect(other.calls.count).toBe(1);
  });

  test("an invalidation during a fetch refetches after it (the answer under way may predate the write)", async () => {
    const client = new QueryClient();
    const { calls, queryFn } = fetcher(["before"], ["after"]);
    const options = { queryKey: ["/api/classes"], queryFn };
    const stop = client.subscribe(options, () => {});
    void client.fetchQuery(options);
    await client.invalidateQueries({ queryKey: ["/api/classes"] });
    expect(calls.count).toBe(2);
    expect(client.getQueryData(["/api/classes"])).toEqual(["after"]);
    stop();
  });

  test("removeQueries forgets the matching answers (the admin's after logout)", async () => {
    const client = new QueryClient();
    client.setQueryData(["/api/admin/messages"], ["secret"]);
    client.setQueryData(["/api/events"], ["public"]);
    client.removeQueries({ predicate: (queryKey) => String(queryKey[0]).startsWith("/api/admin") });
    expect(client.getQueryState(["/api/admin/messages"])).toMatchObject({ status: "pending", data: undefined });
    expect(client.getQueryData(["/api/events"])).toEqual(["public"]);
    expect(client.dehydrate()).toEqual([[["/api/events"], ["public"]]]);
  });
});
