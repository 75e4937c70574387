// Says, in the Settings panel, what the site still needs before the home page can show its recent videos.

import { css } from "@styled-system/css" with { type: "macro" };
import { useQuery } from "@tanstack/react-query";
import { videoStatusQueryOptions } from "@web/lib/queries/videos.ts";

const hint = css({ bg: "notice.warning", color: "notice.warning.fg", borderRadius: "control", px: "4", py: "3", mb: "4", fontSize: "sm" });

export function YouTubeSetupHint() {
  const { data: status } = useQuery(videoStatusQueryOptions());
  if (!status || status.configured) return null;
  return (
    <div data-testid="youtube-setup-hint" className={hint}>
      {status.missing.includes("apiKey") && (
        <p>
          No YouTube API key is set, so the home page does not show Recent Lectures. Add one with 'Update YouTube API Key' below (a YouTube Data API
          v3 key from the Google Cloud console), or set YOUTUBE_API_KEY in the server's environment.
        </p>
      )}
      {status.missing.includes("channelId") && (
        <p>No YouTube channel is set: set YOUTUBE_CHANNEL_ID in the server's environment and restart the site.</p>
      )}
    </div>
  );
}
