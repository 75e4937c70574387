#!/usr/bin/env bun
// The executable's entry: `serve` (default) and the operator's subcommands.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { openDatabase, tighten } from "@db/client.ts";
import { createApp } from "./app.ts";
import { type Config, loadConfig, SettingError } from "./config.ts";
import { loadJwtSecret } from "./lib/secrets.ts";
import { ensureAdmin, generatePassword, setPassword } from "./modules/auth/service.ts";
import { runBackupCommand } from "./modules/backups/cli.ts";
import { scheduleDailyBackups } from "./modules/backups/service.ts";
import { runDataCommand } from "./modules/data/cli.ts";
import { autoRestoreFromGit } from "./modules/data/git-sync.ts";
import { scheduleReminders } from "./modules/events/registrations.ts";
import type { PageRenderer } from "./plugins/page.ts";
import { assetsFromDirectory } from "./plugins/web-assets.ts";
import { collectSoon, jitWhenBusy } from "./runtime.ts";
import { DEFAULT_USERNAME } from "./shared/constants.ts";

const HELP = `Usage: vedanta-site [command] [options]

Commands:
  serve                    Start the web server (default)
  reset-admin-password     Set a new admin password (ADMIN_PASSWORD, or a random one that is printed)
  export FILE|-            Write all content (the seven sections of the admin's Export Data) to FILE
  import FILE              Replace all content with an export file (a safety copy goes to DATA_DIR/backups)
  sync                     Save all content and its uploads into APP_DATA_DIR (as the admin's Sync to app_data),
                           commit them to its git history and push to GIT_REMOTE_URL when set
  restore [COMMIT]         Replace all content with the newest version in APP_DATA_DIR (fetched from
                           GIT_REMOTE_URL first when set) or with the version COMMIT (an id from its history);
                           a safety copy goes to DATA_DIR/backups
  backup                   Take a backup now (database and uploads) into DATA_DIR/backups and print its path
  list-backups             List the backups in DATA_DIR/backups (daily ones are taken while serving) and, with
                           S3_BUCKET, the off-site copies (s3:NAME)
  restore-backup FILE|NAME Restore a backup (a name, a backup folder, a downloaded .tar or a .db file), after an
                           integrity check and a safety backup of the current data
  restore-backup s3:latest|s3:NAME [--identity key.txt]
                           Restore an off-site copy from the bucket (every hash checked first); --identity: the
                           age identity file when the copies are encrypted
  healthcheck              Exit 0 when the server on PORT answers /healthz (for container health checks)
  help, --help             Show this help

Settings (environment variables):
  PORT, HOST               Where to listen (3000, 0.0.0.0)
  DATA_DIR                 SQLite file, uploads, secrets, backups (./data)
  APP_DATA_DIR             The sync/restore folder (./app_data)
  ADMIN_PASSWORD           First start only: the admin's password (random and printed when unset)
  JWT_SECRET               Token signing key (generated into DATA_DIR when unset)
  SITE_URL                 Absolute base URL for links (http://localhost:PORT)
  SITE_TIMEZONE            What "upcoming" and "past" mean (Australia/Melbourne)
  YOUTUBE_API_KEY          Initial YouTube Data API key
  YOUTUBE_CHANNEL_ID       The channel whose videos are shown
  YOUTUBE_API_BASE         The YouTube Data API base URL (tests point it at a fake)
  CORS_ORIGINS             Comma-separated origins allowed to call the API (none)
  TRUST_PROXY              1 when behind a reverse proxy: client IPs come from X-Forwarded-For
  SMTP_URL                 smtp://user:pass@host:587 or smtps://user:pass@host:465 (unset: mail is off)
  MAIL_FROM                The sender, e.g. "Vedanta & Yoga <hello@example.org>" (required with SMTP_URL)
  NOTIFY_EMAIL             Where the teacher's notices go (the profile's e-mail)
  MAIL_PER_MINUTE          Most mails sent per minute (60)
  S3_BUCKET                Also keep backups off-site in this S3 bucket, copied within a minute of each change
  S3_ENDPOINT, S3_REGION   The S3-compatible storage's URL and region (AWS's when unset)
  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY
                           The bucket's credentials (never logged or shown)
  BACKUP_S3_PREFIX         Where in the bucket (backups/)
  BACKUP_AGE_RECIPIENT     An age public key (age1...): every off-site object is encrypted to it
  BACKUP_AGE_IDENTITY_FILE The matching age identity file, only to let the admin restore encrypted copies
  BACKUP_KEEP_DAILY, BACKUP_KEEP_WEEKLY, BACKUP_KEEP_MONTHLY
                           Daily backups kept, local and off-site: the newest of each of the last 7 days, 4 weeks
                           and 12 months
  GIT_REMOTE_URL           An http(s) git repository that sync pushes to and restore fetches from, e.g.
                           https://user:token@host/owner/repo.git (credentials are never logged or shown)
  GIT_TOKEN                The token for GIT_REMOTE_URL, when it is not in the URL
  GIT_BRANCH               The branch that sync commits to (main)
`;

/**
 * The server-side renderer of `/`. In the executable it is a second entry point (scripts/compile.ts), outside the
 * server's own module: present there, even unused, it cost every start ~3 ms and ~2.5 MB. The path is not a literal,
 * so that bundling leaves it out of this module.
 */
const RENDERER = Bun.isStandaloneExecutable ? "./web/app/server-render.js" : "../web/app/server-render.tsx";

/** Opens the data folder's database; DATA_DIR, its uploads and its backups are the service user's alone (0700). */
export function openDataDir(config: Config) {
  for (const dir of [config.dataDir, join(config.dataDir, "uploads"), join(config.dataDir, "backups")]) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    tighten(dir, 0o700);
  }
  return openDatabase(join(config.dataDir, "site.db"));
}

async function serve(config: Config) {
  const startedAt = performance.now();
  const db = openDataDir(config);
  // On a first start the admin's password hash (argon2id: ~0.1 s, on a worker thread) is made while app_data is restored.
  const adminCreated = ensureAdmin(db, config.adminPassword);
  const restored = await autoRestoreFromGit({ db, config });
  (restored.status === "failed" ? console.error : console.log)(`Auto-restore ${restored.status}: ${restored.message}`);
  const admin = await adminCreated;
  if (admin.generatedPassword) {
    console.log(`Created user "${DEFAULT_USERNAME}" with the generated password: ${admin.generatedPassword}`);
    console.log("It is shown only once. Change it in the admin area, or run `reset-admin-password`.");
  }
  // WEB_DIST (development and tests) serves a build folder instead of the files embedded at build time.
  const webAssets = process.env.WEB_DIST ? await assetsFromDirectory(process.env.WEB_DIST) : (await import("./generated/web-assets.ts")).webAssets;
  // `/` is rendered on the server by the web app's own components, loaded on first use so the start stays fast; the
  // garbage a render leaves is collected soon after (src/runtime.ts).
  const renderPage: PageRenderer = async (input) => {
    const renderer = (await import(RENDERER)) as typeof import("@web/app/server-render.tsx");
    const page = await renderer.renderHomePage(input);
    collectSoon();
    return page;
  };
  const jwtSecret = loadJwtSecret(config.dataDir, config.jwtSecret);
  const app = await createApp({ db, config, jwtSecret, webAssets, renderPage });
  // The executable starts with the JIT held back (src/runtime.ts); a busy server is worth compiling for.
  app.onRequest(jitWhenBusy());
  app.listen({
    port: config.port,
    hostname: config.host,
    reusePort: false,
    // The largest body any route takes (an import or an upload); each route reads its own within its limit.
    maxRequestBodySize: 64 * 1024 * 1024,
    // Never Bun's development error page (source lines, paths): an error the app did not answer is a short 500.
    development: false,
    error: (error) => {
      console.error("Unhandled error while answering a request:", error);
      return new Response("Internal server error", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    },
  });
  // biome-ignore lint/style/noNonNullAssertion: the server exists once listen() has returned
  const server = app.server!;
  console.log(`Listening on http://${config.host}:${server.port} (ready in ${Math.round(performance.now() - startedAt)} ms)`);
  const dailyBackups = scheduleDailyBackups({ db, dataDir: config.dataDir, keep: config.backupKeep });
  // Nodemailer and the mail templates are loaded only when mail is on.
  const mailWorker = config.mail
    ? (await import("./modules/mail/worker.ts")).createMailWorker({ db, config: { ...config, mail: config.mail } })
    : undefined;
  mailWorker?.start();
  const reminders = config.mail ? scheduleReminders({ db, config, jwtSecret }) : undefined;

  const shutdown = async (signal: string) => {
    console.log(`${signal} received, finishing requests`);
    await server.stop();
    dailyBackups.stop();
    reminders?.stop();
    await mailWorker?.stop();
    db.$client.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    db.$client.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

async function resetAdminPassword(config: Config) {
  const db = openDataDir(config);
  const password = config.adminPassword ?? generatePassword();
  await setPassword(db, DEFAULT_USERNAME, password);
  console.log(
    config.adminPassword
      ? `The password of "${DEFAULT_USERNAME}" was set from ADMIN_PASSWORD.`
      : `New password for "${DEFAULT_USERNAME}": ${password}`,
  );
  console.log("Every session signed in before was logged out.");
  db.$client.close();
}

async function healthcheck(config: Config): Promise<number> {
  try {
    const response = await fetch(`http://127.0.0.1:${config.port}/healthz`, { signal: AbortSignal.timeout(3000) });
    return response.ok ? 0 : 1;
  } catch {
    return 1;
  }
}

async function run(command: string, config: Config) {
  switch (command) {
    case "serve":
      await serve(config);
      break;
    case "reset-admin-password":
      await resetAdminPassword(config);
      break;
    case "export":
    case "import":
    case "sync":
    case "restore":
      process.exit(await runDataCommand(command, process.argv.slice(3), config, () => openDataDir(config)));
      break;
    case "backup":
    case "list-backups":
    case "restore-backup":
      process.exit(await runBackupCommand(command, process.argv.slice(3), config, () => openDataDir(config)));
      break;
    case "healthcheck":
      process.exit(await healthcheck(config));
      break;
    case "help":
    case "--help":
    case "-h":
      console.log(HELP);
      break;
    default:
      console.error(`Unknown command "${command}".\n\n${HELP}`);
      process.exit(2);
  }
}

if (import.meta.main) {
  const [command = "serve"] = process.argv.slice(2);
  try {
    await run(command, loadConfig());
  } catch (error) {
    if (!(error instanceof SettingError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}
