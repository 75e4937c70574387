import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseEnv } from "node:util";
import { SETTINGS } from "./cli.ts";
import { loadConfig, SettingError, settingSecrets } from "./config.ts";

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

describe("ADMIN_EMAIL (issue 30)", () => {
  test("an address, lower-cased; unset is none", () => {
    expect(loadConfig({ ADMIN_EMAIL: " Swami@Example.org " }).adminEmail).toBe("swami@example.org");
    expect(loadConfig({}).adminEmail).toBeUndefined();
  });

  test("anything else is refused, naming the setting", () => {
    expect(() => loadConfig({ ADMIN_EMAIL: "swami" })).toThrow('ADMIN_EMAIL must be an e-mail address, got "swami"');
  });
});

describe(".env.example (issue 24 item 4)", () => {
  const example = readFileSync(join(import.meta.dir, "../.env.example"), "utf8");
  const names = (text: string, pattern: RegExp) => new Set([...text.matchAll(pattern)].flatMap((match) => match[1]!.split(", ")));

  test("lists every setting of --help and of the README's table", () => {
    const listed = Object.keys(parseEnv(example));
    const helpNames = names(SETTINGS, /^ {2}([A-Z0-9_]+(?:, [A-Z0-9_]+)*)(?: |$)/gm);
    const readme = readFileSync(join(import.meta.dir, "../README.md"), "utf8");
    const readmeNames = names(readme.slice(readme.indexOf("## Settings")), /^\| (`[A-Z0-9_]+`(?:, `[A-Z0-9_]+`)*) /gm);
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

const TOKEN = "ghp_abcdefghijklmnopqrstuvwxyz012345";

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

  test("a password that is not valid percent-encoding is taken as written (no crash at start)", () => {
    const remote = loadConfig({ GIT_REMOTE_URL: "https://me:pa%zz-word@github.com/o/r.git" }).gitRemote!;
    expect(remote.authorization).toBe(`Basic ${Buffer.from("me:pa%zz-word").toString("base64")}`);
    expect(remote.secrets).toContain("pa%zz-word");
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

describe("payments (issue 32)", () => {
  test("off without STRIPE_SECRET_KEY; aud, a 30-minute hold and refunds until 7 days before by default", () => {
    expect(loadConfig({}).payments).toEqual({
      stripe: undefined,
      currency: "aud",
      holdMinutes: 30,
      refundUntilDays: 7,
      orgName: undefined,
      orgAbn: undefined,
      donationsDeductible: false,
      methods: ["card"],
    });
  });

  test("PAYMENT_METHODS: Checkout's methods, card unless set; anything else stops the start", () => {
    expect(loadConfig({ PAYMENT_METHODS: "card, au_becs_debit" }).payments.methods).toEqual(["card", "au_becs_debit"]);
    expect(() => loadConfig({ PAYMENT_METHODS: "card;drop table" })).toThrow("PAYMENT_METHODS must be Stripe's payment method names");
  });

  test("issue 37 item 7: a live key is never sent in clear to another host (STRIPE_API_BASE http:// off loopback)", () => {
    const live = { STRIPE_SECRET_KEY: "sk_live_abcdefghijklmnop", STRIPE_WEBHOOK_SECRET: "whsec_abcdefghijkl" };
    const refused = "STRIPE_API_BASE must be https:// (or http:// on a loopback address) with a live key: the key would go in clear";
    expect(() => loadConfig({ ...live, STRIPE_API_BASE: "http://stripe.example.org" })).toThrow(refused);
    expect(() => loadConfig({ ...live, STRIPE_API_BASE: "http://10.0.0.5:12111" })).toThrow(refused);
    for (const base of ["https://stripe.example.org", "http://127.0.0.1:12111", "http://localhost:12111", "http://[::1]:12111"])
      expect(loadConfig({ ...live, STRIPE_API_BASE: base }).payments.stripe?.apiBase?.href).toStartWith(base);
    // A test key may go to a test server anywhere.
    expect(
      loadConfig({ ...live, STRIPE_SECRET_KEY: "sk_test_abcdefghijklmnop", STRIPE_API_BASE: "http://10.0.0.5:12111" }).payments.stripe,
    ).toBeDefined();
  });

  test("the key without the webhook's secret stops the start, naming neither value", () => {
    const key = "sk_test_abcdefghijklmnop";
    const start = () => loadConfig({ STRIPE_SECRET_KEY: key });
    expect(start).toThrow("STRIPE_WEBHOOK_SECRET (whsec_…, the webhook's signing secret) is required with STRIPE_SECRET_KEY");
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "pk_test_public" })).toThrow("STRIPE_SECRET_KEY must be a Stripe secret key");
  });

  test("STRIPE_API_BASE: host, port and protocol for the SDK; both secrets are masked in every log line", () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: "sk_test_abcdefghijklmnop",
      STRIPE_WEBHOOK_SECRET: "whsec_abcdefghijkl",
      STRIPE_API_BASE: "http://127.0.0.1:12111",
    });
    expect(config.payments.stripe?.apiBase?.host).toBe("127.0.0.1:12111");
    expect(settingSecrets(config)).toContain("sk_test_abcdefghijklmnop");
    expect(settingSecrets(config)).toContain("whsec_abcdefghijkl");
    expect(() => loadConfig({ PAYMENT_HOLD_MINUTES: "10" })).toThrow("PAYMENT_HOLD_MINUTES must be a whole number from 30");
  });

  test("CLASS_REMINDER_MINUTES: 60 unless set, 5 to 1440 (issue 39)", () => {
    expect(loadConfig({}).classReminderMinutes).toBe(60);
    expect(loadConfig({ CLASS_REMINDER_MINUTES: "15" }).classReminderMinutes).toBe(15);
    for (const wrong of ["4", "1441", "2.5", "soon"])
      expect(() => loadConfig({ CLASS_REMINDER_MINUTES: wrong })).toThrow("CLASS_REMINDER_MINUTES must be a whole number from 5 to 1440");
  });

  test("WAITLIST_AUTO_HOURS: 8 unless set, 0 to 168 (issue 40)", () => {
    expect(loadConfig({}).waitlistAutoHours).toBe(8);
    expect(loadConfig({ WAITLIST_AUTO_HOURS: "0" }).waitlistAutoHours).toBe(0);
    for (const wrong of ["-1", "169", "2.5", "soon"])
      expect(() => loadConfig({ WAITLIST_AUTO_HOURS: wrong })).toThrow("WAITLIST_AUTO_HOURS must be a whole number from 0 to 168");
  });

  test("CLASS_CANCEL_HOURS: 12 unless set, 0 to 168 (issue 39)", () => {
    expect(loadConfig({}).classCancelHours).toBe(12);
    expect(loadConfig({ CLASS_CANCEL_HOURS: "0" }).classCancelHours).toBe(0);
    for (const wrong of ["-1", "169", "1.5", "soon"])
      expect(() => loadConfig({ CLASS_CANCEL_HOURS: wrong })).toThrow("CLASS_CANCEL_HOURS must be a whole number from 0 to 168");
  });

  test("CLASS_BOOKING_WEEKS: 8 unless set, 1 to 13 (issue 39)", () => {
    expect(loadConfig({}).classBookingWeeks).toBe(8);
    expect(loadConfig({ CLASS_BOOKING_WEEKS: "13" }).classBookingWeeks).toBe(13);
    for (const wrong of ["0", "14", "six", "2.5"])
      expect(() => loadConfig({ CLASS_BOOKING_WEEKS: wrong })).toThrow("CLASS_BOOKING_WEEKS must be a whole number from 1 to 13");
  });
});
