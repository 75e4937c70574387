import { afterEach, describe, expect, test } from "bun:test";
import { hydrate, type QueryClient, type QueryKey, QueryObserver, type QueryObserverOptions } from "@tanstack/react-query";
import type { PublicProfile } from "@web/lib/api-types.ts";
import { notificationsQueryOptions } from "../lib/queries/notifications.ts";
import { profileQueryOptions } from "../lib/queries/profile.ts";
import { VideosRequestError, videosQueryOptions } from "../lib/queries/videos.ts";
import { forgetAdminData } from "../lib/session.ts";
import { createQueryClient, QUERY_STATE_ID } from "./query-client.ts";
import { renderHomePage } from "./server-render.tsx";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Shows a query as a mounted useQuery would, until it is no longer fetching; answers its final state. */
async function show<T, K extends QueryKey>(client: QueryClient, options: QueryObserverOptions<T, Error, T, T, K>) {
  const observer = new QueryObserver(client, options);
  const settled = new Promise<void>((resolve) => {
    const unsubscribe = observer.subscribe((result) => {
      if (result.fetchStatus === "idle") {
        unsubscribe();
        resolve();
      }
    });
    if (observer.getCurrentResult().fetchStatus === "idle") {
      unsubscribe();
      resolve();
    }
  });
  await settled;
  return observer.getCurrentResult();
}

/** A fetcher that fails or answers as told, counting its calls. */
const counted = <T>(answer: () => T) => {
  const calls = { count: 0 };
  return {
    calls,
    queryFn: async () => {
      calls.count++;
      return answer();
    },
  };
};

describe("the data cache (spec §7)", () => {
  test("an answer never goes stale, and a failed read is not tried again", async () => {
    const client = createQueryClient();
    const read = counted(() => ({ name: "Swami" }));
    await show(client, { queryKey: ["/api/profile"], queryFn: read.queryFn });
    await show(client, { queryKey: ["/api/profile"], queryFn: read.queryFn });
    expect(read.calls.count).toBe(1);

    const failing = counted(() => {
      throw new Error("500: down");
    });
    const result = await show(client, { queryKey: ["/api/classes"], queryFn: failing.queryFn });
    expect(result.status).toBe("error");
    expect(failing.calls.count).toBe(1);
  });

  test("the notifications are fresh for 5 minutes, then read again when shown", async () => {
    for (const [ageMinutes, reads] of [
      [4, 0],
      [6, 1],
    ] as const) {
      const client = createQueryClient();
      client.setQueryData(notificationsQueryOptions().queryKey, [], { updatedAt: Date.now() - ageMinutes * 60_000 });
      const read = counted(() => []);
      await show(client, { ...notificationsQueryOptions(), queryFn: read.queryFn });
      expect(read.calls.count).toBe(reads);
    }
  });

  test("the videos: 5 attempts with a 1000 ms delay doubling after each failure; none again when no key or a refused key", async () => {
    const options = videosQueryOptions(5);
    const retry = options.retry as (failures: number, error: Error) => boolean;
    const retryDelay = options.retryDelay as (failures: number) => number;
    const quota = new VideosRequestError("YouTube API quota exceeded. Please try again later.", "QUOTA_EXCEEDED");
    expect([0, 1, 2, 3, 4].map((failures) => retry(failures, quota))).toEqual([true, true, true, true, false]);
    expect([0, 1, 2, 3].map(retryDelay)).toEqual([1000, 2000, 4000, 8000]);

    for (const [code, attempts] of [
      ["RATE_LIMITED", 5],
      ["NOT_CONFIGURED", 1],
      ["AUTH_ERROR", 1],
    ] as const) {
      let calls = 0;
      globalThis.fetch = (async () => {
        calls++;
        return Response.json({ error: "no", code, message: "no" }, { status: 503 });
      }) as unknown as typeof fetch;
      const result = await show(createQueryClient(), { ...videosQueryOptions(5), retryDelay: 0 });
      expect([code, calls, (result.error as VideosRequestError).code]).toEqual([code, attempts, code]);
    }
  });

  test("the server's cache travels in the page: what the browser hydrates is what / was rendered with", async () => {
    const profile: PublicProfile = {
      id: 1,
      updatedAt: "2026-11-23T00:00:00.000Z",
      name: "Swami Rendered",
      title: "Teacher",
      biography: "<p>Bio</p>",
      quote: "Be still.",
      profileImage: "/uploads/me.jpg",
      email: "hi@example.org",
      phone: "",
      address: "",
      timezone: "Australia/Melbourne",
      classBookingWeeks: 8,
      payments: { enabled: false, currency: "aud" },
    };
    const data = {
      profile,
      events: { events: [], total: 0 },
      classes: [],
      archive: { items: [], total: 0, page: 1, years: [], types: [] },
      notifications: [],
      videoStatus: { configured: false, missing: ["apiKey" as const], channelId: "" },
    };
    const keys = {
      profile: ["/api/profile"],
      events: ["/api/events", "first"],
      classes: ["/api/classes"],
      archive: ["/api/archive-events", "page", { year: "all", type: "all", search: "", sort: "newest", page: 1 }],
      notifications: ["/api/notifications"],
      videoStatus: ["/api/youtube/status"],
    };
    const { root, tail } = await renderHomePage({ request: new Request("http://localhost/"), data });
    expect(root).toContain("Swami Rendered");
    const state = new RegExp(`^<script type="application/json" id="${QUERY_STATE_ID}">(.*)</script>$`).exec(tail)![1]!;
    const browser = createQueryClient();
    hydrate(browser, JSON.parse(state));
    for (const [name, value] of Object.entries(data)) expect(browser.getQueryData(keys[name as keyof typeof keys])).toEqual(value);
    expect(browser.getQueryData(profileQueryOptions().queryKey)).toEqual(profile);
  });

  test("logging out forgets every admin answer and keeps the public ones", () => {
    const client = createQueryClient();
    client.setQueryData(["/api/admin/messages"], [{ id: 1 }]);
    client.setQueryData(["/api/admin/events", 3, "registrations"], []);
    client.setQueryData(["/api/events"], [{ id: 2 }]);
    forgetAdminData(client);
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([["/api/events"]]);
  });
});
