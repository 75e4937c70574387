import { VIDEO_FETCH_ATTEMPTS, VIDEO_RETRY_BASE_DELAY_MS } from "../../../src/shared/constants.ts";
import type { Video, VideoError, VideoList } from "../../../src/shared/types.ts";
import { queryOptions, useQuery } from "../../lib/query.ts";

/** A bare array answer is accepted too, with this channel. */
export const DEFAULT_CHANNEL_ID = "";

const SERVICE = "YouTube";

/** Turns a failed answer into the spec §8 message. */
export function videoErrorMessage(status: number, body: Partial<VideoError> | null): string {
  if (body?.message || body?.code) {
    const message = body.message ?? "";
    if (body.code === "QUOTA_EXCEEDED" || message.toLowerCase().includes("quota")) return `${SERVICE} API quota exceeded. Please try again later.`;
    if (body.code === "RATE_LIMITED") return `Rate limit reached: ${message}`;
    if (body.code === "AUTH_ERROR") return `Authentication error: ${message}`;
    return `API error: ${message}`;
  }
  if (status === 429 || status === 403) return `Rate limit or quota exceeded (HTTP ${status})`;
  return `${SERVICE}: Failed to fetch videos: HTTP ${status}`;
}

export async function fetchVideos(): Promise<VideoList> {
  const response = await fetch("/api/youtube/videos", { credentials: "include" });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as Partial<VideoError> | null;
    throw new Error(videoErrorMessage(response.status, body));
  }
  const data = (await response.json()) as VideoList | Video[];
  return Array.isArray(data) ? { videos: data, channelId: DEFAULT_CHANNEL_ID } : data;
}

/** Retry with a doubling delay from the base (spec §7); the home page asks for 5 attempts. */
export const videosQueryOptions = (attempts = 3) =>
  queryOptions({
    queryKey: ["/api/youtube/videos"],
    queryFn: fetchVideos,
    retry: attempts - 1,
    retryDelay: (failureCount) => VIDEO_RETRY_BASE_DELAY_MS * 2 ** failureCount,
  });

export const useVideos = (attempts = VIDEO_FETCH_ATTEMPTS) => useQuery(videosQueryOptions(attempts));
