// The YouTube module's answers.

export type Video = { id: string; title: string; publishedAt: string; thumbnail: string };
export type VideoList = { videos: Video[]; channelId: string };
