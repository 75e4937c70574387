import { describe, expect, test } from "bun:test";
import { loadConfig, SettingError } from "@server/config.ts";
import { maskCredentials, maskUrl } from "./credentials.ts";

const TOKEN = "ghp_abcdefghijklmnopqrstuvwxyz012345";

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

describe("maskCredentials", () => {
  test("removes the user info of every URL and each secret, as written and URL-encoded", () => {
    const secret = "s3cr3t/with+chars";
    const text = `fetch https://me:${TOKEN}@host/a.git failed; token ${TOKEN}; ${encodeURIComponent(secret)} and ${secret}`;
    const masked = maskCredentials(text, [TOKEN, secret]);
    expect(masked).toBe("fetch https://host/a.git failed; token ***; *** and ***");
  });

  test("short values are left alone (they would garble words, hiding nothing)", () => {
    expect(maskCredentials("a git remote", ["git"])).toBe("a git remote");
  });
});

describe("GIT_REMOTE_URL, GIT_TOKEN, GIT_BRANCH", () => {
  test("credentials in the URL: kept apart from the URL, which carries none", () => {
    const remote = loadConfig({ GIT_REMOTE_URL: `https://teacher:${TOKEN}@github.com/owner/repo.git` }).gitRemote!;
    expect(remote.url).toBe("https://github.com/owner/repo.git");
    expect(remote.authorization).toBe(`Basic ${Buffer.from(`teacher:${TOKEN}`).toString("base64")}`);
    expect(remote.secrets).toContain(TOKEN);
  });

  test("a token as the URL's user name is a secret too", () => {
    const remote = loadConfig({ GIT_REMOTE_URL: `https://${TOKEN}@github.com/owner/repo.git` }).gitRemote!;
    expect(remote.url).toBe("https://github.com/owner/repo.git");
    expect(remote.secrets).toContain(TOKEN);
  });

  test("GIT_TOKEN goes with the URL's user, or x-access-token", () => {
    expect(loadConfig({ GIT_REMOTE_URL: "https://github.com/o/r.git", GIT_TOKEN: TOKEN }).gitRemote!.authorization).toBe(
      `Basic ${Buffer.from(`x-access-token:${TOKEN}`).toString("base64")}`,
    );
    expect(loadConfig({ GIT_REMOTE_URL: "https://me@github.com/o/r.git", GIT_TOKEN: TOKEN }).gitRemote!.authorization).toBe(
      `Basic ${Buffer.from(`me:${TOKEN}`).toString("base64")}`,
    );
  });

  test("no remote and the default branch when unset", () => {
    const config = loadConfig({});
    expect(config.gitRemote).toBeUndefined();
    expect(config.gitBranch).toBe("main");
    expect(loadConfig({ GIT_BRANCH: "site/data" }).gitBranch).toBe("site/data");
  });

  test.each([`ssh://git:${TOKEN}@host/repo.git`, `file:///srv/${TOKEN}/repo.git`, `not a url ${TOKEN}`, `https://:${TOKEN}@/x`])(
    "refuses %s without repeating a credential",
    (url) => {
      let error: unknown;
      try {
        loadConfig({ GIT_REMOTE_URL: url });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(SettingError);
      expect((error as Error).message).toStartWith("GIT_REMOTE_URL must be an http(s) URL");
      expect((error as Error).message).not.toContain(TOKEN);
    },
  );

  test.each(["-x", "a..b", "main.lock", "/main", "a b", "x//y"])("refuses the branch %s", (branch) => {
    expect(() => loadConfig({ GIT_BRANCH: branch })).toThrow(`GIT_BRANCH must be a branch name such as main, got "${branch}"`);
  });
});
