// Issue 30 item 1, hostile: whoever reads a copy of the database (a local backup, its download, an off-site snapshot,
// unencrypted when BACKUP_AGE_RECIPIENT is unset) finds no reset link's token and no sign-in code in it, neither while
// the mail waits in the outbox nor once it is sent. A reset and a coded sign-in through real HTTP, the real SMTP server,
// off-site copies to a real S3 server (s3rver).
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { events } from "@db/schema.ts";
import { createTestApp, type MailWorker, TEST_PASSWORD, type TestApp } from "../support/app.ts";
import { listKeys, type S3Server, startS3 } from "../support/s3.ts";
import { type SmtpServer, startSmtpServer } from "../support/smtp.ts";

setDefaultTimeout(180_000);
const MAIL_ENV = {
  MAIL_FROM: "Site <site@example.org>",
  NOTIFY_EMAIL: "teacher@example.org",
  SITE_URL: "https://yoga.example.org",
  ADMIN_EMAIL: "teacher@example.org",
};
const PREFIX = "site/";

let smtp: SmtpServer;
let s3: S3Server;
let t: TestApp;
let worker: MailWorker;
let token: string;
/** Every copy of the database seen during the test, by where it was found. */
const copies = new Map<string, Uint8Array>();

beforeAll(async () => {
  [smtp, s3] = await Promise.all([startSmtpServer(), startS3()]);
  t = await createTestApp({ env: { SMTP_URL: smtp.url, ...MAIL_ENV, ...s3.env, BACKUP_S3_PREFIX: PREFIX } });
  worker = t.mailWorker();
  token = await t.login();
});
afterAll(async () => {
  await worker.stop();
  t.cleanup();
  await Promise.all([smtp.close(), s3.stop()]);
});

const lastMail = async () => {
  await worker.drain();
  return smtp.received.at(-1)!;
};

/**
 * A local backup through the admin's button, its download, and an off-site copy taken after it (the button starts
 * one; a copy already under way is waited out and the next awaited): every object in the bucket is kept, as the
 * bucket holds it and gunzipped, before the schedule prunes it.
 */
async function copyEverything() {
  const asked = new Date().toISOString().replace(/[-:]/g, "");
  const taken = await t.api({ token }).admin.backups.post();
  expect(taken.status).toBe(201);
  const { name } = taken.data!.backup;
  // Raw: the download's bytes.
  const download = await t.request("GET", `/api/admin/backups/${name}/download`, { token });
  expect(download.status).toBe(200);
  copies.set(`download of ${name}`, new Uint8Array(await download.arrayBuffer()));
  for (const deadline = Date.now() + 60_000; ; await Bun.sleep(100)) {
    const status = (await t.api({ token }).admin.backups.offsite.get()).data;
    const lastCopy = status?.lastCopy;
    if (lastCopy && lastCopy.name >= asked && !status.running) break;
    if (Date.now() > deadline) throw new Error(`no off-site copy after ${asked}: ${JSON.stringify(status)}`);
  }
  for (const key of await listKeys(s3.client, PREFIX)) {
    const bytes = await s3.client.file(key).bytes();
    copies.set(`s3 ${key}`, bytes);
    if (key.endsWith(".gz")) copies.set(`s3 ${key} gunzipped`, Bun.gunzipSync(bytes));
  }
}

/** Every local backup file, and the names of the copies that hold any of `secrets` (each a [what, pattern] pair). */
function copiesHolding(secrets: [string, RegExp][]) {
  for (const path of localBackupFiles(join(t.config.dataDir, "backups"))) copies.set(`local ${path}`, readFileSync(path));
  return [...copies].flatMap(([where, bytes]) => {
    const text = new TextDecoder("latin1").decode(bytes);
    return secrets.filter(([, secret]) => secret.test(text)).map(([what]) => `${where}: ${what}`);
  });
}

/** Every file under the local backups folder. */
function localBackupFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? localBackupFiles(path) : [path];
  });
}

describe("no link or code a mail carries is in a copy of the database", () => {
  test("a reset token and a sign-in code: in no local backup, download or off-site object, while the mails wait or after", async () => {
    // 'Forgot password?': copies while the link waits in the outbox, after it is sent, and after it is used.
    expect((await t.api().auth["forgot-password"].post({ login: "admin" })).status).toBe(200);
    await copyEverything();
    const resetMail = await lastMail();
    const resetToken = /reset-password#([\w-]+)/.exec(resetMail.text!)![1]!;
    await copyEverything();
    const reset = await t.api().auth["reset-password"].post({ token: resetToken, newPassword: TEST_PASSWORD });
    expect(reset.status).toBe(200);
    token = await t.login(); // the reset signed every device out
    await copyEverything();

    // A sign-in on a new device: copies while the code waits, after it is sent, and after it is used.
    const first = (await t.api().admin.login.post({ username: "admin", password: TEST_PASSWORD })).data;
    expect(first).toEqual({ codeRequired: true, ticket: expect.any(String) });
    const ticket = first && "ticket" in first ? first.ticket : "";
    await copyEverything();
    const codeMail = await lastMail();
    expect(codeMail.subject).toBe("Your sign-in code");
    const code = /\b(\d{6})\b/.exec(codeMail.text!)![1]!;
    await copyEverything();
    const second = await t.api().admin.login.post({ ticket, code });
    expect(second.status).toBe(200);
    token = second.data && "token" in second.data ? second.data.token : "";
    await copyEverything();

    // The notices of the reset and of the new device carry signed 'Sign out everywhere' links: in no copy either.
    await worker.drain();
    const signOutLinks = smtp.received.flatMap((mail) => [...(mail.text ?? "").matchAll(/sign-out-everywhere#([\w.-]+)/g)].map((match) => match[1]!));
    expect(signOutLinks.length).toBeGreaterThanOrEqual(2);
    const holding = copiesHolding([
      ["the reset token", new RegExp(resetToken)],
      ["the code", new RegExp(`(?<!\\d)${code}(?!\\d)`)],
      ...signOutLinks.map((link): [string, RegExp] => ["a sign-out link", new RegExp(link.split(".").at(-1)!)]),
    ]);
    expect(holding).toEqual([]);
    expect([...copies.keys()].filter((where) => where.startsWith("local ") && where.endsWith("site.db")).length).toBeGreaterThanOrEqual(6);
    expect([...copies.keys()].filter((where) => where.includes("snapshots/") && where.endsWith("gunzipped")).length).toBeGreaterThanOrEqual(6);

    // The copies hold the outbox: each database copy has the reset mail's row (its subject is no secret).
    const databases = [...copies].filter(([where]) => where.startsWith("download") || where.endsWith("gunzipped") || where.endsWith("site.db"));
    for (const [where, bytes] of databases) expect(new TextDecoder("latin1").decode(bytes), where).toContain("Set a new password");
  });

  test("the cancel, confirm and unsubscribe links of registrations and newsletters are in no copy either", async () => {
    const event = t.db
      .insert(events)
      .values({
        name: "Silent Retreat",
        type: "retreat",
        startDate: "2099-04-10",
        time: "9:30 am",
        location: "Hill Road",
        description: "<p>Silence.</p>",
      })
      .returning()
      .get();
    const registered = await t
      .api({ ip: "10.0.0.2" })
      .events({ id: event.id })
      .registrations.post({ name: "Asha", email: "asha@example.org", phone: "0400 000 000" });
    expect(registered.status).toBe(201);
    expect((await t.api({ ip: "10.0.0.3" }).newsletter.post({ email: "seeker@example.org" })).status).toBe(201);
    await copyEverything();
    await worker.drain();
    const textTo = (address: string, subject: string) =>
      smtp.received.findLast((mail) => mail.envelopeTo[0] === address && mail.subject?.startsWith(subject))!.text!;
    const cancelToken = /registrations\/cancel\?id=\d+&token=([\w-]+)/.exec(textTo("asha@example.org", "You're registered"))![1]!;
    const confirmLink = /\/api\/newsletter\/confirm\?id=\d+&token=[\w-]+/.exec(textTo("seeker@example.org", "Please confirm"))![0];
    expect((await t.request("GET", confirmLink)).headers.get("location")).toBe("/?newsletter=confirmed");
    await copyEverything();

    const sent = await t.api({ token }).admin.newsletters.post({ subject: "Spring letter", body: "<p>Spring.</p>" });
    expect(sent.status).toBe(201);
    await copyEverything();
    await worker.drain();
    const unsubscribeToken = /unsubscribe\?id=\d+&token=([\w-]+)/.exec(textTo("seeker@example.org", "Spring letter"))![1]!;
    await copyEverything();

    const holding = copiesHolding([
      ["a cancel link", new RegExp(cancelToken)],
      ["a confirm link", new RegExp(/token=([\w-]+)/.exec(confirmLink)![1]!)],
      ["an unsubscribe link", new RegExp(unsubscribeToken)],
    ]);
    expect(holding).toEqual([]);
  });
});
