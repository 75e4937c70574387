// The logger's lines and its one masking rule (issue 24 item 2): what is secret never reaches a line, whoever calls.
import { afterEach, describe, expect, test } from "bun:test";
import { loadConfig, settingSecrets } from "@server/config.ts";
import { configureLog, log } from "./log.ts";

const lines: string[] = [];
configureLog({ sink: (line) => lines.push(line) });
afterEach(() => {
  lines.length = 0;
  configureLog({ format: "text" });
});

describe("lines", () => {
  test("text: time, level, message and key=value fields, one line", () => {
    log.warn("Sign-in failed", { ip: "192.0.2.1", username: "a b\nc" });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z WARN {2}Sign-in failed ip=192\.0\.2\.1 username="a b\\nc"$/);
  });

  test("json: one object a line", () => {
    configureLog({ format: "json" });
    log.info("Listening", { port: 3000 });
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(Object.keys(line)).toEqual(["time", "level", "msg", "port"]);
    expect(line).toMatchObject({ level: "info", msg: "Listening", port: 3000 });
  });

  test.each(["text", "json"] as const)("%s: secrets of every kind are masked, in messages and fields", (format) => {
    configureLog({ format });
    const secrets = {
      password: "pw-Hunter2-secret",
      token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl",
      cookie: "vedanta_device=cookie-value-77",
      smtp: "smtp-pass-99",
      git: "ghp_gitRemoteToken123",
      s3: "s3-secret-access-key-abc",
      code: "918273",
      unsubscribe: "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_ABCDE",
    };
    log.info("Mail transport ready", { smtpUrl: `smtps://hello%40example.org:${secrets.smtp}@mail.example.org:465` });
    log.error(`push to https://git:${secrets.git}@git.example.org/site.git failed`, { remote: `https://git:${secrets.git}@git.example.org/x.git` });
    log.info("Off-site backup", { endpoint: "https://s3.example.org", secretAccessKey: secrets.s3, note: `S3_SECRET_ACCESS_KEY=${secrets.s3}` });
    log.warn("Token refused", { authorization: `Bearer ${secrets.token}`, header: `Bearer ${secrets.token}` });
    log.info("request", { cookie: secrets.cookie, password: secrets.password, newPassword: secrets.password, code: secrets.code });
    log.info(`GET /api/newsletter/unsubscribe?id=3&token=${secrets.unsubscribe}`, {
      link: `https://example.org/?newsletter=unsubscribe&id=3&token=${secrets.unsubscribe}`,
    });
    log.info(`POST /cancel/${secrets.unsubscribe}`, { path: `/api/registrations/cancel?code=${secrets.code}` });
    const all = lines.join("\n");
    for (const [kind, secret] of Object.entries(secrets)) expect({ kind, found: all.includes(secret) }).toEqual({ kind, found: false });
    expect(all).toContain("mail.example.org");
    expect(all).toContain("git.example.org");
  });

  test("the settings' secret values are masked wherever they appear, even where nothing around them looks secret", () => {
    const config = loadConfig({
      SMTP_URL: "smtp://mailer:smtp%2Fpass-42@mail.example.org:587",
      MAIL_FROM: "Site <site@example.org>",
      GIT_REMOTE_URL: "https://git.example.org/site.git",
      GIT_TOKEN: "gitTokenValue-7",
      S3_BUCKET: "backups",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLEKEYID",
      S3_SECRET_ACCESS_KEY: "s3SecretValue-9",
    });
    configureLog({ secrets: settingSecrets(config) });
    // A password that is not valid percent-encoding is masked as written, and stops nothing.
    expect(settingSecrets(loadConfig({ SMTP_URL: "smtp://u:pa%zz-word@h:587", MAIL_FROM: "a@b.c" }))).toContain("pa%zz-word");
    log.error("the server said: smtp/pass-42 gitTokenValue-7 AKIAEXAMPLEKEYID s3SecretValue-9", { said: "s3SecretValue-9" });
    log.request("GET", "/x/gitTokenValue-7", { status: 200 });
    configureLog({ secrets: [] });
    expect(lines.join("\n")).not.toMatch(/smtp\/pass-42|gitTokenValue-7|AKIAEXAMPLEKEYID|s3SecretValue-9/);
  });

  test("a request's line: its path masked, its level by its status", () => {
    log.request("GET", "/api/newsletter/confirm?code=123456&id=9", { status: 200, ms: 1.5, bytes: 12, ip: "192.0.2.7", id: "abc" });
    log.request("POST", "/api/contact", { status: 503, ip: "2001:db8::1" });
    expect(lines[0]).toMatch(/ INFO {2}GET \/api\/newsletter\/confirm\?code=\*\*\*&id=9 status=200 ms=1\.5 bytes=12 ip=192\.0\.2\.7 id=abc$/);
    expect(lines[1]).toMatch(/ ERROR POST \/api\/contact status=503 ip=2001:db8::1$/);
  });

  test("json: a request's line carries its method, path and status as fields of their own (issue 30)", () => {
    configureLog({ format: "json" });
    log.request("GET", "/api/newsletter/confirm?code=123456&id=9", { status: 303, ms: 1.5, bytes: 0, ip: "192.0.2.7", id: "abc" });
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(Object.keys(line)).toEqual(["time", "level", "msg", "method", "path", "status", "ms", "bytes", "ip", "id"]);
    expect(line).toMatchObject({
      level: "info",
      msg: "GET /api/newsletter/confirm?code=***&id=9",
      method: "GET",
      path: "/api/newsletter/confirm?code=***&id=9",
      status: 303,
    });
  });
});
