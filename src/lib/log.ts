// The server's one logger: a line per event with its time, level, message and fields, as text for a person (the
// default) or one JSON object a line (LOG_FORMAT=json) for journald, Loki and friends. Every field and message goes
// through `mask`, the one place that decides what is secret, so that no password, token, code, cookie or credential
// in a URL reaches a line, whoever calls.

import { MASK, maskPath, maskText, SECRET_NAME } from "./mask.ts";

type Level = "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

/** The settings' secret values (GIT_TOKEN, the S3 keys, SMTP's password…), masked wherever a line holds them. */
let known: readonly (string | undefined)[] = [];

/** Whether a field's name is a secret's, asked once per name (the request line's five serve every request). */
const secretNames = new Map<string, boolean>();
function isSecretName(name: string): boolean {
  let secret = secretNames.get(name);
  if (secret === undefined) {
    secret = SECRET_NAME.test(name);
    secretNames.set(name, secret);
  }
  return secret;
}

/** A field's value made safe for a line: secret names hide their value, text is masked, errors keep their message. */
function mask(name: string, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  if (isSecretName(name)) return MASK;
  if (typeof value === "string") return name === "path" ? maskPath(value, known) : maskText(value, known);
  if (value instanceof Error) return maskText(value.message, known);
  if (typeof value === "object") return maskText(JSON.stringify(value), known);
  return value;
}

/** An error for a line: its message and where it was thrown (the stack's paths and lines, never its values). */
export const errorText = (error: unknown): string => (error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error));

let format: "text" | "json" = "text";
type Sink = (line: string, level: Level) => void;

/**
 * The standard streams, written at most every FLUSH_MS or FLUSH_BYTES: under load a write per line (or per turn of the
 * event loop, a few lines) cost the request path more than the rest of its line (bench/reads.ts). An error's line,
 * and what is pending before it, goes at once, and what is pending goes at exit, so a crash keeps its last words.
 */
const FLUSH_MS = 25;
const FLUSH_BYTES = 16 * 1024;
const pending = { out: "", err: "" };
let flushTimer: ReturnType<typeof setTimeout> | undefined;
function flush() {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  if (pending.out) process.stdout.write(pending.out);
  if (pending.err) process.stderr.write(pending.err);
  pending.out = pending.err = "";
}
process.on("exit", flush);
const standardStreams: Sink = (line, level) => {
  if (level === "info") pending.out += `${line}\n`;
  else pending.err += `${line}\n`;
  if (level === "error" || pending.out.length + pending.err.length >= FLUSH_BYTES) flush();
  else if (!flushTimer) {
    flushTimer = setTimeout(flush, FLUSH_MS);
    flushTimer.unref?.();
  }
};
let sink: Sink = standardStreams;

/** The time of a line, made once per millisecond (lines under load share it). */
let lastMs = 0;
let lastTime = "";
function timeNow() {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastTime = new Date(ms).toISOString();
  }
  return lastTime;
}

/** A text value quoted when it has spaces, quotes or equals signs, so that `key=value` pairs stay apart. */
const textValue = (value: unknown) => {
  if (typeof value === "number") return String(value);
  const text = String(value);
  return text === "" || /[\s"=]/.test(text) ? JSON.stringify(text) : text;
};

/** A line of `safe` (masked) text and fields. */
function line(level: Level, text: string, fields: LogFields) {
  const safe: LogFields = {};
  for (const name in fields) if (fields[name] !== undefined) safe[name] = mask(name, fields[name]);
  if (format === "json") return sink(JSON.stringify({ time: timeNow(), level, msg: text, ...safe }), level);
  let pairs = "";
  for (const name in safe) pairs += ` ${name}=${textValue(safe[name])}`;
  sink(`${timeNow()} ${level === "info" ? "INFO " : level === "warn" ? "WARN " : "ERROR"} ${text}${pairs}`, level);
}

// A line is one line: a newline in a message (an error's stack) is written as \n.
const write = (level: Level, message: string, fields: LogFields = {}) => line(level, maskText(message, known).replace(/\r?\n/g, "\\n"), fields);

export const log = {
  info: (message: string, fields?: LogFields) => write("info", message, fields),
  warn: (message: string, fields?: LogFields) => write("warn", message, fields),
  error: (message: string, fields?: LogFields) => write("error", message, fields),
  /**
   * A request's line: `GET /path` with the path masked (src/plugins/request-log.ts); in JSON the method and the path
   * are fields too, for journald's and Loki's filters.
   */
  request: (method: string, path: string, fields: LogFields & { status: number }) => {
    const safePath = maskPath(path, known);
    line(fields.status >= 500 ? "error" : "info", `${method} ${safePath}`, format === "json" ? { method, path: safePath, ...fields } : fields);
  },
};

/** LOG_FORMAT, the settings' secret values, and where lines go (tests collect them; the standard streams when null). */
export function configureLog(options: { format?: "text" | "json"; secrets?: readonly (string | undefined)[]; sink?: Sink | null }) {
  if (options.format) format = options.format;
  if (options.secrets) known = options.secrets;
  if (options.sink !== undefined) sink = options.sink ?? standardStreams;
}
