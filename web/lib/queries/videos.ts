import { VIDEO_ERROR_CODES, type VideoError, type VideoErrorCode } from "@server/shared/videos.ts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, call } from "../api.ts";
import { VIDEO_FETCH_ATTEMPTS, VIDEO_RETRY_BASE_DELAY_MS } from "../constants.ts";

const SERVICE = "YouTube";

/** A failed videos request: the spec §8 message, and the server's `code` to decide on (absent when it sent none). */
export class VideosRequestError extends Error {
  constructor(
    message: string,
    readonly code: VideoErrorCode | undefined,
  ) {
    super(message);
  }
}

/** Whether trying again cannot heal the error: without a key, or with one YouTube refuses, the settings must change first. */
const isLasting = (error: Error) => error instanceof VideosRequestError && (error.code === "NOT_CONFIGURED" || error.code === "AUTH_ERROR");

/** Turns a failed answer into the spec §8 message. */
function videoErrorMessage(status: number, body: Partial<VideoError>): string {
  if (body.message || body.code) {
    const message = body.message ?? "";
    if (body.code === "QUOTA_EXCEEDED") return `${SERVICE} API quota exceeded. Please try again later.`;
    if (body.code === "RATE_LIMITED") return `Rate limit reached: ${message}`;
    if (body.code === "AUTH_ERROR") return `Authentication error: ${message}`;
    return `API error: ${message}`;
  }
  if (status === 429 || status === 403) return `Rate limit or quota exceeded (HTTP ${status})`;
  return `${SERVICE}: Failed to fetch videos: HTTP ${status}`;
}

/** The fields of the server's error answer that are there (its body is JSON: src/modules/youtube/service.ts). */
function errorFields(body: unknown): Partial<VideoError> {
  if (typeof body !== "object" || body === null) return {};
  const { code, message } = body as Record<string, unknown>;
  return {
    code: VIDEO_ERROR_CODES.find((known) => known === code),
    message: typeof message === "string" ? message : undefined,
  };
}

async function fetchVideos() {
  try {
    return await call((api) => api.youtube.videos.get());
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const body = errorFields(error.body);
    throw new VideosRequestError(videoErrorMessage(error.status, body), body.code);
  }
}

/**
 * Retry with a doubling delay from the base (spec §7); the home page asks for 5 attempts. A lasting error (no key,
 * a key YouTube refuses) is shown at once.
 */
export const videosQueryOptions = (attempts = 3) =>
  queryOptions({
    queryKey: ["/api/youtube/videos"],
    queryFn: fetchVideos,
    retry: (failures, error) => failures < attempts - 1 && !isLasting(error),
    retryDelay: (failureCount) => VIDEO_RETRY_BASE_DELAY_MS * 2 ** failureCount,
  });

export const useVideos = (attempts = VIDEO_FETCH_ATTEMPTS) => useQuery(videosQueryOptions(attempts));

/** Whether the site can show videos, and its channel: part of the page's data, so known before any request. */
export const videoStatusQueryOptions = () =>
  queryOptions({ queryKey: ["/api/youtube/status"], queryFn: () => call((api) => api.youtube.status.get()) });

export const useVideoStatus = () => useQuery(videoStatusQueryOptions());
