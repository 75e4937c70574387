import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { SETTINGS } from "./cli.ts";
import { loadConfig } from "./config.ts";

describe("SITE_TIMEZONE", () => {
  test("defaults to Australia/Melbourne", () => {
    expect(loadConfig({}).timezone).toBe("Australia/Melbourne");
  });

  test.each(["Europe/Berlin", "UTC", "America/Argentina/Buenos_Aires"])("accepts the canonical name %s", (zone) => {
    expect(loadConfig({ SITE_TIMEZONE: zone }).timezone).toBe(zone);
  });

  test.each(["US/Eastern", "GMT", "+10:00"])("accepts %s, which Intl accepts though it is not a canonical name", (zone) => {
    expect(loadConfig({ SITE_TIMEZONE: zone }).timezone).toBe(zone);
  });

  test.each(["Mars/Olympus", "Australia/Melbourn", "Melbourne"])("refuses %s", (zone) => {
    expect(() => loadConfig({ SITE_TIMEZONE: zone })).toThrow(`SITE_TIMEZONE is not a known time zone: "${zone}"`);
  });
});

describe(".env.example (issue 24 item 4)", () => {
  const example = readFileSync(join(import.meta.dir, "../.env.example"), "utf8");
  const names = (text: string, pattern: RegExp) => new Set([...text.matchAll(pattern)].flatMap((match) => match[1]!.split(", ")));

  test("lists every setting of --help and of the README's table", () => {
    const listed = Object.keys(parseEnv(example));
    const helpNames = names(SETTINGS, /^ {2}([A-Z_]+(?:, [A-Z_]+)*) /gm);
    const readme = readFileSync(join(import.meta.dir, "../README.md"), "utf8");
    const readmeNames = names(readme.slice(readme.indexOf("## Settings")), /^\| (`[A-Z_]+`(?:, `[A-Z_]+`)*) /gm);
    expect([...helpNames].sort()).toEqual(listed.filter((name) => name !== "WEB_DIST").sort());
    expect([...readmeNames].map((name) => name.replaceAll("`", "")).sort()).toEqual([...listed].sort());
  });

  test("its values are the defaults", () => {
    expect(loadConfig(parseEnv(example))).toEqual(loadConfig({}));
  });
});

describe("DOMAIN", () => {
  test("HTTPS on 443, challenges on 80, links on https://DOMAIN", () => {
    const config = loadConfig({ DOMAIN: "Example.org" });
    expect([config.domain, config.httpPort, config.httpsPort, config.siteUrl]).toEqual(["example.org", 80, 443, "https://example.org"]);
    expect(loadConfig({ DOMAIN: "example.org", HTTPS_PORT: "8443" }).siteUrl).toBe("https://example.org:8443");
  });

  test.each(["https://example.org", "example.org/", "exa mple.org", "-x.org"])("refuses %s", (domain) => {
    expect(() => loadConfig({ DOMAIN: domain })).toThrow(`DOMAIN must be a host name such as example.org, got "${domain}"`);
  });
});
