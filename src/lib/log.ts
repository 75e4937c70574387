// The server's one logger: a line per event with its time, level, message and fields, as text for a person (the
// default) or one JSON object a line (LOG_FORMAT=json) for journald, Loki and friends. Every field and message goes
// through `mask`, the one place that decides what is secret, so that no password, token, code, cookie or credential
// in a URL reaches a line, whoever calls.

type Level = "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

const MASK = "***";
/** Field names whose values are secret whatever they hold. */
const SECRET_NAME = /pass(word)?|secret|token|cookie|authori[sz]ation|credential|api.?key|^key$|^code$|otp|signature|^sig$|hmac/i;
/** Query parameters whose values are secret: tokens, codes and keys in links (unsubscribe, confirm, cancel, sign-in). */
const SECRET_PARAM = /^(token|code|key|api_?key|password|secret|signature|sig|hmac|auth|access_token|id_token|refresh_token|otp|ticket|state)$/i;
/** `scheme://user:password@`: a URL's user part, which holds credentials (SMTP_URL, GIT_REMOTE_URL's token, S3). */
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]+@/gi;
/** A path segment that is a random token (an HMAC or a key in base64url or hex), never a route's own name. */
const TOKEN_SEGMENT = /(?<=\/)[A-Za-z0-9_-]{32,}(?=\/|$|\?)/g;
/** `Bearer abc`, `Basic abc` and secrets written as `name=value` in a free text. */
const AUTH_SCHEME = /\b(Bearer|Basic)\s+[^\s,;]+/gi;
const ASSIGNMENT = /\b([\w-]*(?:pass(?:word)?|secret|token|api[_-]?key|access[_-]?key|code|cookie))(["']?\s*[=:]\s*["']?)[^\s"'&,;]+/gi;

/** A path with its query's secret parameters and token-like segments masked (`/x?token=***&id=3`). */
export function maskPath(path: string): string {
  const query = path.indexOf("?");
  const pathname = path.slice(0, query < 0 ? undefined : query).replace(TOKEN_SEGMENT, MASK);
  if (query < 0) return pathname;
  const params = path
    .slice(query + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = decodeURIComponentSafe(equals < 0 ? pair : pair.slice(0, equals));
      return equals >= 0 && (SECRET_PARAM.test(name) || SECRET_NAME.test(name)) ? `${pair.slice(0, equals)}=${MASK}` : pair;
    });
  return `${pathname}?${params.join("&")}`;
}

/** Free text with credentials in URLs, auth headers, `name=value` secrets and secret query parameters masked. */
function maskText(text: string): string {
  return text
    .replace(URL_USERINFO, `$1${MASK}@`)
    .replace(AUTH_SCHEME, `$1 ${MASK}`)
    .replace(ASSIGNMENT, `$1$2${MASK}`)
    .replace(/(\/[^\s"'<>]*\?[^\s"'<>]*)/g, (url) => maskPath(url))
    .replace(/(?<=[\s"'(]|^)(\/[^\s"'<>?]*)/g, (path) => path.replace(TOKEN_SEGMENT, MASK));
}

/** A field's value made safe for a line: secret names hide their value, text is masked, errors keep their message. */
function mask(name: string, value: unknown): unknown {
  if (value === undefined || value === null) return value;
  if (SECRET_NAME.test(name)) return MASK;
  if (typeof value === "string") return name === "path" ? maskPath(value) : maskText(value);
  if (value instanceof Error) return maskText(value.message);
  if (typeof value === "object") return maskText(JSON.stringify(value));
  return value;
}

/** An error for a line: its message and where it was thrown (the stack's paths and lines, never its values). */
export const errorText = (error: unknown): string => (error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error));

let format: "text" | "json" = "text";
type Sink = (line: string, level: Level) => void;
const standardStreams: Sink = (line, level) => (level === "info" ? process.stdout : process.stderr).write(`${line}\n`);
let sink: Sink = standardStreams;

/** A text value quoted when it has spaces or quotes, so that `key=value` pairs stay apart. */
const textValue = (value: unknown) => {
  const text = String(value);
  return text === "" || /[\s"=]/.test(text) ? JSON.stringify(text) : text;
};

function write(level: Level, message: string, fields: LogFields = {}) {
  const time = new Date().toISOString();
  const safe: LogFields = {};
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) safe[name] = mask(name, value);
  // A line is one line: a newline in a message (an error's stack) is written as \n.
  const text = maskText(message).replace(/\r?\n/g, "\\n");
  if (format === "json") return sink(JSON.stringify({ time, level, msg: text, ...safe }), level);
  const pairs = Object.entries(safe).map(([name, value]) => ` ${name}=${textValue(value)}`);
  sink(`${time} ${level.toUpperCase().padEnd(5)} ${text}${pairs.join("")}`, level);
}

export const log = {
  info: (message: string, fields?: LogFields) => write("info", message, fields),
  warn: (message: string, fields?: LogFields) => write("warn", message, fields),
  error: (message: string, fields?: LogFields) => write("error", message, fields),
};

/** LOG_FORMAT, and where lines go (tests collect them); the standard streams when no sink is given. */
export function configureLog(options: { format?: "text" | "json"; sink?: Sink | null }) {
  if (options.format) format = options.format;
  if (options.sink !== undefined) sink = options.sink ?? standardStreams;
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
