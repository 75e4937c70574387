import type { ModuleContext } from "@server/context.ts";
import { answers, done } from "@server/lib/answers.ts";
import { standard } from "@server/lib/validate.ts";
import { cachedRead } from "@server/plugins/public-cache.ts";
import { apiKeySchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
import { type VideoList, videoList, videoStatus } from "./model.ts";
import { createYoutubeService, type YoutubeOptions } from "./service.ts";

/**
 * GET /api/youtube/videos (spec §7), GET /api/youtube/status (read by `/`, so that a site without a key never asks
 * for videos) and the admin's key update. `overrides` shorten timeouts in tests.
 */
export function youtubeModule(ctx: ModuleContext, overrides: Partial<Pick<YoutubeOptions, "timeoutMs" | "cacheTtlMs">> = {}) {
  const service = createYoutubeService({
    db: ctx.db,
    apiBase: ctx.config.youtubeApiBase,
    defaultApiKey: ctx.config.youtubeApiKey,
    defaultChannelId: ctx.config.youtubeChannelId,
    fetch: ctx.fetch,
    now: ctx.now,
    ...overrides,
  });
  return new Elysia({ name: "youtube", prefix: "/api" })
    .use(ctx.access)
    .get(
      "/youtube/videos",
      ({ set }): VideoList | Promise<VideoList> => {
        // HIT, MISS or STALE (served from the last good list because YouTube failed): for operators and tests. A fresh
        // cached list is answered without a promise (the hot path).
        const fresh = service.fresh();
        if (fresh) {
          set.headers["x-cache"] = "HIT";
          return fresh;
        }
        return service.list().then(({ list, source }) => {
          set.headers["x-cache"] = source === "cache" ? "HIT" : source === "stale" ? "STALE" : "MISS";
          return list;
        });
      },
      { response: answers(videoList) },
    )
    .get(
      "/youtube/status",
      cachedRead(ctx.cache, videoStatus, () => service.status()),
      { response: answers(videoStatus) },
    )
    .post(
      "/admin/youtube-api-key",
      ({ body }) => {
        service.setApiKey(body.apiKey);
        return { success: true, message: "YouTube API key updated" };
      },
      { admin: true, body: standard(apiKeySchema), response: answers(done) },
    );
}
