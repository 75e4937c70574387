// Credentials given in settings (a token in GIT_REMOTE_URL or in GIT_TOKEN) never reach a log line, an API answer or
// the browser: every text that could carry one passes through maskCredentials, the one place that decides.

const MASK = "***";
// The user-info part of an http(s) URL: `https://user:token@host/...`.
const URL_USER_INFO = /\b(https?:\/\/)[^\s/?#@]*@/gi;

/**
 * `text` with the user info of every http(s) URL in it removed and each secret (as written and URL-encoded) replaced
 * by `***`. Secrets shorter than 4 characters are left alone: masking
 * them would garble ordinary words without hiding anything worth a guess.
 */
export function maskCredentials(text: string, secrets: readonly (string | undefined)[] = []): string {
  let masked = text.replace(URL_USER_INFO, "$1");
  for (const secret of secrets) {
    if (!secret || secret.length < 4) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) masked = masked.split(form).join(MASK);
  }
  return masked;
}

/** A remote's address as it may be shown: scheme, host and path only (`https://host/owner/repo.git`). */
export function maskUrl(url: string): string {
  try {
    const { protocol, host, pathname } = new URL(url);
    return `${protocol}//${host}${pathname}`;
  } catch {
    return maskCredentials(url.replace(/[?#].*$/, ""));
  }
}
