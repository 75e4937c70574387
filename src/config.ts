// The runtime contract of DESIGN.md: every setting, read from the environment once.
import { resolve } from "node:path";
import { DEFAULT_SITE_TIMEZONE } from "./shared/calendar.ts";

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  appDataDir: string;
  adminPassword: string | undefined;
  jwtSecret: string | undefined;
  siteUrl: string;
  timezone: string;
  youtubeApiKey: string | undefined;
  youtubeChannelId: string | undefined;
  youtubeApiBase: string;
  corsOrigins: string[];
  /** Take the client address from the last X-Forwarded-For entry, the one a reverse proxy appends. */
  trustProxy: boolean;
};

/** A setting an operator gave that cannot be used: the command stops with its message, not a stack trace. */
export class SettingError extends Error {}

const DEFAULT_YOUTUBE_API_BASE = "https://www.googleapis.com/youtube/v3";

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new SettingError(`PORT must be a port number, got "${env.PORT}"`);
  const timezone = env.SITE_TIMEZONE || DEFAULT_SITE_TIMEZONE;
  if (!isTimeZone(timezone)) throw new SettingError(`SITE_TIMEZONE is not a known time zone: "${timezone}"`);
  return {
    port,
    host: env.HOST || "0.0.0.0",
    dataDir: resolve(env.DATA_DIR || "./data"),
    appDataDir: resolve(env.APP_DATA_DIR || "./app_data"),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    siteUrl: (env.SITE_URL || `http://localhost:${port}`).replace(/\/+$/, ""),
    timezone,
    youtubeApiKey: env.YOUTUBE_API_KEY || undefined,
    youtubeChannelId: env.YOUTUBE_CHANNEL_ID || undefined,
    youtubeApiBase: (env.YOUTUBE_API_BASE || DEFAULT_YOUTUBE_API_BASE).replace(/\/+$/, ""),
    corsOrigins: (env.CORS_ORIGINS ?? "")
      .split(",")
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
  };
}

/**
 * Whether `zone` is a time zone `Intl` knows. The list of canonical names answers without building a date format
 * (which loads the time zone and locale data: ~5 ms and ~6 MB at start, spent later by the first public read);
 * other accepted names (aliases such as "US/Eastern") are tried with a format.
 */
function isTimeZone(zone: string): boolean {
  if (Intl.supportedValuesOf("timeZone").includes(zone)) return true;
  try {
    new Intl.DateTimeFormat("en-CA", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
