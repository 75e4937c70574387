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

describe("off-site backups and the schedule (issue 21)", () => {
  const RECIPIENT = "age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p";

  test("off without S3_BUCKET; 7 daily, 4 weekly, 12 monthly by default", () => {
    const config = loadConfig({});
    expect(config.offsite).toBeUndefined();
    expect(config.backupKeep).toEqual({ daily: 7, weekly: 4, monthly: 12 });
  });

  test("S3_BUCKET and its companions; the prefix ends in one slash", () => {
    const config = loadConfig({
      S3_BUCKET: "site",
      S3_ENDPOINT: "https://s3.example.org",
      S3_REGION: "eu-central-1",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      BACKUP_S3_PREFIX: "/vedanta",
      BACKUP_AGE_RECIPIENT: RECIPIENT,
      BACKUP_KEEP_DAILY: "14",
      BACKUP_KEEP_WEEKLY: "0",
      BACKUP_KEEP_MONTHLY: "24",
    });
    expect(config.offsite).toEqual({
      bucket: "site",
      endpoint: "https://s3.example.org",
      region: "eu-central-1",
      accessKeyId: "id",
      secretAccessKey: "secret",
      prefix: "vedanta/",
      recipient: RECIPIENT,
      identityFile: undefined,
    });
    expect(config.backupKeep).toEqual({ daily: 14, weekly: 0, monthly: 24 });
    expect(loadConfig({ S3_BUCKET: "site" }).offsite?.prefix).toBe("backups/");
  });

  test.each([
    [{ BACKUP_AGE_RECIPIENT: "AGE-SECRET-KEY-1QQQ" }, "BACKUP_AGE_RECIPIENT must be an age public key"],
    [{ BACKUP_AGE_RECIPIENT: "ssh-ed25519 AAAA" }, "BACKUP_AGE_RECIPIENT must be an age public key"],
    [{ S3_BUCKET: "site", S3_ENDPOINT: "s3.example.org" }, "S3_ENDPOINT must be an http(s) URL"],
    [{ BACKUP_KEEP_DAILY: "-1" }, 'BACKUP_KEEP_DAILY must be a whole number (0 or more), got "-1"'],
    [{ BACKUP_KEEP_MONTHLY: "many" }, 'BACKUP_KEEP_MONTHLY must be a whole number (0 or more), got "many"'],
  ])("refuses %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
