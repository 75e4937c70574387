// The command line: each command's flags, arguments and help, read with node:util's parseArgs. Nothing here runs a
// command; src/main.ts does, once the line is understood. A flag that is not known, or an argument a command does
// not take, is a usage error (exit 2): never a file name, never ignored.
import { readFileSync } from "node:fs";
import { parseArgs, parseEnv } from "node:util";
import { SettingError } from "./config.ts";

type Flag = { type: "string" | "boolean"; short?: string; value?: string; help: string; env?: string };

const FLAGS = {
  port: { type: "string", value: "N", help: "listen on this port", env: "PORT" },
  host: { type: "string", value: "ADDR", help: "listen on this address", env: "HOST" },
  "data-dir": { type: "string", value: "DIR", help: "SQLite file, uploads, secrets, backups", env: "DATA_DIR" },
  "app-data-dir": { type: "string", value: "DIR", help: "the sync/restore folder", env: "APP_DATA_DIR" },
  domain: { type: "string", value: "NAME", help: "serve HTTPS for NAME with its own certificate (ACME)", env: "DOMAIN" },
  url: { type: "string", value: "URL", help: "ask this URL instead of HOST and PORT's /healthz" },
  identity: { type: "string", value: "FILE", help: "the age identity file of encrypted off-site copies" },
  "env-file": { type: "string", value: "FILE", help: "read settings from FILE (the environment's own win)" },
  help: { type: "boolean", short: "h", help: "show this help" },
} satisfies Record<string, Flag>;
type FlagName = keyof typeof FLAGS;

type Command = { args?: string; summary: string; flags: FlagName[]; positionals: [min: number, max: number] };

const DATA: FlagName[] = ["data-dir", "app-data-dir", "env-file"];

export const COMMANDS: Record<string, Command> = {
  serve: { summary: "Start the web server (the default command)", flags: ["port", "host", "domain", ...DATA], positionals: [0, 0] },
  "reset-admin-password": {
    summary: "Set a new admin password (ADMIN_PASSWORD, or a random one that is printed) and log every session out",
    flags: DATA,
    positionals: [0, 0],
  },
  export: { args: "FILE|-", summary: "Write all content (the admin's Export Data) to FILE, or to standard output", flags: DATA, positionals: [1, 1] },
  import: {
    args: "FILE",
    summary: "Replace all content with an export file (a safety copy goes to DATA_DIR/backups)",
    flags: DATA,
    positionals: [1, 1],
  },
  sync: {
    summary:
      "Save all content and its uploads into APP_DATA_DIR (as the admin's Sync to app_data), commit them to its git history and push to GIT_REMOTE_URL when set",
    flags: DATA,
    positionals: [0, 0],
  },
  restore: {
    args: "[COMMIT]",
    summary:
      "Replace all content with the newest version in APP_DATA_DIR (fetched from GIT_REMOTE_URL first when set) or with the version COMMIT (an id from its history); a safety copy goes to DATA_DIR/backups",
    flags: DATA,
    positionals: [0, 1],
  },
  backup: { summary: "Take a backup now (database and uploads) into DATA_DIR/backups and print its path", flags: DATA, positionals: [0, 0] },
  "list-backups": {
    summary: "List the backups in DATA_DIR/backups (daily ones are taken while serving) and, with S3_BUCKET, the off-site copies (s3:NAME)",
    flags: DATA,
    positionals: [0, 0],
  },
  "restore-backup": {
    args: "FILE|NAME|s3:latest|s3:NAME",
    summary:
      "Restore a backup (a name, a backup folder, a downloaded .tar, a .db file, or an off-site copy, every hash checked first) after an integrity check and a safety backup",
    flags: ["identity", ...DATA],
    positionals: [1, 1],
  },
  healthcheck: {
    summary: "Exit 0 when the server answers /healthz on HOST and PORT (HTTPS_PORT with DOMAIN), or on --url",
    flags: ["url", "port", "host", "domain", "env-file"],
    positionals: [0, 0],
  },
  help: { args: "[COMMAND]", summary: "Show this help, or a command's", flags: [], positionals: [0, 1] },
};

export const SETTINGS = `Settings (environment variables; a flag wins over its variable):
  PORT, HOST               Where to listen without DOMAIN (3000, 0.0.0.0)
  DATA_DIR                 SQLite file, uploads, secrets, backups, certificates (./data)
  APP_DATA_DIR             The sync/restore folder (./app_data)
  DOMAIN                   Serve HTTPS for this name with a certificate got and renewed by itself (ACME HTTP-01)
  HTTP_PORT, HTTPS_PORT    With DOMAIN: the challenges and redirect, and the site (80, 443)
  ACME_EMAIL               The ACME account's contact address (none)
  ACME_DIRECTORY_URL       The ACME directory (Let's Encrypt production); staging or a test CA for trials
  ACME_CA_CERT             A PEM file trusted for the ACME directory's own TLS (test CAs)
  LOG_FORMAT               text (default) or json: one JSON object a line
  ADMIN_PASSWORD           First start only: the admin's password (random and printed when unset)
  ADMIN_EMAIL              The account e-mail (codes, reset links, notices), set at a start when it has none
  JWT_SECRET               Token signing key (generated into DATA_DIR when unset)
  SITE_URL                 Absolute base URL for links (http://localhost:PORT; https://DOMAIN with DOMAIN)
  SITE_TIMEZONE            What "upcoming" and "past" mean (Australia/Melbourne)
  CLASS_BOOKING_WEEKS      How far ahead a weekly class's dates are shown and booked, 1 to 13 weeks (8)
  CLASS_CANCEL_HOURS       A drop-in given back this long before the class is refunded, 0 to 168 hours (12)
  WAITLIST_AUTO_HOURS      A class place freed this long before the start books a waiting student's credit, 0 to 168 (8)
  CLASS_REMINDER_MINUTES   An online class's reminder, with its join link, this long before it, 5 to 1440 minutes (60)
  YOUTUBE_API_KEY          Initial YouTube Data API key
  YOUTUBE_CHANNEL_ID       The channel whose videos are shown
  YOUTUBE_API_BASE         The YouTube Data API base URL (tests point it at a fake)
  CORS_ORIGINS             Comma-separated origins allowed to call the API (none)
  TRUST_PROXY              1 when behind a reverse proxy: client IPs come from X-Forwarded-For
  SMTP_URL                 smtp://user:pass@host:587 (STARTTLS required) or smtps://user:pass@host:465;
                           smtp://host:25?tls=off: a local relay without TLS (unset: mail is off)
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
  STRIPE_SECRET_KEY        Payments through Stripe Checkout (sk_live_... or sk_test_...; never logged or shown)
  STRIPE_WEBHOOK_SECRET    The webhook's signing secret (whsec_...), required with the key
  STRIPE_API_BASE          Tests only: the Stripe API the SDK talks to (Stripe's own)
  CURRENCY                 The currency of every price and gift (aud)
  PAYMENT_HOLD_MINUTES     How long a place waits for its payment (30)
  REFUND_UNTIL_DAYS        A paid place cancelled this many days before the start is refunded (7)
  PAYMENT_METHODS          Checkout's payment methods, comma-separated (card)
  ORG_NAME, ORG_ABN        Printed on receipts (the site's name; none)
  DONATIONS_DEDUCTIBLE     1: gift receipts carry the words of a deductible gift receipt
No .env or bunfig.toml is read from the working folder; give a settings file with --env-file FILE.`;

const usageLine = (name: string, command: Command) => `vedanta-site ${name}${command.args ? ` ${command.args}` : ""} [options]`;

function mainHelp(): string {
  const width = Math.max(...Object.entries(COMMANDS).map(([name, command]) => `${name} ${command.args ?? ""}`.length)) + 2;
  const commands = Object.entries(COMMANDS).map(([name, command]) => `  ${`${name} ${command.args ?? ""}`.padEnd(width)}${command.summary}`);
  return `Usage: vedanta-site [command] [options]\n\nCommands:\n${commands.join("\n")}\n\nOptions:\n  -h, --help               Show help (vedanta-site COMMAND --help for a command's)\n  -V, --version            Show the version and the commit it was built from\n\n${SETTINGS}\n`;
}

function commandHelp(name: string): string {
  const command = COMMANDS[name];
  if (!command) return mainHelp();
  const flags = [...command.flags, "help" as const].map((flag) => {
    const spec: Flag = FLAGS[flag];
    const left = `${spec.short ? `-${spec.short}, ` : "    "}--${flag}${spec.value ? ` ${spec.value}` : ""}`;
    return `  ${left.padEnd(26)}${spec.help}${spec.env ? ` (${spec.env})` : ""}`;
  });
  return `Usage: ${usageLine(name, command)}\n\n${command.summary}.\n\nOptions:\n${flags.join("\n")}\n\nvedanta-site --help lists the commands and every setting.\n`;
}

/** What the command line asks for: a command with its arguments and the settings its flags give. */
export type Invocation =
  | { kind: "help"; text: string }
  | { kind: "version" }
  | { kind: "run"; command: string; args: string[]; env: Record<string, string | undefined>; url: string | undefined };

/** A command line that cannot be run: its message and the usage to show with it (exit 2). */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
  }
}

/**
 * Reads `argv` (without the executable) into an invocation. The settings are `environment` with the `--env-file`
 * file's values under it and the flags over it: a flag wins over its variable, a variable over the file.
 */
export function parseCommandLine(argv: string[], environment: Record<string, string | undefined>): Invocation {
  const [first] = argv;
  if (first === "--version" || first === "-V") {
    if (argv.length > 1) throw new UsageError(`--version takes nothing else, got "${argv[1]}"`, mainHelp());
    return { kind: "version" };
  }
  if (first === "--help" || first === "-h") {
    if (argv.length > 1) throw new UsageError(`--help takes nothing else, got "${argv[1]}"`, mainHelp());
    return { kind: "help", text: mainHelp() };
  }
  // No command, or flags without one: the default command, serve.
  const name = first === undefined || first.startsWith("-") ? "serve" : first;
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`Unknown command "${name}".`, mainHelp());
  const rest = first === undefined || first.startsWith("-") ? argv : argv.slice(1);
  const options = Object.fromEntries([...command.flags, "help" as const].map((flag) => [flag, FLAGS[flag]]));
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message.split(". ")[0]}.`, commandHelp(name));
  }
  const values = parsed.values as Partial<Record<FlagName, string | boolean>>;
  const positionals = parsed.positionals;
  if (values.help) return { kind: "help", text: commandHelp(name) };
  const [min, max] = command.positionals;
  if (positionals.length > max) throw new UsageError(`Unexpected argument "${positionals[max]}".`, commandHelp(name));
  if (positionals.length < min) throw new UsageError(`${command.args} is missing.`, commandHelp(name));
  if (name === "help") {
    const topic = positionals[0];
    if (topic === undefined) return { kind: "help", text: mainHelp() };
    if (!COMMANDS[topic]) throw new UsageError(`Unknown command "${topic}".`, mainHelp());
    return { kind: "help", text: commandHelp(topic) };
  }
  const fromFlags: Record<string, string> = {};
  for (const flag of command.flags) {
    const variable: string | undefined = (FLAGS[flag] as Flag).env;
    const value = values[flag];
    if (variable && typeof value === "string") fromFlags[variable] = value;
  }
  const file = typeof values["env-file"] === "string" ? readEnvFile(values["env-file"]) : {};
  return {
    kind: "run",
    command: name,
    // restore-backup reads its --identity among its arguments (src/modules/backups/cli.ts).
    args: typeof values.identity === "string" ? [...positionals, "--identity", values.identity] : positionals,
    env: { ...file, ...environment, ...fromFlags },
    url: typeof values.url === "string" ? values.url : undefined,
  };
}

function readEnvFile(path: string): Record<string, string> {
  try {
    return parseEnv(readFileSync(path, "utf8")) as Record<string, string>;
  } catch (error) {
    throw new SettingError(`--env-file ${path} cannot be read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
}
