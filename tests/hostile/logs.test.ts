// Issue 24 item 2: the real server's log, in both formats. Every kind of secret goes through it (passwords, tokens,
// the device cookie, the mails' confirm and unsubscribe links, SMTP_URL's credentials) and none is in any line; the
// security events are there at warn; and docs/operations.md's fail2ban filter finds exactly the failed sign-ins' IPs
// (with Debian's fail2ban-regex too, where it is installed).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { apiToken } from "../e2e/admin-helpers.ts";
import { type SmtpServer, startSmtpServer } from "../support/smtp.ts";
import { ADMIN_PASSWORD, JWT_SECRET, ROOT, rawExchange, type Server, startServer } from "./support.ts";

const SMTP_PASSWORD = "smtp-Pass-4815162342";
const WRONG_PASSWORD = "wrong-Pass-0xDEADBEEF";
const NEW_PASSWORD = "new-Admin-Pass-271828";
const ATTACKER = "203.0.113.66";
const GUESSER = "198.51.100.23";

let smtp: SmtpServer;
const servers: Server[] = [];
const dir = mkdtempSync(join(tmpdir(), "vedanta-logs-"));
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  for (const server of servers) {
    await server.stop();
    server.remove();
  }
  await smtp?.close();
  rmSync(dir, { recursive: true, force: true });
});

const json = (body: unknown, ip: string, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", "x-forwarded-for": ip, ...headers },
  body: JSON.stringify(body),
});

/** A server in `format`, put through what an operator's log must survive; answers its log and the secrets used. */
async function exercise(format: "text" | "json") {
  const server = await startServer({
    env: {
      LOG_FORMAT: format,
      TRUST_PROXY: "1",
      SMTP_URL: `smtp://mailer:${SMTP_PASSWORD}@127.0.0.1:${smtp.port}`,
      MAIL_FROM: "Vedanta & Yoga <hello@example.org>",
      ADMIN_EMAIL: "teacher@example.org",
    },
  });
  servers.push(server);
  const url = server.url;
  const secrets: Record<string, string> = {
    "admin password": ADMIN_PASSWORD,
    "wrong password": WRONG_PASSWORD,
    "SMTP password": SMTP_PASSWORD,
    "JWT secret": JWT_SECRET,
  };
  // A sign-in (this new device's mailed code included), before the failed ones lock the username.
  const seen = smtp.received.length;
  const token = await apiToken(server, ADMIN_PASSWORD, smtp);
  secrets.token = token;
  const code = /\b(\d{6})\b/.exec(smtp.received.slice(seen).find((mail) => mail.subject === "Your sign-in code")?.text ?? "")?.[1];
  if (code) secrets["sign-in code"] = code;
  // Failed sign-ins from two addresses, then the locked username.
  for (let i = 0; i < 3; i++) await fetch(`${url}/api/admin/login`, json({ username: "admin", password: WRONG_PASSWORD }, ATTACKER));
  await fetch(`${url}/api/admin/login`, json({ username: 'nobody ip=192.0.2.250 "x"', password: WRONG_PASSWORD }, GUESSER));
  for (let i = 0; i < 2; i++) await fetch(`${url}/api/admin/login`, json({ username: "admin", password: WRONG_PASSWORD }, ATTACKER));
  expect((await fetch(`${url}/api/admin/login`, json({ username: "admin", password: ADMIN_PASSWORD }, ATTACKER))).status).toBe(429);
  // The username is locked now at the attacker's address (issue 37 item 15: only there); the token signed in before still works.
  const forged = `${token.slice(0, -4)}AAAA`;
  secrets["forged token"] = forged;
  expect((await fetch(`${url}/api/admin/subscribers`, { headers: { authorization: `Bearer ${token}`, "x-forwarded-for": ATTACKER } })).status).toBe(
    200,
  );
  expect((await fetch(`${url}/api/admin/subscribers`, { headers: { authorization: `Bearer ${forged}`, "x-forwarded-for": ATTACKER } })).status).toBe(
    401,
  );
  const cookie = "vedanta_device=device-cookie-value-31337";
  secrets.cookie = "device-cookie-value-31337";
  // A password change from there while the username is locked: refused, and neither password is written anywhere.
  await fetch(
    `${url}/api/admin/reset-password`,
    json({ username: "admin", currentPassword: WRONG_PASSWORD, newPassword: NEW_PASSWORD }, ATTACKER, { authorization: `Bearer ${token}`, cookie }),
  );
  secrets["new password"] = NEW_PASSWORD;
  // The newsletter: its confirmation mail's link, followed; then the unsubscribe link.
  const address = `reader-${format}@example.org`;
  const before = smtp.received.length;
  expect((await fetch(`${url}/api/newsletter`, json({ email: address }, "192.0.2.10"))).status).toBe(201);
  // Account mail goes first (issue 30): a sign-in notice may come before the confirmation, so wait for the reader's.
  let mail: (typeof smtp.received)[number] | undefined;
  for (let count = before + 1; !mail; count++) {
    const received = await smtp.waitFor(count).catch((error) => {
      throw new Error(`${error}\n${server.logs()}`);
    });
    mail = received.slice(before).find((each) => each.envelopeTo.includes(address));
  }
  const confirm = /https?:\/\/\S+\/api\/newsletter\/confirm\?\S+/.exec(mail.text ?? "")![0];
  const confirmToken = new URL(confirm).searchParams.get("token")!;
  secrets["confirm token"] = confirmToken;
  expect((await fetch(confirm, { redirect: "manual" })).status).toBe(303);
  const unsubscribe = confirm.replace("/confirm?", "/unsubscribe?");
  await fetch(unsubscribe, { redirect: "manual" });
  await fetch(`${url}/?newsletter=unsubscribe&id=1&token=${confirmToken}`);
  // A bot fills the honeypot; a flood of one address hits the rate limit.
  await fetch(
    `${url}/api/contact`,
    json({ name: "Bot", email: "bot@example.org", subject: "Offer", message: "Buy cheap things now", website: "http://spam.example" }, "192.0.2.77"),
  );
  for (let i = 0; i < 7; i++)
    await fetch(
      `${url}/api/contact`,
      json({ name: "Flood", email: "f@example.org", subject: "Hi", message: "Hello there, again", website: "" }, "192.0.2.78"),
    );
  // Hosts that are not a valid host[:port] (issue 30): no path may be cut out of what Bun makes of them.
  for (const host of ["a b", "x:99999"])
    expect((await rawExchange(server.port, `GET /api/profile HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)).status).toBe(400);
  await Bun.sleep(300);
  return { log: server.logs(), secrets };
}

/** docs/operations.md's fail2ban filter, as written there. */
function filter() {
  const docs = readFileSync(join(ROOT, "docs/operations.md"), "utf8");
  const block = /```ini\n# \/etc\/fail2ban\/filter\.d\/vedanta-site\.conf\n([\s\S]*?)```/.exec(docs)?.[1];
  if (!block) throw new Error("docs/operations.md has no fail2ban filter block");
  const failregex = /^failregex = ([\s\S]*?)^ignoreregex/m
    .exec(block)![1]!
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  return { block, failregex };
}

/** The hosts the filter's expressions find in `log`, as fail2ban reads them (<HOST> an address, %% a %). */
function banned(log: string): string[] {
  const patterns = filter().failregex.map((pattern) => new RegExp(pattern.replaceAll("<HOST>", "(?<host>[0-9a-fA-F:.]+)").replaceAll("%%", "%")));
  return log.split("\n").flatMap((line) =>
    patterns
      .map((pattern) => pattern.exec(line)?.groups?.host)
      .filter((host): host is string => !!host)
      .slice(0, 1),
  );
}

describe.each(["text", "json"] as const)("LOG_FORMAT=%s", (format) => {
  let log = "";
  let secrets: Record<string, string> = {};
  beforeAll(async () => {
    ({ log, secrets } = await exercise(format));
  }, 60_000);

  test("no secret in any line", () => {
    expect(log.length).toBeGreaterThan(1000);
    for (const [kind, secret] of Object.entries(secrets)) expect({ kind, found: log.includes(secret) }).toEqual({ kind, found: false });
  });

  test("every line is a line of the format: time and level first (text), or one JSON object", () => {
    const lines = log.split("\n").filter((line) => line && !line.startsWith("Created user") && !line.startsWith("It is shown only once"));
    for (const line of lines) {
      if (format === "json") expect(Object.keys(JSON.parse(line) as object).slice(0, 3)).toEqual(["time", "level", "msg"]);
      else expect(line).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (INFO |WARN |ERROR) /);
    }
  });

  test("a request line: method, path with its token masked, status, duration, bytes, IP and id", () => {
    const line = log.split("\n").find((entry) => entry.includes("/api/newsletter/confirm?"))!;
    expect(line).toContain("token=***");
    if (format === "text")
      expect(line).toMatch(/INFO {2}GET \/api\/newsletter\/confirm\?\S+ status=303 ms=[\d.]+ (bytes=\d+ )?ip=127\.0\.0\.1 id=[\w-]{12}$/);
    else
      expect(JSON.parse(line)).toMatchObject({
        level: "info",
        method: "GET",
        path: expect.stringMatching(/^\/api\/newsletter\/confirm\?\S*token=\*\*\*/),
        status: 303,
        ip: "127.0.0.1",
      });
  });

  test("a request whose Host does not parse: its line says so, and names no path cut out of the Host (issue 30)", () => {
    const unparsable = log.split("\n").filter((line) => line.includes("(unparsable)"));
    expect(unparsable).toHaveLength(2);
    for (const line of unparsable)
      if (format === "text") expect(line).toMatch(/ INFO {2}GET \(unparsable\) status=400 /);
      else expect(JSON.parse(line)).toMatchObject({ msg: "GET (unparsable)", method: "GET", path: "(unparsable)", status: 400 });
    expect(log).not.toContain("GET /profile");
  });

  test("security events at warn: failed sign-ins, the lockout, a refused token, the honeypot, the rate limit", () => {
    const warn = format === "text" ? " WARN  " : '"level":"warn"';
    const warnings = log.split("\n").filter((line) => line.includes(warn));
    const count = (text: string) => warnings.filter((line) => line.includes(text)).length;
    expect(count("Sign-in failed")).toBe(6);
    expect(count("Sign-in refused: locked after failed attempts")).toBe(2);
    expect(count("Token refused")).toBe(1);
    expect(count("Honeypot filled")).toBe(1);
    expect(count("Rate limit reached")).toBe(2);
    expect(warnings.find((line) => line.includes("Sign-in failed"))).toContain(ATTACKER);
  });

  test("the fail2ban filter finds the failed sign-ins' and the lockout's addresses, nothing else", () => {
    expect(banned(log)).toEqual([ATTACKER, ATTACKER, ATTACKER, GUESSER, ATTACKER, ATTACKER, ATTACKER, ATTACKER]);
  });

  test("Debian's fail2ban-regex agrees", () => {
    const binary = Bun.which("fail2ban-regex");
    if (!binary) {
      console.warn("skipped: fail2ban-regex is not installed (apt-get install fail2ban)");
      return;
    }
    const logFile = join(dir, `${format}.log`);
    const filterFile = join(dir, "vedanta-site.conf");
    writeFileSync(logFile, log);
    writeFileSync(filterFile, filter().block);
    const result = Bun.spawnSync([binary, "--print-all-matched", logFile, filterFile], { stdout: "pipe", stderr: "pipe" });
    const output = result.stdout.toString();
    expect(output).toMatch(/Lines: \d+ lines, 0 ignored, 8 matched/);
  });
});
