// Recent Lectures: 6 skeleton cards while loading, the error panel with 'Try Again', both empty texts, and the list
// (spec §2.1, §7, §8). The home page asks for 5 attempts with the doubling delay (videos/api.ts). A site without a
// YouTube key (the page's data says so) asks for nothing: it links to the channel when one is known, else shows no
// section.

import { css } from "@styled-system/css" with { type: "macro" };
import { button } from "@styled-system/recipes/button";
import { Button } from "@web/components/ui/button.tsx";
import { formatShortDate } from "@web/components/ui/format.ts";
import { Section } from "@web/components/ui/section.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { VIDEO_SKELETONS } from "@web/lib/constants.ts";
import { useVideoStatus, useVideos, VideosRequestError } from "@web/lib/queries/videos.ts";
import { CirclePlay, RefreshCw, TriangleAlert } from "lucide-react";

const SERVICE_NAME = "YouTube";
export const channelUrl = (channelId: string | undefined) =>
  channelId ? `https://www.youtube.com/channel/${encodeURIComponent(channelId)}` : "https://www.youtube.com/";
const watchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;

/** What the error panel says (spec §8, video display), by the server's error code. */
function videoErrorText(error: Error): string {
  const code = error instanceof VideosRequestError ? error.code : undefined;
  if (code === "QUOTA_EXCEEDED")
    return `The ${SERVICE_NAME} daily request limit (API quota) has been exceeded. This is common with high traffic, and it typically resets after 24 hours.`;
  if (code === "AUTH_ERROR")
    return `There is an authentication issue with the ${SERVICE_NAME} connection. Please inform the site administrator so they can update the API key.`;
  return `Unable to load videos: ${error.message}`;
}

const grid = css({ display: "grid", gap: { base: "5", md: "6" }, gridTemplateColumns: { base: "1fr", sm: "repeat(2, 1fr)", lg: "repeat(3, 1fr)" } });

const YouTubeGlyph = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden>
    <rect x="2" y="5" width="20" height="14" rx="4" fill="currentColor" />
    <path d="M10 9v6l5-3-5-3Z" fill="#fff" />
  </svg>
);

const SECTION = {
  id: "videos",
  eyebrow: "Listen and reflect",
  title: "Recent Lectures",
  intro: "Talks on the Upanishads, the Bhagavad Gita and everyday practice, recorded in the hall.",
  tone: "warm",
} as const;

const ChannelLink = ({ channelId, size }: { channelId: string | undefined; size?: "lg" }) => (
  <a href={channelUrl(channelId)} target="_blank" rel="noopener noreferrer" className={button({ variant: "outline", size })}>
    <YouTubeGlyph /> {SERVICE_NAME} Channel
  </a>
);

export function VideosSection() {
  const { data: status, isError } = useVideoStatus();
  if (status && !status.configured) {
    return status.channelId ? (
      <Section {...SECTION}>
        <div data-testid="videos-channel" className={css({ display: "flex", justifyContent: "center" })}>
          <ChannelLink channelId={status.channelId} size="lg" />
        </div>
      </Section>
    ) : null;
  }
  // Without the page's data (the plain app shell) the status arrives first; if it cannot, the videos are tried anyway.
  return status || isError ? <RecentVideos channelId={status?.channelId} /> : null;
}

function RecentVideos({ channelId }: { channelId: string | undefined }) {
  const { data, error, isPending, isFetching, refetch } = useVideos();
  const loading = isPending || (error !== null && isFetching);

  return (
    <Section {...SECTION}>
      <div aria-live="polite">
        {loading ? (
          <div className={grid} aria-busy="true">
            <span className={css({ srOnly: true })}>Loading videos</span>
            {Array.from({ length: VIDEO_SKELETONS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
              <div key={i} data-testid="video-skeleton" className={css({ display: "grid", gap: "3" })}>
                <Skeleton className={css({ aspectRatio: "16 / 9", borderRadius: "card" })} />
                <Skeleton className={css({ h: "4", w: "85%" })} />
                <Skeleton className={css({ h: "3", w: "30%" })} />
              </div>
            ))}
          </div>
        ) : error ? (
          <div
            role="alert"
            data-testid="videos-error"
            className={css({
              maxW: "2xl",
              mx: "auto",
              textAlign: "center",
              bg: "surface",
              borderWidth: "1px",
              borderColor: "border",
              borderRadius: "card",
              p: { base: "6", md: "10" },
              boxShadow: "card",
            })}
          >
            <span
              className={css({
                display: "inline-grid",
                placeItems: "center",
                w: "14",
                h: "14",
                borderRadius: "full",
                bg: "accent.soft",
                color: "accent.strong",
                mb: "4",
              })}
            >
              <TriangleAlert size={26} aria-hidden />
            </span>
            <h3 className={css({ fontSize: "2xl", fontWeight: "600", color: "heading", mb: "3" })}>Videos Temporarily Unavailable</h3>
            <p className={css({ color: "ink.700" })} data-testid="videos-error-text">
              {videoErrorText(error)}
            </p>
            <p className={css({ color: "fg.muted", mt: "2", fontSize: "sm" })}>
              In the meantime, you can visit our channel directly to watch the lectures.
            </p>
            <div className={css({ mt: "6", display: "flex", gap: "3", justifyContent: "center", flexWrap: "wrap" })}>
              <Button onClick={() => void refetch()}>
                <RefreshCw size={16} aria-hidden /> Try Again
              </Button>
              <ChannelLink channelId={channelId} />
            </div>
          </div>
        ) : !data || data.videos.length === 0 ? (
          <div data-testid="videos-empty" className={css({ textAlign: "center", py: "10", color: "fg.muted" })}>
            <p className={css({ fontFamily: "display", fontSize: "xl", color: "heading", mb: "2" })}>No videos are currently available.</p>
            <p>No videos available at the moment. Please check back later.</p>
          </div>
        ) : (
          <>
            <ul className={grid} data-testid="videos-list">
              {data.videos.map((video) => (
                <li key={video.id}>
                  <a
                    href={watchUrl(video.id)}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid="video-card"
                    className={css({
                      display: "grid",
                      gap: "3",
                      borderRadius: "card",
                      _hover: { "& img": { transform: "scale(1.03)" }, "& h3": { color: "accent.strong" } },
                    })}
                  >
                    <span
                      className={css({
                        position: "relative",
                        display: "block",
                        aspectRatio: "16 / 9",
                        borderRadius: "card",
                        overflow: "hidden",
                        bg: "indigo.100",
                        boxShadow: "card",
                      })}
                    >
                      <img
                        src={video.thumbnail}
                        alt=""
                        loading="lazy"
                        className={css({ w: "full", h: "full", objectFit: "cover", transition: "transform 0.3s" })}
                      />
                      <span
                        aria-hidden
                        className={css({
                          position: "absolute",
                          inset: "0",
                          display: "grid",
                          placeItems: "center",
                          color: "white",
                          bg: "linear-gradient(to top, rgba(17,21,43,0.45), transparent 55%)",
                        })}
                      >
                        <CirclePlay size={48} strokeWidth={1.5} />
                      </span>
                    </span>
                    <div>
                      <h3 className={css({ fontSize: "lg", fontWeight: "600", color: "heading", lineHeight: "1.3", transition: "color 0.15s" })}>
                        {video.title}
                      </h3>
                      <time dateTime={video.publishedAt} className={css({ fontSize: "sm", color: "fg.muted" })}>
                        {formatShortDate(video.publishedAt)}
                      </time>
                    </div>
                  </a>
                </li>
              ))}
            </ul>
            <div className={css({ mt: "10", display: "flex", justifyContent: "center" })}>
              <ChannelLink channelId={data.channelId} size="lg" />
            </div>
          </>
        )}
      </div>
    </Section>
  );
}
