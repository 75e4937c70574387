// Headers every response carries (DESIGN.md, Headers), and the check of the Host every request makes first.
import { requestPath, unparsableRequest } from "@server/lib/request-url.ts";
import { Elysia } from "elysia";

/** The policy, allowing the inline stylesheets whose sha256 sources are given. */
function policy(styleHashes: string[]) {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // <style> elements only when they are ours, by hash; style="" attributes (React's style props, in the
    // server-rendered markup too) stay allowed. `style-src` is for browsers without the two directives below.
    "style-src 'self' 'unsafe-inline'",
    ["style-src-elem 'self'", ...styleHashes].join(" "),
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

/** The CSP source expression of a <style> element's text: `'sha256-…'` of its UTF-8 bytes, base64. */
export function styleHash(text: string): string {
  return `'sha256-${new Bun.CryptoHasher("sha256").update(text).digest("base64")}'`;
}

/** The CSP sources of the `<style>` elements of `html` (the built page shell, whose stylesheet the build inlines). */
export function inlineStyleHashes(html: string): string[] {
  return [...new Set([...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, text]) => styleHash(text ?? "")))];
}

/** The headers every answer carries (errors and 404s included), as Elysia's default headers. */
function securityHeaders(styleHashes: string[]): Record<string, string> {
  return {
    "Content-Security-Policy": policy(styleHashes),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  };
}

/**
 * The first thing every request meets: its security headers; a 400 when its URL does not parse (src/lib/request-url.ts:
 * a Host that is not a valid host[:port], from which no route may read a path); and the API's caching: admin answers
 * and a student's own (My practice, issue 40) are never stored (errors before any route included), public ones are
 * revalidated.
 */
/** The API's answers of one person: the admin's, and a signed-in student's. */
const PRIVATE_API = ["/api/admin/", "/api/practice"];

export const security = (styleHashes: string[]) =>
  new Elysia({ name: "security" }).headers(securityHeaders(styleHashes)).onRequest(({ request, set }) => {
    const path = requestPath(request);
    if (path === null) throw unparsableRequest();
    if (path.startsWith("/api/")) set.headers["cache-control"] = PRIVATE_API.some((prefix) => path.startsWith(prefix)) ? "no-store" : "no-cache";
  });
