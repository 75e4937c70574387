// What the web app reads of a failed GET /api/youtube/videos: its error codes (src/modules/youtube answers them).

export const VIDEO_ERROR_CODES = ["QUOTA_EXCEEDED", "RATE_LIMITED", "AUTH_ERROR", "NOT_CONFIGURED", "UPSTREAM_ERROR"] as const;
export type VideoErrorCode = (typeof VIDEO_ERROR_CODES)[number];
export type VideoError = { error: string; code: VideoErrorCode; message: string };
