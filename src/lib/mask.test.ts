// The one place that decides what is secret (src/lib/mask.ts): log lines, API answers and errors shown to the admin.
import { describe, expect, test } from "bun:test";
import { maskPath, maskText, maskUrl } from "./mask.ts";

const TOKEN = "ghp_abcdefghijklmnopqrstuvwxyz012345";

describe("maskPath", () => {
  test.each([
    ["/api/newsletter/unsubscribe?id=4&token=abcDEF123", "/api/newsletter/unsubscribe?id=4&token=***"],
    ["/?newsletter=unsubscribe&id=4&token=x_y-z", "/?newsletter=unsubscribe&id=4&token=***"],
    ["/api/newsletter/confirm?code=123456&id=9", "/api/newsletter/confirm?code=***&id=9"],
    ["/cancel/Q2FuY2VsLXRva2VuLTAxMjM0NTY3ODlhYmNkZWZnaGlq", "/cancel/***"],
    ["/api/events?limit=3", "/api/events?limit=3"],
    ["/assets/index-a5stwb0g.js", "/assets/index-a5stwb0g.js"],
    ["/x?Password=hunter2&API_KEY=k", "/x?Password=***&API_KEY=***"],
  ])("%s -> %s", (path, masked) => {
    expect(maskPath(path)).toBe(masked);
  });
});

describe("maskUrl", () => {
  test.each([
    [`https://teacher:${TOKEN}@github.com/owner/repo.git`, "https://github.com/owner/repo.git"],
    [`https://${TOKEN}@github.com/owner/repo.git`, "https://github.com/owner/repo.git"],
    [`https://oauth2:${encodeURIComponent("p@ss:word/x")}@gitlab.example.org:8443/a/b.git`, "https://gitlab.example.org:8443/a/b.git"],
    [`https://host/repo.git?access_token=${TOKEN}#frag`, "https://host/repo.git"],
    ["http://127.0.0.1:9000/site.git", "http://127.0.0.1:9000/site.git"],
  ])("%s → %s", (url, shown) => {
    expect(maskUrl(url)).toBe(shown);
  });

  test("an unparsable URL loses its user info too", () => {
    expect(maskUrl(`https://user:${TOKEN}@[bad/x`)).not.toContain(TOKEN);
  });
});

describe("maskText", () => {
  test("Stripe's secret keys and webhook secrets, wherever they are typed (issue 32)", () => {
    expect(maskText("Stripe said: Invalid API Key provided: sk_live_51HabcDEF123 (whsec_XYZ789abc also set)")).toBe(
      "Stripe said: Invalid API Key provided: *** (*** also set)",
    );
    expect(maskText("rk_test_abc123 and pk_test_public stay")).toBe("*** and pk_test_public stay");
  });

  test("masks the user info of every URL and each known secret, as written and URL-encoded", () => {
    const secret = "s3cr3t/with+chars";
    const text = `fetch https://me:${TOKEN}@host/a.git failed; token ${TOKEN}; ${encodeURIComponent(secret)} and ${secret}`;
    const masked = maskText(text, [TOKEN, secret]);
    expect(masked).toBe("fetch https://***@host/a.git failed; token ***; *** and ***");
  });

  test("short values are left alone (they would garble words, hiding nothing)", () => {
    expect(maskText("a git remote", ["git"])).toBe("a git remote");
  });
});
