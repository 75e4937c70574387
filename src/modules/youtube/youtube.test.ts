import { afterAll, afterEach, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { configureLog } from "@server/lib/log.ts";
import { decodeEntities } from "@server/shared/rich-text.ts";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { type FakeMode, type FakeYouTube, startFakeYouTube } from "@tests/support/fake-youtube.ts";
import type { VideoList } from "./model.ts";
import { classifyUpstreamError, createYoutubeService, UPSTREAM_TIMEOUT_MS, VIDEO_CACHE_TTL_MS } from "./service.ts";

let fake: FakeYouTube;
const apps: TestApp[] = [];
const logged: string[] = [];
const spies = (["log", "warn", "error", "info"] as const).map((method) =>
  spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" "))),
);
// The server's lines go through its logger (src/lib/log.ts): collected here too.
configureLog({ sink: (line) => void logged.push(line) });

beforeAll(async () => {
  fake = await startFakeYouTube({ apiKey: "SECRET-KEY-aaaaaaaaaaaaaaaaaaaa" });
});
afterEach(() => {
  fake.reset();
  for (const app of apps.splice(0)) app.cleanup();
});
afterAll(async () => {
  await fake.stop();
  for (const spy of spies) spy.mockRestore();
  // The key reaches no log line, whatever the tests above made the service log.
  expect(logged.join("\n")).not.toContain(fake.apiKey);
});

/** A test app wired to the fake, with a clock the test moves. */
async function setup(env: Record<string, string> = {}) {
  const clock = { now: Date.parse("2025-04-01T00:00:00Z") };
  const app = await createTestApp({
    now: () => new Date(clock.now),
    env: { ...fake.env, ...env },
  });
  apps.push(app);
  const videos = async () => {
    const response = await app.request("GET", "/api/youtube/videos");
    const text = await response.text();
    expect(text).not.toContain(fake.apiKey);
    return { status: response.status, headers: response.headers, body: JSON.parse(text) };
  };
  return { app, clock, videos };
}

describe("GET /api/youtube/videos", () => {
  test("maps the channel's uploads: newest first, decoded titles, high thumbnail, channel id", async () => {
    const { videos } = await setup();
    const { status, body } = await videos();
    expect(status).toBe(200);
    expect(body).toEqual({
      channelId: fake.channelId,
      videos: [
        {
          id: "vid00000001",
          title: "Who Am I? Vedanta & the Self",
          publishedAt: "2025-03-02T09:00:00Z",
          thumbnail: "https://i.ytimg.com/vi/vid00000001/hqdefault.jpg",
        },
        {
          id: "vid00000002",
          title: "Breath, Body 'and' Mind",
          publishedAt: "2025-02-20T09:00:00Z",
          thumbnail: "https://i.ytimg.com/vi/vid00000002/hqdefault.jpg",
        },
        {
          id: "vid00000003",
          title: "The Lightness of Life",
          publishedAt: "2025-02-01T09:00:00Z",
          thumbnail: "https://i.ytimg.com/vi/vid00000003/hqdefault.jpg",
        },
      ],
    } satisfies VideoList);
    // The real API's calls: the channel's uploads playlist, then its items (1 quota unit each).
    expect(fake.requests).toEqual([
      `/channels?part=contentDetails&id=${fake.channelId}&maxResults=1&key=KEY`,
      `/playlistItems?part=snippet%2CcontentDetails&playlistId=${fake.uploadsPlaylistId}&maxResults=12&key=KEY`,
    ]);
  });

  test("an empty channel answers an empty list", async () => {
    fake.setMode("empty");
    const { videos } = await setup();
    expect(await videos()).toMatchObject({ status: 200, body: { videos: [], channelId: fake.channelId } });
  });

  test("answers from the cache for an hour, then asks YouTube again (the uploads playlist is remembered)", async () => {
    const { videos, clock } = await setup();
    expect((await videos()).headers.get("x-cache")).toBe("MISS");
    expect(fake.calls).toBe(2);
    clock.now += VIDEO_CACHE_TTL_MS - 1000;
    const second = await videos();
    expect(second.status).toBe(200);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(fake.calls).toBe(2);
    fake.setVideos([{ id: "vidnew000001", title: "New talk", publishedAt: "2025-03-30T00:00:00Z" }]);
    clock.now += 2000;
    const third = await videos();
    expect(third.body.videos.map((video: { id: string }) => video.id)).toEqual(["vidnew000001"]);
    expect(fake.calls).toBe(3);
  });

  test("concurrent requests share one upstream call", async () => {
    const { videos } = await setup();
    const answers = await Promise.all(Array.from({ length: 10 }, () => videos()));
    expect(answers.every((answer) => answer.status === 200 && answer.body.videos.length === 3)).toBe(true);
    expect(fake.calls).toBe(2);
  });

  test("when YouTube fails, the last good list is served (200, STALE)", async () => {
    const { videos, clock } = await setup();
    const first = await videos();
    clock.now += VIDEO_CACHE_TTL_MS + 1;
    for (const mode of ["quota", "500", "badKey"] as const) {
      fake.setMode(mode);
      const calls = fake.calls;
      const stale = await videos();
      expect(fake.calls).toBe(calls + 1);
      expect(stale.status).toBe(200);
      expect(stale.headers.get("x-cache")).toBe("STALE");
      expect(stale.body).toEqual(first.body);
      // Past the failure's retry time (an hour for quota, the longest), YouTube is asked again.
      clock.now += 3600 * 1000;
    }
  });

  // Finding 7 (issue 12): 201 requests while YouTube failed made 201 upstream calls and 201 log lines.
  const remembered: { mode: FakeMode; status: number; code: string; retryAfter: number }[] = [
    { mode: "quota", status: 503, code: "QUOTA_EXCEEDED", retryAfter: 3600 },
    { mode: "500", status: 502, code: "UPSTREAM_ERROR", retryAfter: 60 },
  ];
  for (const { mode, status, code, retryAfter } of remembered) {
    test(`upstream "${mode}": 201 requests within ${retryAfter} s make 1 upstream call and 1 log line; after it, a new call`, async () => {
      fake.setMode(mode);
      const { videos, clock } = await setup();
      const logLines = () => logged.filter((line) => line.includes(" youtube:")).length;
      const linesBefore = logLines();

      const concurrent = await Promise.all(Array.from({ length: 100 }, () => videos()));
      clock.now += (retryAfter - 10) * 1000;
      const later: Awaited<ReturnType<typeof videos>>[] = [];
      for (let i = 0; i < 101; i++) later.push(await videos());
      for (const answer of [...concurrent, ...later]) expect(answer).toMatchObject({ status, body: { code } });
      expect(fake.calls).toBe(1);
      expect(logLines() - linesBefore).toBe(1);
      // Retry-After says how long is left of the remembered failure.
      expect(concurrent[0]!.headers.get("retry-after")).toBe(String(retryAfter));
      expect(later[0]!.headers.get("retry-after")).toBe("10");

      clock.now += 10 * 1000;
      expect(await videos()).toMatchObject({ status, body: { code } });
      expect(fake.calls).toBe(2);
      expect(logLines() - linesBefore).toBe(2);
      fake.setMode("ok");
      clock.now += retryAfter * 1000;
      expect(await videos()).toMatchObject({ status: 200, body: { videos: expect.any(Array) } });
    });
  }

  test("while a failure is remembered, the last good list is served without asking YouTube", async () => {
    const { videos, clock } = await setup();
    await videos();
    clock.now += VIDEO_CACHE_TTL_MS + 1;
    fake.setMode("quota");
    const calls = fake.calls;
    const answers = await Promise.all(Array.from({ length: 50 }, () => videos()));
    for (let i = 0; i < 50; i++) answers.push(await videos());
    expect(answers.every((answer) => answer.status === 200 && answer.headers.get("x-cache") === "STALE" && answer.body.videos.length === 3)).toBe(
      true,
    );
    expect(fake.calls).toBe(calls + 1);
  });

  const errors: { mode: FakeMode; status: number; code: string; message: RegExp }[] = [
    { mode: "quota", status: 503, code: "QUOTA_EXCEEDED", message: /quota/ },
    { mode: "rateLimit", status: 503, code: "RATE_LIMITED", message: /too many requests/ },
    { mode: "badKey", status: 502, code: "AUTH_ERROR", message: /authentication/ },
    { mode: "forbidden", status: 502, code: "AUTH_ERROR", message: /accessNotConfigured/ },
    { mode: "500", status: 502, code: "UPSTREAM_ERROR", message: /HTTP 500/ },
  ];
  for (const { mode, status, code, message } of errors) {
    test(`with no cached list, upstream "${mode}" answers ${status} ${code}`, async () => {
      fake.setMode(mode);
      const { videos } = await setup();
      const answer = await videos();
      expect(answer.status).toBe(status);
      expect(answer.body).toEqual({ error: expect.any(String), code, message: expect.stringMatching(message) });
    });
  }

  test("quota and rate limit answers say when to retry", async () => {
    for (const [mode, seconds] of [
      ["quota", "3600"],
      ["rateLimit", "60"],
    ] as const) {
      fake.setMode(mode);
      const { videos } = await setup();
      expect((await videos()).headers.get("retry-after")).toBe(seconds);
    }
  });

  test("a key YouTube does not know is an AUTH_ERROR", async () => {
    const { videos } = await setup({ YOUTUBE_API_KEY: "not-the-key" });
    expect(await videos()).toMatchObject({ status: 502, body: { code: "AUTH_ERROR" } });
  });

  test("an unknown channel is NOT_CONFIGURED", async () => {
    const { videos } = await setup({ YOUTUBE_CHANNEL_ID: "UCnosuchchannel" });
    expect(await videos()).toMatchObject({ status: 503, body: { code: "NOT_CONFIGURED", message: expect.stringContaining("UCnosuchchannel") } });
  });

  test("without a key or a channel: 503 NOT_CONFIGURED, and YouTube is not called", async () => {
    const noKey = await setup({ YOUTUBE_API_KEY: "" });
    expect(await noKey.videos()).toEqual({
      status: 503,
      headers: expect.anything(),
      body: { error: "YouTube is not configured", code: "NOT_CONFIGURED", message: expect.stringContaining("No YouTube API key is set") },
    });
    const noChannel = await setup({ YOUTUBE_CHANNEL_ID: "" });
    expect(await noChannel.videos()).toMatchObject({ status: 503, body: { code: "NOT_CONFIGURED", message: expect.stringContaining("channel") } });
    expect(fake.calls).toBe(0);
  });

  test("a key change forgets a remembered failure", async () => {
    const { app, videos } = await setup({ YOUTUBE_API_KEY: "stale-key-xyz" });
    expect(await videos()).toMatchObject({ status: 502, body: { code: "AUTH_ERROR" } });
    expect(await videos()).toMatchObject({ status: 502, body: { code: "AUTH_ERROR" } });
    expect(fake.calls).toBe(1);
    const token = await app.login();
    await app.api({ token }).admin["youtube-api-key"].post({ apiKey: fake.apiKey });
    expect(await videos()).toMatchObject({ status: 200 });
  });

  test("a channel stored in settings wins over YOUTUBE_CHANNEL_ID", async () => {
    const { app, videos } = await setup({ YOUTUBE_CHANNEL_ID: "UCwrong" });
    app.db.$client.query("INSERT INTO settings (key, value) VALUES ('youtubeChannelId', ?)").run(fake.channelId);
    expect(await videos()).toMatchObject({ status: 200, body: { channelId: fake.channelId } });
  });

  test(`a silent upstream is answered within ${UPSTREAM_TIMEOUT_MS / 1000} s (504 UPSTREAM_ERROR)`, async () => {
    fake.setMode("slow");
    const { videos } = await setup();
    const started = performance.now();
    const answer = await videos();
    const elapsed = performance.now() - started;
    expect(answer).toMatchObject({ status: 504, body: { code: "UPSTREAM_ERROR", message: expect.stringContaining("did not answer") } });
    expect(elapsed).toBeGreaterThan(UPSTREAM_TIMEOUT_MS - 100);
    expect(elapsed).toBeLessThan(UPSTREAM_TIMEOUT_MS + 1000);
  }, 10_000);

  test("a silent upstream with a cached list serves the cache once the deadline passes", async () => {
    const { app, clock } = await setup();
    const service = createYoutubeService({
      db: app.db,
      apiBase: fake.url,
      defaultApiKey: fake.apiKey,
      defaultChannelId: fake.channelId,
      fetch,
      now: () => new Date(clock.now),
      timeoutMs: 200,
      log: () => {},
    });
    const first = await service.list();
    fake.setMode("slow");
    clock.now += VIDEO_CACHE_TTL_MS + 1;
    const started = performance.now();
    const second = await service.list();
    expect(performance.now() - started).toBeLessThan(1000);
    expect(second).toEqual({ list: first.list, source: "stale" });
  });
});

describe("odd upstream answers (injected fetch)", () => {
  async function serviceWith(fetchImpl: (url: string, init: RequestInit) => Promise<Response>) {
    const { app } = await setup();
    const lines: string[] = [];
    const service = createYoutubeService({
      db: app.db,
      apiBase: "http://youtube.invalid/v3",
      defaultApiKey: fake.apiKey,
      defaultChannelId: fake.channelId,
      fetch: fetchImpl as typeof fetch,
      now: () => new Date(),
      timeoutMs: 200,
      log: (line) => lines.push(line),
    });
    const started = performance.now();
    const outcome = await service.list().then(
      () => null,
      (error: { status: number; code: string; body: unknown }) => error,
    );
    return { outcome, lines, elapsed: performance.now() - started };
  }

  test("a 200 that is not JSON is a 502 UPSTREAM_ERROR, not an empty list", async () => {
    const { outcome } = await serviceWith(async () => new Response("<html>maintenance</html>", { status: 200 }));
    expect(outcome).toMatchObject({ status: 502, code: "UPSTREAM_ERROR" });
  });

  test("a body that stalls after the headers still ends at the deadline (504)", async () => {
    const { outcome, elapsed } = await serviceWith(
      async (_url, init) =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"items": ['));
              init.signal?.addEventListener("abort", () => controller.error(init.signal?.reason));
            },
          }),
          { status: 200 },
        ),
    );
    expect(outcome).toMatchObject({ status: 504, code: "UPSTREAM_ERROR" });
    expect(elapsed).toBeLessThan(1000);
  });

  test("a network error that names the URL is logged without the key", async () => {
    const { outcome, lines } = await serviceWith(async (url) => {
      throw new TypeError(`fetch failed for ${url}`);
    });
    expect(outcome).toMatchObject({ status: 502, code: "UPSTREAM_ERROR" });
    expect(JSON.stringify(outcome)).not.toContain(fake.apiKey);
    expect(lines.join("\n")).toContain("[redacted]");
    expect(lines.join("\n")).not.toContain(fake.apiKey);
  });
});

describe("GET /api/youtube/status", () => {
  const status = async (app: TestApp) => {
    const response = await app.request("GET", "/api/youtube/status");
    expect(response.status).toBe(200);
    return response.json();
  };

  test("says whether the page may ask for videos, and the channel, without asking YouTube", async () => {
    const configured = await setup();
    expect(await status(configured.app)).toEqual({ configured: true, missing: [], channelId: fake.channelId });
    const noKey = await setup({ YOUTUBE_API_KEY: "" });
    expect(await status(noKey.app)).toEqual({ configured: false, missing: ["apiKey"], channelId: fake.channelId });
    const freshInstall = await setup({ YOUTUBE_API_KEY: "", YOUTUBE_CHANNEL_ID: "" });
    expect(await status(freshInstall.app)).toEqual({ configured: false, missing: ["apiKey", "channelId"], channelId: "" });
    expect(fake.calls).toBe(0);
  });

  test("follows the admin's key at once (it is one of the reads `/` is rendered from: src/plugins/page.test.ts)", async () => {
    const { app } = await setup({ YOUTUBE_API_KEY: "" });
    expect(await status(app)).toMatchObject({ configured: false });
    const token = await app.login();
    await app.api({ token }).admin["youtube-api-key"].post({ apiKey: fake.apiKey });
    expect(await status(app)).toMatchObject({ configured: true, missing: [] });
  });
});

describe("POST /api/admin/youtube-api-key", () => {
  test("401 without a token, and the key is not stored", async () => {
    const { app } = await setup();
    const response = await app.request("POST", "/api/admin/youtube-api-key", { body: { apiKey: "intruder-key" } });
    expect(response.status).toBe(401);
    expect(app.db.$client.query("SELECT count(*) AS n FROM settings WHERE key = 'youtubeApiKey'").get()).toEqual({ n: 0 });
  });

  test("400 with the schema's message for a blank key", async () => {
    const { app } = await setup();
    const token = await app.login();
    for (const body of [{ apiKey: "   " }, {}]) {
      const response = await app.request("POST", "/api/admin/youtube-api-key", { token, body });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ issues: [{ path: "apiKey" }] });
    }
  });

  test("stores the trimmed key, drops the cache and uses the new key; the key is in no answer", async () => {
    const { app, videos } = await setup({ YOUTUBE_API_KEY: "stale-key-xyz" });
    expect(await videos()).toMatchObject({ status: 502, body: { code: "AUTH_ERROR" } });

    const token = await app.login();
    const newKey = "NEW-SECRET-KEY-bbbbbbbbbbbbbbbb";
    fake.acceptKey(newKey);
    const response = await app.request("POST", "/api/admin/youtube-api-key", { token, body: { apiKey: `  ${newKey}  ` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ success: true, message: "YouTube API key updated" });
    expect(text).not.toContain(newKey);
    expect(app.db.$client.query("SELECT value FROM settings WHERE key = 'youtubeApiKey'").get()).toEqual({ value: newKey });

    const calls = fake.calls;
    const fresh = await videos();
    expect(fresh.status).toBe(200);
    expect(fake.calls).toBeGreaterThan(calls);
    expect(fake.requests.at(-1)).toContain("key=KEY");
    expect(JSON.stringify(fresh.body)).not.toContain(newKey);

    // A good list is cached now; another key update drops it and the next answer comes from YouTube again.
    await videos();
    const cachedCalls = fake.calls;
    await app.api({ token }).admin["youtube-api-key"].post({ apiKey: newKey });
    expect((await videos()).headers.get("x-cache")).toBe("MISS");
    expect(fake.calls).toBe(cachedCalls + 1);
  });

  test("a refresh started with the old key does not fill the cache after a key change", async () => {
    const { app } = await setup();
    const token = await app.login();
    const inFlight = app.request("GET", "/api/youtube/videos");
    await app.api({ token }).admin["youtube-api-key"].post({ apiKey: fake.apiKey });
    await inFlight;
    const calls = fake.calls;
    const next = await app.request("GET", "/api/youtube/videos");
    expect(next.headers.get("x-cache")).toBe("MISS");
    expect(fake.calls).toBeGreaterThan(calls);
  });
});

describe("upstream error classification", () => {
  const body = (code: number, reason: string, message = "") => ({ error: { code, message, errors: [{ reason, domain: "x", message }] } });
  const cases: [number, unknown, string][] = [
    [403, body(403, "quotaExceeded"), "QUOTA_EXCEEDED"],
    [403, body(403, "dailyLimitExceeded"), "QUOTA_EXCEEDED"],
    [403, body(403, "rateLimitExceeded"), "RATE_LIMITED"],
    [403, body(403, "userRateLimitExceeded"), "RATE_LIMITED"],
    [429, null, "RATE_LIMITED"],
    [400, body(400, "keyInvalid"), "AUTH_ERROR"],
    [400, body(400, "badRequest", "API key not valid. Please pass a valid API key."), "AUTH_ERROR"],
    [401, null, "AUTH_ERROR"],
    [403, body(403, "forbidden"), "AUTH_ERROR"],
    [403, body(403, "accessNotConfigured"), "AUTH_ERROR"],
    [400, body(400, "invalidChannelId"), "UPSTREAM_ERROR"],
    [404, body(404, "notFound"), "UPSTREAM_ERROR"],
    [500, "<html>oops</html>", "UPSTREAM_ERROR"],
  ];
  for (const [status, answer, code] of cases) {
    test(`${status} ${JSON.stringify(answer).slice(0, 60)} → ${code}`, () => {
      expect(classifyUpstreamError(status, answer).code).toBe(code as never);
    });
  }

  test("titles are decoded", () => {
    expect(decodeEntities("Tom &amp; Jerry &#39;&quot;&#x41;&lt;b&gt; &unknown;")).toBe("Tom & Jerry '\"A<b> &unknown;");
  });
});

describe("the fake Data API", () => {
  test("answers search like the real API, and its error shapes", async () => {
    const url = `${fake.url}/search?part=snippet&channelId=${fake.channelId}&order=date&type=video&maxResults=2&key=${fake.apiKey}`;
    const search = (await (await fetch(url)).json()) as {
      items: { id: { videoId: string }; snippet: { title: string; thumbnails: { high: { url: string } } } }[];
    };
    expect(search.items.map((item) => item.id.videoId)).toEqual(["vid00000001", "vid00000002"]);
    expect(search.items[0]!.snippet.title).toBe("Who Am I? Vedanta &amp; the Self");
    fake.setMode("quota");
    const quota = await fetch(url);
    expect(quota.status).toBe(403);
    expect(await quota.json()).toMatchObject({ error: { code: 403, errors: [{ reason: "quotaExceeded", domain: "youtube.quota" }] } });
    expect(fake.calls).toBe(2);
  });
});
