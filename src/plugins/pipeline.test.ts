// The request pipeline: headers on every answer, the build's files (compressed, cached), JSON 404s for the API.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { assetsFromDirectory } from "./web-assets.ts";

let t: TestApp;
beforeAll(async () => {
  const web = mkdtempSync(join(tmpdir(), "vedanta-web-"));
  writeFileSync(join(web, "index.html"), "<!doctype html><div id=root></div>");
  writeFileSync(join(web, "index-abcdef12.js"), "console.log(1)".repeat(200));
  writeFileSync(join(web, "index-abcdef12.js.gz"), gzipSync("console.log(1)".repeat(200)));
  const webAssets = await assetsFromDirectory(web);
  t = await createTestApp({ webAssets, env: { CORS_ORIGINS: "https://friend.example" } });
});
afterAll(() => t.cleanup());

const get = (path: string, headers: Record<string, string> = {}) => t.request("GET", path, { headers });

describe("headers", () => {
  test("every kind of answer carries the security headers", async () => {
    for (const path of [
      "/",
      "/admin",
      "/index-abcdef12.js",
      "/api/profile",
      "/api/nothing",
      "/api/admin/messages",
      "/healthz",
      "/uploads/nothing.jpg",
    ]) {
      const response = await get(path);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBeTruthy();
    }
  });

  test("admin answers are never cached", async () => {
    const token = await t.login();
    const response = await t.request("GET", "/api/admin/messages", { token });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  test("CORS: a listed origin is allowed, any other gets no allow-origin", async () => {
    expect((await get("/api/profile", { origin: "https://friend.example" })).headers.get("access-control-allow-origin")).toBe(
      "https://friend.example",
    );
    expect((await get("/api/profile", { origin: "https://evil.example" })).headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("web files", () => {
  test("a hashed asset is immutable and sent compressed when accepted", async () => {
    const response = await get("/index-abcdef12.js", { "accept-encoding": "gzip, deflate" });
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    const plain = await get("/index-abcdef12.js", { "accept-encoding": "identity" });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toStartWith("console.log(1)");
  });

  test("the app's pages get the app shell; any other page path gets it too, with status 404 (it shows the 404 page)", async () => {
    for (const [path, status] of [
      ["/", 200],
      ["/admin", 200],
      ["/admin/", 200],
      ["/some/page", 404],
      ["/admin/x", 404],
    ] as const) {
      const response = await get(path);
      expect(`${path} ${response.status}`).toBe(`${path} ${status}`);
      expect(await response.text()).toContain("<div id=root>");
    }
  });

  test("unknown files, dotfiles and traversal are 404, never a file outside the build", async () => {
    for (const path of ["/missing.js", "/.env", "/../package.json", "/%2e%2e/package.json", "/..%2fpackage.json", "/db/schema.ts", "/src/main.ts"]) {
      const response = await get(path);
      const text = await response.text();
      expect(text).not.toContain('"dependencies"');
      expect(text).not.toContain("sqliteTable");
      if (/\.\w+$/.test(path)) expect(response.status).toBe(404);
    }
  });

  test("unknown API paths answer a JSON 404", async () => {
    const response = await get("/api/no-such-thing");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found" });
  });

  test("only GET and HEAD reach the web files", async () => {
    expect((await t.request("POST", "/")).status).toBe(405);
  });
});
