// Headers every response carries (DESIGN.md, Headers).

/** sha256 sources of the inline stylesheets the pages may carry (the build inlines the CSS into index.html). */
const inlineStyleHashes = new Set<string>();

function policy() {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // <style> elements only when they are ours, by hash; style="" attributes (React's style props, in the
    // server-rendered markup too) stay allowed. `style-src` is for browsers without the two directives below.
    "style-src 'self' 'unsafe-inline'",
    ["style-src-elem 'self'", ...inlineStyleHashes].join(" "),
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

let contentSecurityPolicy = policy();

/** The CSP source expression of a <style> element's text: `'sha256-…'` of its UTF-8 bytes, base64. */
export function styleHash(text: string): string {
  return `'sha256-${new Bun.CryptoHasher("sha256").update(text).digest("base64")}'`;
}

/** Lets the `<style>` elements of `html` (the built page shell) through the CSP, by their hashes. */
export function allowInlineStyles(html: string): void {
  const before = inlineStyleHashes.size;
  for (const [, text] of html.matchAll(/<style>([\s\S]*?)<\/style>/g)) inlineStyleHashes.add(styleHash(text!));
  if (inlineStyleHashes.size !== before) contentSecurityPolicy = policy();
}

export function applySecurityHeaders(response: Response, pathname: string, corsOrigin: string | null): Response {
  const headers = response.headers;
  headers.set("Content-Security-Policy", contentSecurityPolicy);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (pathname.startsWith("/api/admin")) headers.set("Cache-Control", "no-store");
  else if (pathname.startsWith("/api/") && !headers.has("Cache-Control")) headers.set("Cache-Control", "no-cache");
  if (corsOrigin) {
    headers.set("Access-Control-Allow-Origin", corsOrigin);
    headers.set("Access-Control-Allow-Credentials", "true");
    headers.append("Vary", "Origin");
  }
  return response;
}
