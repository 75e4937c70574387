// The runtime contract of DESIGN.md: every setting, read from the environment once.
import { resolve } from "node:path";
import { decodeURIComponentSafe, maskUrl } from "./lib/mask.ts";
import { DEFAULT_SITE_TIMEZONE } from "./shared/calendar.ts";
import { isEmail } from "./shared/validation.ts";

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  appDataDir: string;
  adminPassword: string | undefined;
  /** ADMIN_EMAIL: the account's confirmed address, set at a start when the account has none. */
  adminEmail: string | undefined;
  jwtSecret: string | undefined;
  siteUrl: string;
  timezone: string;
  /** CLASS_BOOKING_WEEKS: how far ahead a class's dates are shown and booked (issue 39), 1 to 13 weeks. */
  classBookingWeeks: number;
  /** CLASS_REMINDER_MINUTES: an online or hybrid class date's reminder, with its join link, this long before its start (issue 39), 5 to 1440. */
  classReminderMinutes: number;
  /** CLASS_CANCEL_HOURS: a class date's drop-in given back at least this long before its start is refunded in full (issue 39), 0 to 168. */
  classCancelHours: number;
  /** WAITLIST_AUTO_HOURS: a class place freed more than this long before its start books the first waiting student with a credit (issue 40), 0 to 168. */
  waitlistAutoHours: number;
  youtubeApiKey: string | undefined;
  youtubeChannelId: string | undefined;
  youtubeApiBase: string;
  corsOrigins: string[];
  /** Take the client address from the last X-Forwarded-For entry, the one a reverse proxy appends. */
  trustProxy: boolean;
  /** SMTP_URL and its companions; undefined when mail is off. */
  mail: MailConfig | undefined;
  /** DOMAIN: HTTPS for this name with a certificate got and renewed by itself; PORT is unused then. */
  domain: string | undefined;
  /** With DOMAIN: the HTTP-01 challenges and the redirect (HTTP_PORT), the site (HTTPS_PORT). */
  httpPort: number;
  httpsPort: number;
  acme: AcmeConfig;
  /** LOG_FORMAT: `text` lines for a person, or one JSON object a line. */
  logFormat: "text" | "json";
  /** S3_BUCKET and its companions; undefined when backups stay on this machine only. */
  offsite: OffsiteConfig | undefined;
  /** BACKUP_KEEP_*: how many daily, weekly and monthly backups are kept (local and off-site). */
  backupKeep: BackupKeep;
  /** GIT_BRANCH: the branch that 'Sync to Git' commits to. */
  gitBranch: string;
  /** GIT_REMOTE_URL with GIT_TOKEN; undefined when no remote is set. */
  gitRemote: GitRemote | undefined;
  /** Issue 32: prices, gifts and receipts; `stripe` is undefined when payments are off. */
  payments: PaymentsConfig;
};

type PaymentsConfig = {
  /** STRIPE_SECRET_KEY with STRIPE_WEBHOOK_SECRET and STRIPE_API_BASE; undefined: payments off ("Pay at the door"). */
  stripe: StripeConfig | undefined;
  /** CURRENCY: ISO 4217, lower case, of every price and gift. */
  currency: string;
  /** PAYMENT_HOLD_MINUTES: how long a place waits for its payment (30 at least: Stripe's shortest session). */
  holdMinutes: number;
  /** REFUND_UNTIL_DAYS: a paid place cancelled this many days before the start or earlier is refunded in full. */
  refundUntilDays: number;
  /** ORG_NAME (undefined: the site's name) and ORG_ABN, printed on receipts. */
  orgName: string | undefined;
  orgAbn: string | undefined;
  /** DONATIONS_DEDUCTIBLE=1: a gift's receipt carries the words of a deductible gift receipt. */
  donationsDeductible: boolean;
  /** PAYMENT_METHODS: Checkout's payment methods (Stripe's names), `card` unless set; a delayed one (au_becs_debit) is paid when the bank says so. */
  methods: string[];
};

type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_API_BASE: Stripe's API unless set (the tests' server). */
  apiBase: URL | undefined;
};

/** A git remote: its address without credentials, the form in which it is shown, and the credentials apart. */
export type GitRemote = {
  /** The URL without user info, query or fragment (maskUrl): what the git client is given and what is shown. */
  url: string;
  /** The `Authorization` header value (Basic), when credentials were given. */
  authorization: string | undefined;
  /** The values that must never appear in a text that leaves the server (src/lib/mask.ts). */
  secrets: string[];
};

type AcmeConfig = {
  /** ACME_DIRECTORY_URL: Let's Encrypt's production directory by default. */
  directoryUrl: string;
  /** ACME_EMAIL: the account's contact address. */
  email: string | undefined;
  /** ACME_CA_CERT: a PEM file trusted for the directory's own TLS (test CAs). */
  caCert: string | undefined;
};

export type BackupKeep = { daily: number; weekly: number; monthly: number };

export type OffsiteConfig = {
  bucket: string;
  /** S3_ENDPOINT; AWS's own endpoint for the region when unset. */
  endpoint: string | undefined;
  region: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** BACKUP_S3_PREFIX: where in the bucket, ending in "/". */
  prefix: string;
  /** BACKUP_AGE_RECIPIENT: every object is encrypted to this age public key; unset: stored as is. */
  recipient: string | undefined;
  /** BACKUP_AGE_IDENTITY_FILE: lets the admin's 'Restore' open encrypted copies; the CLI takes --identity instead. */
  identityFile: string | undefined;
};

export type MailConfig = {
  /** SMTP_URL without its `?tls=off`. */
  smtpUrl: string;
  /**
   * Whether the password and mails go over TLS only: smtps://, or smtp:// with STARTTLS required. False only with
   * SMTP_URL's `?tls=off`, for a local relay: no TLS at all, and a warning at start.
   */
  tls: boolean;
  /** MAIL_FROM: `Name <address>`. */
  from: string;
  /** NOTIFY_EMAIL: the teacher's notices; the profile's e-mail when unset. */
  notifyEmail: string | undefined;
  /** MAIL_PER_MINUTE: the provider's sending limit. */
  perMinute: number;
};

/** A setting an operator gave that cannot be used: the command stops with its message, not a stack trace. */
export class SettingError extends Error {}

const DEFAULT_YOUTUBE_API_BASE = "https://www.googleapis.com/youtube/v3";
const LETS_ENCRYPT_DIRECTORY = "https://acme-v02.api.letsencrypt.org/directory";
/** A host name of letters, digits and hyphens in dot-separated labels (no scheme, port or path). */
const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/i;

function portSetting(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const port = Number(env[name] || fallback);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new SettingError(`${name} must be a port number, got "${env[name]}"`);
  return port;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const port = portSetting(env, "PORT", 3000);
  const domain = env.DOMAIN?.trim().toLowerCase() || undefined;
  if (domain && !DOMAIN_PATTERN.test(domain)) throw new SettingError(`DOMAIN must be a host name such as example.org, got "${env.DOMAIN}"`);
  const httpsPort = portSetting(env, "HTTPS_PORT", 443);
  const logFormat = env.LOG_FORMAT || "text";
  if (logFormat !== "text" && logFormat !== "json") throw new SettingError(`LOG_FORMAT must be text or json, got "${logFormat}"`);
  const defaultSiteUrl = domain ? `https://${domain}${httpsPort === 443 ? "" : `:${httpsPort}`}` : `http://localhost:${port}`;
  const timezone = env.SITE_TIMEZONE || DEFAULT_SITE_TIMEZONE;
  if (!isTimeZone(timezone)) throw new SettingError(`SITE_TIMEZONE is not a known time zone: "${timezone}"`);
  return {
    port,
    host: env.HOST || "0.0.0.0",
    dataDir: resolve(env.DATA_DIR || "./data"),
    appDataDir: resolve(env.APP_DATA_DIR || "./app_data"),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    adminEmail: adminEmailSetting(env.ADMIN_EMAIL),
    jwtSecret: env.JWT_SECRET || undefined,
    siteUrl: (env.SITE_URL || defaultSiteUrl).replace(/\/+$/, ""),
    timezone,
    classBookingWeeks: classBookingWeeks(env.CLASS_BOOKING_WEEKS),
    classCancelHours: classCancelHours(env.CLASS_CANCEL_HOURS),
    waitlistAutoHours: waitlistAutoHours(env.WAITLIST_AUTO_HOURS),
    classReminderMinutes: classReminderMinutes(env.CLASS_REMINDER_MINUTES),
    youtubeApiKey: env.YOUTUBE_API_KEY || undefined,
    youtubeChannelId: env.YOUTUBE_CHANNEL_ID || undefined,
    youtubeApiBase: (env.YOUTUBE_API_BASE || DEFAULT_YOUTUBE_API_BASE).replace(/\/+$/, ""),
    corsOrigins: (env.CORS_ORIGINS ?? "")
      .split(",")
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
    mail: loadMailConfig(env),
    gitBranch: loadGitBranch(env),
    gitRemote: loadGitRemote(env),
    payments: loadPaymentsConfig(env),
    domain,
    httpPort: portSetting(env, "HTTP_PORT", 80),
    httpsPort,
    acme: {
      directoryUrl: env.ACME_DIRECTORY_URL || LETS_ENCRYPT_DIRECTORY,
      email: env.ACME_EMAIL || undefined,
      caCert: env.ACME_CA_CERT ? resolve(env.ACME_CA_CERT) : undefined,
    },
    logFormat,
    offsite: loadOffsiteConfig(env),
    backupKeep: {
      daily: keepCount(env, "BACKUP_KEEP_DAILY", 7),
      weekly: keepCount(env, "BACKUP_KEEP_WEEKLY", 4),
      monthly: keepCount(env, "BACKUP_KEEP_MONTHLY", 12),
    },
  };
}

/** 1 to 13 weeks: a class's dates of the window are one read of at most 93 days. */
function classBookingWeeks(raw: string | undefined): number {
  const weeks = Number(raw || 8);
  if (!Number.isInteger(weeks) || weeks < 1 || weeks > 13)
    throw new SettingError(`CLASS_BOOKING_WEEKS must be a whole number from 1 to 13, got "${raw}"`);
  return weeks;
}

/** 5 minutes to a day: when a class date's join link is mailed again. */
function classReminderMinutes(raw: string | undefined): number {
  const minutes = Number(raw || 60);
  if (!Number.isInteger(minutes) || minutes < 5 || minutes > 1440)
    throw new SettingError(`CLASS_REMINDER_MINUTES must be a whole number from 5 to 1440, got "${raw}"`);
  return minutes;
}

/** 0 to 168 hours (a week): how late a drop-in may be given back for its money. */
function classCancelHours(raw: string | undefined): number {
  const hours = Number(raw || 12);
  if (!Number.isInteger(hours) || hours < 0 || hours > 168)
    throw new SettingError(`CLASS_CANCEL_HOURS must be a whole number from 0 to 168, got "${raw}"`);
  return hours;
}

/** 0 to 168 hours: how long before a class a freed place still books a waiting student with her credit. */
function waitlistAutoHours(raw: string | undefined): number {
  const hours = Number(raw || 8);
  if (!Number.isInteger(hours) || hours < 0 || hours > 168)
    throw new SettingError(`WAITLIST_AUTO_HOURS must be a whole number from 0 to 168, got "${raw}"`);
  return hours;
}

function keepCount(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) throw new SettingError(`${name} must be a whole number (0 or more), got "${env[name]}"`);
  return value;
}

function loadOffsiteConfig(env: Record<string, string | undefined>): OffsiteConfig | undefined {
  const recipient = env.BACKUP_AGE_RECIPIENT || undefined;
  if (recipient && !/^age1(pq1)?[02-9ac-hj-np-z]{58,}$/.test(recipient))
    throw new SettingError("BACKUP_AGE_RECIPIENT must be an age public key (age1 followed by 58 letters and digits), as age-keygen prints it");
  if (!env.S3_BUCKET) return undefined;
  if (env.S3_ENDPOINT && !/^https?:\/\/[^/]/.test(env.S3_ENDPOINT))
    throw new SettingError("S3_ENDPOINT must be an http(s) URL, e.g. https://s3.eu-central-1.amazonaws.com");
  const prefix = (env.BACKUP_S3_PREFIX ?? "backups/").replace(/^\/+/, "");
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || undefined,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    prefix: prefix && !prefix.endsWith("/") ? `${prefix}/` : prefix,
    recipient,
    identityFile: env.BACKUP_AGE_IDENTITY_FILE || undefined,
  };
}

function loadPaymentsConfig(env: Record<string, string | undefined>): PaymentsConfig {
  const currency = (env.CURRENCY || "aud").toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw new SettingError(`CURRENCY must be a three-letter currency code such as aud, got "${env.CURRENCY}"`);
  const holdMinutes = Number(env.PAYMENT_HOLD_MINUTES ?? 30);
  if (!Number.isInteger(holdMinutes) || holdMinutes < 30 || holdMinutes > 1440)
    throw new SettingError(
      `PAYMENT_HOLD_MINUTES must be a whole number from 30 (Stripe's shortest session) to 1440, got "${env.PAYMENT_HOLD_MINUTES}"`,
    );
  return {
    stripe: loadStripeConfig(env),
    currency,
    holdMinutes,
    refundUntilDays: keepCount(env, "REFUND_UNTIL_DAYS", 7),
    orgName: env.ORG_NAME || undefined,
    orgAbn: env.ORG_ABN || undefined,
    donationsDeductible: env.DONATIONS_DEDUCTIBLE === "1",
    methods: loadPaymentMethods(env.PAYMENT_METHODS),
  };
}

function loadPaymentMethods(value: string | undefined): string[] {
  const methods = (value ?? "card")
    .split(",")
    .map((method) => method.trim().toLowerCase())
    .filter(Boolean);
  if (methods.length === 0 || !methods.every((method) => /^[a-z][a-z0-9_]{1,40}$/.test(method)))
    throw new SettingError(`PAYMENT_METHODS must be Stripe's payment method names, comma-separated, such as card,au_becs_debit, got "${value}"`);
  return methods;
}

const LOOPBACK_HOSTS = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

function loadStripeConfig(env: Record<string, string | undefined>): StripeConfig | undefined {
  const secretKey = env.STRIPE_SECRET_KEY || undefined;
  if (!secretKey) return undefined;
  // The values are never repeated in a message: they are secrets.
  if (!/^(sk|rk)_(live|test)_\w+$/.test(secretKey)) throw new SettingError("STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_… or sk_test_…)");
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || undefined;
  if (!webhookSecret?.startsWith("whsec_"))
    throw new SettingError("STRIPE_WEBHOOK_SECRET (whsec_…, the webhook's signing secret) is required with STRIPE_SECRET_KEY");
  const apiBase = env.STRIPE_API_BASE ? URL.parse(env.STRIPE_API_BASE) : undefined;
  if (apiBase === null || (apiBase && !/^https?:$/.test(apiBase.protocol)))
    throw new SettingError(`STRIPE_API_BASE must be an http(s) URL such as http://127.0.0.1:12111, got "${env.STRIPE_API_BASE}"`);
  // A live key goes in clear over plain HTTP only to this machine (a test server), never to another host.
  if (secretKey.includes("_live_") && apiBase?.protocol === "http:" && !LOOPBACK_HOSTS.test(apiBase.hostname))
    throw new SettingError("STRIPE_API_BASE must be https:// (or http:// on a loopback address) with a live key: the key would go in clear");
  return { secretKey, webhookSecret, apiBase };
}

function loadGitBranch(env: Record<string, string | undefined>): string {
  const branch = env.GIT_BRANCH || "main";
  // Plain branch names only (no "..", no leading "-" or "/", no ".lock"): git's rules, in the part a site needs.
  if (!/^(?!-)(?!.*\.\.)(?!.*\/\/)(?!.*\.lock$)[A-Za-z0-9._/-]{1,100}$/.test(branch) || branch.startsWith("/") || branch.endsWith("/"))
    throw new SettingError(`GIT_BRANCH must be a branch name such as main, got "${branch}"`);
  return branch;
}

function loadGitRemote(env: Record<string, string | undefined>): GitRemote | undefined {
  if (!env.GIT_REMOTE_URL) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(env.GIT_REMOTE_URL);
  } catch {
    // The value is not repeated: it may hold a token.
    throw new SettingError("GIT_REMOTE_URL must be an http(s) URL such as https://host/owner/repo.git (the value given is not a URL)");
  }
  if (!["http:", "https:"].includes(parsed.protocol) || !parsed.hostname)
    throw new SettingError(
      `GIT_REMOTE_URL must be an http(s) URL such as https://host/owner/repo.git (got a ${parsed.protocol} URL${parsed.hostname ? "" : " without a host"})`,
    );
  const user = decodeURIComponentSafe(parsed.username);
  const password = decodeURIComponentSafe(parsed.password);
  const token = env.GIT_TOKEN || undefined;
  // A token alone goes with GitHub's user name for tokens (GitLab and Gitea take any name with a token).
  const [username, secret] = token ? [user || "x-access-token", token] : [user, password];
  const authorization = username || secret ? `Basic ${Buffer.from(`${username}:${secret}`).toString("base64")}` : undefined;
  // `https://TOKEN@host/...` carries the token as the user name.
  const secrets = [secret, user && !password && !token ? user : "", authorization?.slice("Basic ".length) ?? ""].filter(Boolean);
  return { url: maskUrl(parsed.href), authorization, secrets };
}

function loadMailConfig(env: Record<string, string | undefined>): MailConfig | undefined {
  if (!env.SMTP_URL) return undefined;
  const url = URL.parse(env.SMTP_URL);
  if (!url || !/^smtps?:$/.test(url.protocol) || !url.hostname)
    throw new SettingError("SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465");
  // Nodemailer takes options from the URL's query over the ones given here (?requireTLS=false, ?ignoreTLS=true):
  // none gets through but the one this site knows.
  const tls = url.search !== "?tls=off";
  if (url.search && (tls || url.protocol !== "smtp:"))
    throw new SettingError(`SMTP_URL's only option is ?tls=off, for smtp:// to a local relay without TLS; got "${url.search}"`);
  if (!tls) url.search = "";
  if (!env.MAIL_FROM) throw new SettingError('MAIL_FROM is required with SMTP_URL, e.g. MAIL_FROM="Vedanta & Yoga <hello@example.org>"');
  const perMinute = Number(env.MAIL_PER_MINUTE ?? 60);
  if (!Number.isInteger(perMinute) || perMinute < 1)
    throw new SettingError(`MAIL_PER_MINUTE must be a whole number above 0, got "${env.MAIL_PER_MINUTE}"`);
  return { smtpUrl: url.href, tls, from: env.MAIL_FROM, notifyEmail: env.NOTIFY_EMAIL || undefined, perMinute };
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

function adminEmailSetting(value: string | undefined) {
  const address = value?.trim().toLowerCase();
  if (address && !isEmail(address)) throw new SettingError(`ADMIN_EMAIL must be an e-mail address, got "${value}"`);
  return address || undefined;
}

/** The settings' secret values, which no log line may hold even where nothing around them looks secret. */
export function settingSecrets(config: Config): (string | undefined)[] {
  const smtp = config.mail ? URL.parse(config.mail.smtpUrl) : null;
  return [
    config.adminPassword,
    config.jwtSecret,
    config.youtubeApiKey,
    smtp?.password,
    smtp?.password ? decodeURIComponentSafe(smtp.password) : undefined,
    ...(config.gitRemote?.secrets ?? []),
    config.offsite?.secretAccessKey,
    config.offsite?.accessKeyId,
    config.payments.stripe?.secretKey,
    config.payments.stripe?.webhookSecret,
  ];
}
