#!/usr/bin/env bun
// The executable's entry: `serve` (default) and the operator's subcommands.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { openDatabase, tighten } from "@db/client.ts";
import { createApp } from "./app.ts";
import { parseCommandLine, UsageError } from "./cli.ts";
import { type Config, loadConfig, SettingError, settingSecrets } from "./config.ts";
import { configureLog, errorText, log } from "./lib/log.ts";
import { loadJwtSecret } from "./lib/secrets.ts";
import { ensureAdmin, generatePassword, setPassword } from "./modules/auth/service.ts";
import { runBackupCommand } from "./modules/backups/cli.ts";
import { scheduleDailyBackups } from "./modules/backups/service.ts";
import { runDataCommand } from "./modules/data/cli.ts";
import { autoRestoreFromGit } from "./modules/data/git-sync.ts";
import { seedPasses } from "./modules/passes/index.ts";
import type { PageRenderer } from "./modules/site/index.ts";
import { assetsFromDirectory } from "./plugins/web-assets.ts";
import { collectSoon, jitWhenBusy } from "./runtime.ts";
import { DEFAULT_USERNAME } from "./shared/constants.ts";
import { versionText } from "./version.ts";

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
  configureLog({ format: config.logFormat, secrets: settingSecrets(config) });
  const db = openDataDir(config);
  // On a first start the admin's password hash (argon2id: ~0.1 s, on a worker thread) is made while app_data is restored.
  const adminCreated = ensureAdmin(db, { password: config.adminPassword, email: config.adminEmail });
  const restored = await autoRestoreFromGit({ db, config });
  log[restored.status === "failed" ? "error" : "info"](`Auto-restore ${restored.status}: ${restored.message}`);
  if (restored.status === "restored") log.info(`Passes: ${seedPasses(db, config.appDataDir)}`);
  const admin = await adminCreated;
  if (admin.generatedPassword) {
    // Printed once, on purpose (the spec's first start): outside the logger, which would mask it.
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
  const listen = {
    hostname: config.host,
    // The largest body any route takes (an import or an upload); each route reads its own within its limit.
    maxRequestBodySize: 64 * 1024 * 1024,
    // Never Bun's development error page (source lines, paths): an error the app did not answer is a short 500.
    development: false,
    error: (error: Error) => {
      log.error("Unhandled error while answering a request", { error: errorText(error) });
      return new Response("Internal server error", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    },
  };
  const ready = () => ({ readyMs: Math.round(performance.now() - startedAt), version: versionText() });
  let stopServers: () => Promise<void>;
  if (config.domain) {
    stopServers = (await import("./modules/https/listen.ts")).listenWithHttps(app, { ...config, domain: config.domain }, listen, ready).stop;
  } else {
    app.listen({ ...listen, port: config.port, reusePort: false });
    // biome-ignore lint/style/noNonNullAssertion: the server exists once listen() has returned
    const server = app.server!;
    stopServers = () => server.stop();
    log.info(`Listening on http://${config.host}:${server.port}`, ready());
  }
  const dailyBackups = scheduleDailyBackups({ db, dataDir: config.dataDir, keep: config.backupKeep }, { log: log.info, error: log.error });
  // Nodemailer and the mail templates are loaded only when mail is on.
  const mailWorker = config.mail
    ? (await import("./modules/mail/worker.ts")).createMailWorker({ db, config: { ...config, mail: config.mail }, jwtSecret })
    : undefined;
  mailWorker?.start();
  app.jobs.start();

  const shutdown = async (signal: string) => {
    log.info(`${signal} received, finishing requests`);
    await stopServers();
    dailyBackups.stop();
    app.jobs.stop();
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

/** The URL `healthcheck` asks: --url, or /healthz where `serve` listens (its wildcard address asked on loopback). */
export function healthcheckUrl(config: Config, url: string | undefined): string {
  if (url) return url;
  const host = config.host === "0.0.0.0" || config.host === "" ? "127.0.0.1" : config.host === "::" ? "::1" : config.host;
  const hostname = host.includes(":") ? `[${host}]` : host;
  return config.domain ? `https://${hostname}:${config.httpsPort}/healthz` : `http://${hostname}:${config.port}/healthz`;
}

async function healthcheck(config: Config, url: string | undefined): Promise<number> {
  const target = healthcheckUrl(config, url);
  try {
    // Whether the server answers, not whether its certificate is trusted from here (it is made for DOMAIN, asked on an address).
    const response = await fetch(target, { signal: AbortSignal.timeout(3000), tls: { rejectUnauthorized: false } });
    if (!response.ok) console.error(`healthcheck: ${target} answered ${response.status}`);
    return response.ok ? 0 : 1;
  } catch (error) {
    console.error(`healthcheck: ${target} did not answer: ${(error as Error).message}`);
    return 1;
  }
}

async function run(command: string, args: string[], config: Config, url: string | undefined) {
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
      process.exit(await runDataCommand(command, args, config, () => openDataDir(config)));
      break;
    case "backup":
    case "list-backups":
    case "restore-backup":
      process.exit(await runBackupCommand(command, args, config, () => openDataDir(config)));
      break;
    case "healthcheck":
      process.exit(await healthcheck(config, url));
  }
}

if (import.meta.main) {
  try {
    const invocation = parseCommandLine(process.argv.slice(2), process.env);
    if (invocation.kind === "help") console.log(invocation.text);
    else if (invocation.kind === "version") console.log(versionText());
    else await run(invocation.command, invocation.args, loadConfig(invocation.env), invocation.url);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${error.usage}`);
      process.exit(2);
    }
    if (!(error instanceof SettingError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}
