// The YouTube module's answers.
import { type AnswerOf, answer } from "@server/lib/answers.ts";
import { array, boolean, enums, object, string } from "superstruct";

const video = object({ id: string(), title: string(), publishedAt: string(), thumbnail: string() });
export const videoList = answer(object({ videos: array(video), channelId: string() }));
export type VideoList = AnswerOf<typeof videoList>;
export type Video = VideoList["videos"][number];
/** GET /api/youtube/status: whether the key and the channel are set (`/` asks for videos only then). */
export const videoStatus = answer(object({ configured: boolean(), missing: array(enums(["apiKey", "channelId"])), channelId: string() }));
export type VideoStatus = AnswerOf<typeof videoStatus>;
