// The YouTube proxy: recent uploads of the configured channel from the Data API v3, cached in memory.
//
// Upstream calls (docs/decisions/youtube-proxy.md): `channels?part=contentDetails&id=…` once per channel to find
// its uploads playlist (cached for the process), then `playlistItems?part=snippet,contentDetails&playlistId=…
// &maxResults=12` per refresh. Both cost 1 quota unit, where `search?…&order=date` costs 100 and lags behind.

import type { Db } from "@db/client.ts";
import { settings } from "@db/schema.ts";
import { HttpError } from "@server/lib/errors.ts";
import { log } from "@server/lib/log.ts";
import { setSetting } from "@server/lib/settings.ts";
import { decodeEntities } from "@server/shared/rich-text.ts";
import type { VideoErrorCode } from "@server/shared/videos.ts";
import { eq, sql } from "drizzle-orm";
import type { Video, VideoList, VideoStatus } from "./model.ts";

const YOUTUBE_API_KEY_SETTING = "youtubeApiKey";
const YOUTUBE_CHANNEL_SETTING = "youtubeChannelId";
/** How long the hot path trusts the settings it last read (src/lib/public-cache.ts looks at other processes' writes as often). */
const RECHECK_MS = 100;

/** How long a good list is served without asking YouTube again. */
export const VIDEO_CACHE_TTL_MS = 60 * 60 * 1000;
/**
 * Deadline for one refresh (every upstream call of it, bodies included): 4.5 s, so that the visitor's answer,
 * with the server's own work around it, arrives within 5 s (at exactly 5 s it came at 5.005 s).
 */
export const UPSTREAM_TIMEOUT_MS = 4500;
const MAX_VIDEOS = 12;
/**
 * How long a failure is remembered, by its code: until then every request gets the same answer (or the last good
 * list) without asking YouTube, and its `Retry-After` says how long is left. A key change forgets it at once.
 */
const RETRY_AFTER_SECONDS: Record<VideoErrorCode, number> = {
  QUOTA_EXCEEDED: 3600,
  RATE_LIMITED: 60,
  AUTH_ERROR: 600,
  NOT_CONFIGURED: 600,
  UPSTREAM_ERROR: 60,
};

/** GET /api/youtube/status, one of the reads `/` is rendered from: whether the page should ask for the videos. */

export type YoutubeOptions = {
  db: Db;
  apiBase: string;
  /** Values of the runtime contract, used when the settings table holds none. */
  defaultApiKey?: string;
  defaultChannelId?: string;
  fetch: typeof fetch;
  now: () => Date;
  timeoutMs?: number;
  cacheTtlMs?: number;
  log?: (line: string) => void;
};

/** An error answer of /api/youtube/videos: {error, code, message} with its HTTP status. */
export class VideoFetchError extends HttpError {
  constructor(
    status: number,
    readonly code: VideoErrorCode,
    title: string,
    readonly detail: string,
    headers: Record<string, string> = {},
  ) {
    super(status, title, { code, message: detail }, headers);
  }

  /** The same answer, telling the client to ask again in `seconds`. */
  retryAfter(seconds: number) {
    return new VideoFetchError(this.status, this.code, this.message, this.detail, { "Retry-After": String(seconds) });
  }
}

const notConfigured = (detail: string) => new VideoFetchError(503, "NOT_CONFIGURED", "YouTube is not configured", detail);
const quotaExceeded = () =>
  new VideoFetchError(
    503,
    "QUOTA_EXCEEDED",
    "YouTube API quota exceeded",
    "The YouTube API daily quota has been exceeded. The quota usually resets within 24 hours.",
  );
const rateLimited = () =>
  new VideoFetchError(
    503,
    "RATE_LIMITED",
    "YouTube rate limit reached",
    "YouTube is receiving too many requests from this site right now. Please try again in a minute.",
  );
const authError = (reason: string) =>
  new VideoFetchError(
    502,
    "AUTH_ERROR",
    "YouTube authentication failed",
    `YouTube refused the site's API key (authentication failed: ${reason}). The administrator needs to update the YouTube API key.`,
  );
const upstreamError = (detail: string, status = 502) => new VideoFetchError(status, "UPSTREAM_ERROR", "YouTube request failed", detail);

type UpstreamError = { error?: { code?: number; message?: string; errors?: { reason?: string }[]; details?: { reason?: string }[] } };
type Thumbnails = Partial<Record<"default" | "medium" | "high" | "standard" | "maxres", { url?: string }>>;
type PlaylistItem = {
  snippet?: { title?: string; publishedAt?: string; thumbnails?: Thumbnails; resourceId?: { videoId?: string } };
  contentDetails?: { videoId?: string; videoPublishedAt?: string };
};

/** The `reason`s of a Data API error answer ({error: {code, message, errors: [{reason, domain, message}]}}). */
function upstreamReasons(body: unknown): string[] {
  const error = (body as UpstreamError | null)?.error;
  const reasons = (error?.errors ?? []).map((entry) => entry.reason ?? "").filter(Boolean);
  // Newer answers also carry google.rpc.ErrorInfo details (e.g. API_KEY_INVALID) beside the legacy reasons.
  for (const detail of error?.details ?? []) if (detail?.reason) reasons.push(detail.reason);
  return reasons;
}

/** Maps a Data API error answer to ours (reasons per developers.google.com/youtube/v3/docs/errors). */
export function classifyUpstreamError(status: number, body: unknown): VideoFetchError {
  const reasons = upstreamReasons(body);
  const has = (...names: string[]) => reasons.some((reason) => names.includes(reason));
  const message = (body as UpstreamError | null)?.error?.message ?? "";
  if (has("quotaExceeded", "dailyLimitExceeded", "dailyLimitExceededUnreg")) return quotaExceeded();
  if (status === 429 || has("rateLimitExceeded", "userRateLimitExceeded")) return rateLimited();
  const keyProblem = has("keyInvalid", "keyExpired", "API_KEY_INVALID", "API_KEY_EXPIRED") || (status === 400 && /api key/i.test(message));
  const forbidden =
    status === 403 &&
    (reasons.length === 0 ||
      has(
        "forbidden",
        "accessNotConfigured",
        "ipRefererBlocked",
        "SERVICE_DISABLED",
        "API_KEY_SERVICE_BLOCKED",
        "API_KEY_HTTP_REFERRER_BLOCKED",
        "API_KEY_IP_ADDRESS_BLOCKED",
      ));
  if (keyProblem || forbidden || status === 401) return authError(reasons[0] ?? `HTTP ${status}`);
  return upstreamError(`YouTube answered with HTTP ${status}${reasons.length ? ` (${reasons.join(", ")})` : ""}.`);
}

/** One playlist item as a public video, or null for private/deleted entries (they carry no thumbnails). */
function toVideo(item: PlaylistItem): Video | null {
  const id = item.contentDetails?.videoId ?? item.snippet?.resourceId?.videoId;
  const thumbnails = item.snippet?.thumbnails ?? {};
  const thumbnail = thumbnails.high?.url ?? thumbnails.medium?.url ?? thumbnails.default?.url;
  if (!id || !thumbnail) return null;
  return {
    id,
    title: decodeEntities(item.snippet?.title ?? ""),
    publishedAt: item.contentDetails?.videoPublishedAt ?? item.snippet?.publishedAt ?? "",
    thumbnail,
  };
}

type CacheEntry = { list: VideoList; fetchedAt: number; signature: string };

export function createYoutubeService(options: YoutubeOptions) {
  const { db } = options;
  const timeoutMs = options.timeoutMs ?? UPSTREAM_TIMEOUT_MS;
  const cacheTtlMs = options.cacheTtlMs ?? VIDEO_CACHE_TTL_MS;
  const warn = options.log ?? ((line: string) => log.warn(line));
  const readSetting = db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, sql.placeholder("key")))
    .prepare();

  let cache: CacheEntry | null = null;
  /** The refresh under way, shared by every request that arrives while it runs. */
  let inflight: { signature: string; promise: Promise<VideoList> } | null = null;
  /** The last failed refresh, answered again (or the last good list) until `until` without asking YouTube. */
  let failure: { signature: string; error: VideoFetchError; until: number } | null = null;
  /** Bumped when the key changes, so a refresh started with the old key does not fill the cache. */
  let generation = 0;
  const uploadsPlaylists = new Map<string, string>();

  function credentials() {
    const apiKey = (readSetting.get({ key: YOUTUBE_API_KEY_SETTING })?.value ?? options.defaultApiKey ?? "").trim();
    const channelId = (readSetting.get({ key: YOUTUBE_CHANNEL_SETTING })?.value ?? options.defaultChannelId ?? "").trim();
    read = { signature: `${generation}:${channelId}`, at: performance.now() };
    return { apiKey, channelId, signature: read.signature };
  }
  /**
   * The signature last read, for the hot path: its two SQLite reads were most of a cached answer's cost. A key stored
   * here forgets it at once; settings another process restores are seen within RECHECK_MS, as the
   * public cache sees that process's writes.
   */
  let read: { signature: string; at: number } | null = null;
  const currentSignature = () => (read && performance.now() - read.at < RECHECK_MS ? read.signature : credentials().signature);

  /** Never lets the key reach a response or a log line, whatever the upstream or the runtime put in a message. */
  const redact = (text: string, apiKey: string) => (apiKey ? text.split(apiKey).join("[redacted]") : text);

  /** One GET of the Data API; an error answer becomes a VideoFetchError, unless its reason is in `tolerated`. */
  async function call<T>(
    path: string,
    params: Record<string, string>,
    apiKey: string,
    signal: AbortSignal,
    tolerated: string[] = [],
  ): Promise<T | null> {
    const url = `${options.apiBase}/${path}?${new URLSearchParams({ ...params, key: apiKey })}`;
    let response: Response;
    let text: string;
    try {
      response = await options.fetch(url, { signal, headers: { Accept: "application/json" } });
      text = await response.text();
    } catch (error) {
      if (signal.aborted) throw upstreamError(`YouTube did not answer within ${Math.round(timeoutMs / 1000)} seconds.`, 504);
      warn(`youtube: ${path} failed: ${redact(String(error), apiKey)}`);
      throw upstreamError("Could not reach YouTube.");
    }
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // An error page in HTML is classified by its status alone; a 200 that is not JSON is an upstream error.
    }
    if (!response.ok) {
      const reasons = upstreamReasons(body).map((reason) => redact(reason, apiKey));
      if (reasons.some((reason) => tolerated.includes(reason))) return null;
      const error = classifyUpstreamError(response.status, {
        error: { errors: reasons.map((reason) => ({ reason })), message: (body as UpstreamError | null)?.error?.message },
      });
      warn(`youtube: ${path} answered ${response.status} (${reasons.join(", ") || "no reason"}) -> ${error.code}`);
      throw error;
    }
    if (typeof body !== "object" || body === null) {
      warn(`youtube: ${path} answered ${response.status} with a body that is not a JSON object`);
      throw upstreamError("YouTube answered with something unexpected.");
    }
    return body as T;
  }

  async function fetchList(apiKey: string, channelId: string): Promise<VideoList> {
    const signal = AbortSignal.timeout(timeoutMs);
    let playlistId = uploadsPlaylists.get(channelId);
    if (!playlistId) {
      const channels = await call<{ items?: { contentDetails?: { relatedPlaylists?: { uploads?: string } } }[] }>(
        "channels",
        { part: "contentDetails", id: channelId, maxResults: "1" },
        apiKey,
        signal,
      );
      playlistId = channels?.items?.[0]?.contentDetails?.relatedPlaylists?.uploads;
      if (!playlistId) throw notConfigured(`The YouTube channel "${channelId}" was not found. Check the configured channel id.`);
      uploadsPlaylists.set(channelId, playlistId);
    }
    // A channel that never uploaded has no uploads playlist yet: that is an empty list, not an error.
    const page = await call<{ items?: PlaylistItem[] }>(
      "playlistItems",
      { part: "snippet,contentDetails", playlistId, maxResults: String(MAX_VIDEOS) },
      apiKey,
      signal,
      ["playlistNotFound"],
    );
    const items = Array.isArray(page?.items) ? page.items : [];
    const videos = items.map(toVideo).filter((video): video is Video => video !== null);
    videos.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
    return { videos, channelId };
  }

  /** Turns a failed refresh into its answer, remembered for its code's retry time (RETRY_AFTER_SECONDS). */
  function remember(error: unknown, apiKey: string, signature: string, startedIn: number): VideoFetchError {
    let failed: VideoFetchError;
    if (error instanceof VideoFetchError) failed = error;
    else {
      warn(`youtube: unexpected failure: ${redact(String(error), apiKey)}`);
      failed = upstreamError("YouTube answered with something unexpected.");
    }
    const seconds = RETRY_AFTER_SECONDS[failed.code];
    failed = failed.retryAfter(seconds);
    if (generation === startedIn) failure = { signature, error: failed, until: options.now().getTime() + seconds * 1000 };
    return failed;
  }

  /** The list cached for these credentials, and the same while it is still fresh (else null). */
  function cachedFor(signature: string, now: number) {
    const cached = cache?.signature === signature ? cache : null;
    return { cached, fresh: cached && now - cached.fetchedAt < cacheTtlMs ? cached : null };
  }

  return {
    /** The cached list while it is fresh, without a promise (the route's hot path); null when `list()` must run. */
    fresh(): VideoList | null {
      return cachedFor(currentSignature(), options.now().getTime()).fresh?.list ?? null;
    },

    /**
     * The channel's recent videos: fresh cache, else YouTube (unless it failed lately), else the last good list, else
     * a typed error.
     */
    async list(): Promise<{ list: VideoList; source: "cache" | "upstream" | "stale" }> {
      const { apiKey, channelId, signature } = credentials();
      const now = options.now().getTime();
      const { cached, fresh } = cachedFor(signature, now);
      if (fresh) return { list: fresh.list, source: "cache" };
      if (!apiKey) throw notConfigured("No YouTube API key is set. The administrator can add one in the admin area.");
      if (!channelId) throw notConfigured("No YouTube channel is configured (YOUTUBE_CHANNEL_ID).");
      if (failure?.signature === signature && now < failure.until) {
        if (cached) return { list: cached.list, source: "stale" };
        throw failure.error.retryAfter(Math.ceil((failure.until - now) / 1000));
      }

      if (inflight?.signature !== signature) {
        const startedIn = generation;
        const promise = fetchList(apiKey, channelId)
          .then(
            (list) => {
              if (generation === startedIn) cache = { list, fetchedAt: options.now().getTime(), signature };
              return list;
            },
            (error: unknown) => {
              throw remember(error, apiKey, signature, startedIn);
            },
          )
          .finally(() => {
            if (inflight?.promise === promise) inflight = null;
          });
        inflight = { signature, promise };
      }
      try {
        return { list: await inflight.promise, source: "upstream" };
      } catch (error) {
        if (cached) return { list: cached.list, source: "stale" };
        throw error;
      }
    },

    /** Whether videos can be asked for at all, and the channel to link to (public: no key in it). */
    status(): VideoStatus {
      const { apiKey, channelId } = credentials();
      const missing: VideoStatus["missing"] = [];
      if (!apiKey) missing.push("apiKey");
      if (!channelId) missing.push("channelId");
      return { configured: missing.length === 0, missing, channelId };
    },

    /** Stores a new key (trimmed) and forgets everything fetched with the old one, failures included. */
    setApiKey(apiKey: string) {
      setSetting(db, YOUTUBE_API_KEY_SETTING, apiKey.trim());
      generation += 1;
      read = null;
      cache = null;
      failure = null;
      inflight = null;
    },
  };
}
