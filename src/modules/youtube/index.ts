import type { AppContext, Module } from "@server/context.ts";
import { parseBody } from "@server/lib/validate.ts";
import { apiKeySchema } from "@server/shared/schemas.ts";
import type { VideoList } from "@server/shared/types.ts";
import { type Context, Elysia } from "elysia";
import { createYoutubeService, type YoutubeOptions } from "./service.ts";

/**
 * GET /api/youtube/videos (spec §7), GET /api/youtube/status (read by `/`, so that a site without a key never asks
 * for videos) and the admin's key update. `overrides` shorten timeouts in tests.
 */
export function youtubeModule(ctx: AppContext, overrides: Partial<Pick<YoutubeOptions, "timeoutMs" | "cacheTtlMs">> = {}): Module {
  const service = createYoutubeService({
    db: ctx.db,
    apiBase: ctx.config.youtubeApiBase,
    defaultApiKey: ctx.config.youtubeApiKey,
    defaultChannelId: ctx.config.youtubeChannelId,
    fetch: ctx.fetch,
    now: ctx.now,
    ...overrides,
  });
  // The list as JSON bytes, made once per list the service hands out (a cached list is the same object each time).
  let sent: { list: VideoList; body: Uint8Array<ArrayBuffer> } | null = null;
  const answer = (list: VideoList, source: "cache" | "upstream" | "stale", set: Context["set"]) => {
    // HIT, MISS or STALE (served from the last good list because YouTube failed): for operators and tests.
    set.headers["x-cache"] = source === "cache" ? "HIT" : source === "stale" ? "STALE" : "MISS";
    set.headers["content-type"] = "application/json";
    if (sent?.list !== list) sent = { list, body: new TextEncoder().encode(JSON.stringify(list)) };
    return sent.body;
  };
  return {
    public: new Elysia().get("/api/youtube/videos", ({ set }) => {
      const fresh = service.fresh();
      if (fresh) return answer(fresh, "cache", set);
      return service.list().then(({ list, source }) => answer(list, source, set));
    }),
    reads: { "/api/youtube/status": () => service.status() },
    // Paths under /api/admin, behind the login guard (src/app.ts).
    admin: new Elysia().post("/youtube-api-key", ({ body }) => {
      service.setApiKey(parseBody(body, apiKeySchema).apiKey);
      return { success: true, message: "YouTube API key updated" };
    }),
  };
}
