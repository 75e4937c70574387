// What is secret, decided in one place (issues 21 and 24): every text that leaves the server (a log line, an API
// answer, an error shown to the admin) passes through here. Two kinds: what looks secret wherever it is (a URL's user
// part, a bearer value, `password=…`, a token in a query or a path), and the values known to be secret from the
// settings (GIT_TOKEN, the S3 keys, SMTP's password), masked as written and URL-encoded wherever they appear.

export const MASK = "***";
/** Field names whose values are secret whatever they hold. */
export const SECRET_NAME = /pass(word)?|secret|token|cookie|authori[sz]ation|credential|api.?key|^key$|^code$|otp|signature|^sig$|hmac/i;
/** Query parameters whose values are secret: tokens, codes and keys in links (unsubscribe, confirm, cancel, sign-in). */
const SECRET_PARAM = /^(token|code|key|api_?key|password|secret|signature|sig|hmac|auth|access_token|id_token|refresh_token|otp|ticket|state)$/i;
/** `scheme://user:password@`: a URL's user part, which holds credentials (SMTP_URL, GIT_REMOTE_URL's token, S3). */
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]+@/gi;
/** A path segment that is a random token (an HMAC or a key in base64url or hex), never a route's own name. */
const TOKEN_SEGMENT = /(?<=\/)[A-Za-z0-9_-]{32,}(?=\/|$|\?)/g;
/** `Bearer abc`, `Basic abc` and secrets written as `name=value` in a free text. */
const AUTH_SCHEME = /\b(Bearer|Basic)\s+[^\s,;]+/gi;
const ASSIGNMENT = /\b([\w-]*(?:pass(?:word)?|secret|token|api[_-]?key|access[_-]?key|code|cookie))(["']?\s*[=:]\s*["']?)[^\s"'&,;]+/gi;
/** Stripe's secret keys and webhook signing secrets (issue 32), whoever typed them where. */
const STRIPE_SECRET = /\b(?:(?:sk|rk)_(?:live|test)|whsec)_[A-Za-z0-9]+/g;
/** Every pattern above needs one of these: a text without any is left as it is, at the cost of one test. */
const MAY_HOLD_SECRET = /[:=/]|bearer|basic|[sr]k_(?:live|test)|whsec_/i;
/** Shorter known values are left alone: masking them would garble ordinary words without hiding anything worth a guess. */
const SHORTEST_KNOWN = 4;

/** Each known value's forms to look for, worked out once per list (the logger's list serves every line). */
const formsOf = new WeakMap<readonly (string | undefined)[], string[]>();
function forms(known: readonly (string | undefined)[]): string[] {
  let found = formsOf.get(known);
  if (!found) {
    const values = known.filter((secret): secret is string => !!secret && secret.length >= SHORTEST_KNOWN);
    found = [...new Set(values.flatMap((secret) => [secret, encodeURIComponent(secret)]))];
    formsOf.set(known, found);
  }
  return found;
}

/** `text` with each of the `known` secret values masked, as written and URL-encoded. */
function maskKnown(text: string, known: readonly (string | undefined)[]): string {
  if (known.length === 0) return text;
  let masked = text;
  for (const form of forms(known)) if (masked.includes(form)) masked = masked.split(form).join(MASK);
  return masked;
}

/** A path with its query's secret parameters, token-like segments and `known` values masked (`/x?token=***&id=3`). */
export function maskPath(text: string, known: readonly (string | undefined)[] = []): string {
  const path = maskKnown(text, known);
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

/**
 * Free text with credentials in URLs, auth headers, `name=value` secrets, secret query parameters and token-like path
 * segments masked, and each of the `known` secret values too (as written and URL-encoded).
 */
export function maskText(text: string, known: readonly (string | undefined)[] = []): string {
  const masked = maskKnown(text, known);
  if (!MAY_HOLD_SECRET.test(masked)) return masked;
  return masked
    .replace(STRIPE_SECRET, MASK)
    .replace(URL_USERINFO, `$1${MASK}@`)
    .replace(AUTH_SCHEME, `$1 ${MASK}`)
    .replace(ASSIGNMENT, `$1$2${MASK}`)
    .replace(/(\/[^\s"'<>]*\?[^\s"'<>]*)/g, (url) => maskPath(url))
    .replace(/(?<=[\s"'(]|^)(\/[^\s"'<>?]*)/g, (path) => path.replace(TOKEN_SEGMENT, MASK));
}

/** A remote's address as it may be shown: scheme, host and path only (`https://host/owner/repo.git`). */
export function maskUrl(url: string): string {
  try {
    const { protocol, host, pathname } = new URL(url);
    return `${protocol}//${host}${pathname}`;
  } catch {
    return maskText(url.replace(/[?#].*$/, ""));
  }
}

/** `text` decoded, or as it is when it is not valid percent-encoding. */
export function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
