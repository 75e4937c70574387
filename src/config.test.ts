import { describe, expect, test } from "bun:test";
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
