// A fake YouTube Data API v3 for tests: a real HTTP server on 127.0.0.1 answering the real API's shapes.
//
//   const fake = await startFakeYouTube();          // or startFakeYouTube({ videos, channelId, apiKey })
//   startServer({ env: fake.env });                  // the YOUTUBE_* settings that point a server at the fake
//   fake.setMode("quota");                           // ok | empty | quota | rateLimit | badKey | forbidden | slow | 500
//   fake.calls;                                      // requests answered so far (fake.requests lists their paths)
//   fake.setVideos([...]); fake.reset(); await fake.stop();
//
// Endpoints: GET /channels (part=contentDetails, id → the uploads playlist), GET /playlistItems (the uploads,
// newest first, maxResults honoured) and GET /search (type=video, order=date). A request whose `key` is not
// the fake's key (fake.apiKey, or any key listed by fake.acceptKey) gets the real 400 "API key not valid" answer.
// "slow" holds every answer until stop() (use it to test timeouts); "500" answers a backendError.

export type FakeMode = "ok" | "empty" | "quota" | "rateLimit" | "badKey" | "forbidden" | "slow" | "500";

export type FakeVideo = { id: string; title: string; publishedAt: string };

export type FakeYouTube = {
  url: string;
  apiKey: string;
  channelId: string;
  /** The server's settings that point it at this fake: YOUTUBE_API_BASE, YOUTUBE_API_KEY, YOUTUBE_CHANNEL_ID. */
  env: Record<string, string>;
  uploadsPlaylistId: string;
  /** Number of requests answered (or held, in slow mode) since start or reset(). */
  readonly calls: number;
  /** Path and query of each request, with the key replaced by "KEY". */
  readonly requests: string[];
  setMode(mode: FakeMode): void;
  setVideos(videos: FakeVideo[]): void;
  /** Also accept this key (as after an admin stores a new one). */
  acceptKey(key: string): void;
  reset(): void;
  stop(): Promise<void>;
};

/** Titles carry HTML entities, as the real API's search answers do. */
const DEFAULT_FAKE_VIDEOS: FakeVideo[] = [
  { id: "vid00000001", title: "Who Am I? Vedanta &amp; the Self", publishedAt: "2025-03-02T09:00:00Z" },
  { id: "vid00000002", title: "Breath, Body &#39;and&#39; Mind", publishedAt: "2025-02-20T09:00:00Z" },
  { id: "vid00000003", title: "The Lightness of Life", publishedAt: "2025-02-01T09:00:00Z" },
];

const apiError = (code: number, message: string, reason: string, domain = "youtube.quota") => ({
  error: { code, message, errors: [{ message, domain, reason }] },
});

const ERRORS: Record<"quota" | "rateLimit" | "badKey" | "forbidden" | "500", { status: number; body: unknown }> = {
  quota: {
    status: 403,
    body: apiError(
      403,
      'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
      "quotaExceeded",
    ),
  },
  rateLimit: { status: 403, body: apiError(403, "The request rate is too high.", "rateLimitExceeded", "usageLimits") },
  badKey: { status: 400, body: apiError(400, "API key not valid. Please pass a valid API key.", "badRequest", "global") },
  forbidden: {
    status: 403,
    body: apiError(403, "YouTube Data API v3 has not been used in project 1 before or it is disabled.", "accessNotConfigured", "usageLimits"),
  },
  "500": { status: 500, body: apiError(500, "Backend Error", "backendError", "global") },
};

const thumbnails = (id: string) => ({
  default: { url: `https://i.ytimg.com/vi/${id}/default.jpg`, width: 120, height: 90 },
  medium: { url: `https://i.ytimg.com/vi/${id}/mqdefault.jpg`, width: 320, height: 180 },
  high: { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480, height: 360 },
});

export async function startFakeYouTube(options: { videos?: FakeVideo[]; channelId?: string; apiKey?: string } = {}): Promise<FakeYouTube> {
  const channelId = options.channelId ?? "UCfakechannel0000000000a";
  const uploadsPlaylistId = `UU${channelId.slice(2)}`;
  const keys = new Set([options.apiKey ?? "fake-api-key"]);
  let videos = [...(options.videos ?? DEFAULT_FAKE_VIDEOS)];
  let mode: FakeMode = "ok";
  let calls = 0;
  let requests: string[] = [];
  const held = new Set<() => void>();

  const json = (status: number, body: unknown) => Response.json(body, { status });
  const snippet = (video: FakeVideo) => ({
    publishedAt: video.publishedAt,
    channelId,
    title: video.title,
    description: "",
    thumbnails: thumbnails(video.id),
    channelTitle: "Fake Channel",
  });
  const list = (kind: string, items: unknown[], maxResults: number) => ({
    kind: `youtube#${kind}ListResponse`,
    etag: "fake-etag",
    pageInfo: { totalResults: items.length, resultsPerPage: maxResults },
    items: items.slice(0, maxResults),
  });

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    reusePort: false,
    idleTimeout: 0,
    async fetch(request) {
      const url = new URL(request.url);
      calls += 1;
      const key = url.searchParams.get("key") ?? request.headers.get("x-goog-api-key") ?? "";
      url.searchParams.set("key", "KEY");
      requests.push(`${url.pathname}${url.search}`);
      if (mode === "slow") {
        await new Promise<void>((resolve) => held.add(resolve));
        return json(503, apiError(503, "The fake was stopped while holding this request.", "backendError", "global"));
      }
      if (mode !== "ok" && mode !== "empty") return json(ERRORS[mode].status, ERRORS[mode].body);
      if (!keys.has(key)) return json(ERRORS.badKey.status, ERRORS.badKey.body);

      const shown = mode === "empty" ? [] : [...videos].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
      const maxResults = Math.min(50, Number(url.searchParams.get("maxResults") ?? 5) || 5);
      const route = url.pathname.split("/").pop();
      if (route === "channels") {
        const found = url.searchParams.get("id") === channelId;
        return json(
          200,
          list(
            "channel",
            found
              ? [{ kind: "youtube#channel", id: channelId, contentDetails: { relatedPlaylists: { likes: "", uploads: uploadsPlaylistId } } }]
              : [],
            maxResults,
          ),
        );
      }
      if (route === "playlistItems") {
        if (url.searchParams.get("playlistId") !== uploadsPlaylistId) {
          return json(
            404,
            apiError(
              404,
              "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
              "playlistNotFound",
              "youtube.playlistItem",
            ),
          );
        }
        return json(
          200,
          list(
            "playlistItem",
            shown.map((video, position) => ({
              kind: "youtube#playlistItem",
              id: `item-${video.id}`,
              snippet: { ...snippet(video), playlistId: uploadsPlaylistId, position, resourceId: { kind: "youtube#video", videoId: video.id } },
              contentDetails: { videoId: video.id, videoPublishedAt: video.publishedAt },
            })),
            maxResults,
          ),
        );
      }
      if (route === "search") {
        const ofChannel = url.searchParams.get("channelId") === channelId ? shown : [];
        return json(
          200,
          list(
            "search",
            ofChannel.map((video) => ({
              kind: "youtube#searchResult",
              id: { kind: "youtube#video", videoId: video.id },
              snippet: { ...snippet(video), liveBroadcastContent: "none" },
            })),
            maxResults,
          ),
        );
      }
      return json(404, apiError(404, "Not Found", "notFound", "global"));
    },
  });

  const release = () => {
    for (const resolve of held) resolve();
    held.clear();
  };

  const url = `http://127.0.0.1:${server.port}`;
  const apiKey = [...keys][0]!;
  return {
    url,
    apiKey,
    channelId,
    env: { YOUTUBE_API_BASE: url, YOUTUBE_API_KEY: apiKey, YOUTUBE_CHANNEL_ID: channelId },
    uploadsPlaylistId,
    get calls() {
      return calls;
    },
    get requests() {
      return [...requests];
    },
    setMode(next) {
      if (mode === "slow" && next !== "slow") release();
      mode = next;
    },
    setVideos(next) {
      videos = [...next];
    },
    acceptKey(key) {
      keys.add(key);
    },
    reset() {
      release();
      mode = "ok";
      calls = 0;
      requests = [];
      videos = [...(options.videos ?? DEFAULT_FAKE_VIDEOS)];
    },
    async stop() {
      release();
      await server.stop(true);
    },
  };
}
