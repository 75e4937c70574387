// Issue 30 item 1: what a mail carries that lets its reader act is sealed in its outbox row and erased once sent; a
// database of the version before loses the ones its sent rows kept in clear; a row sealed under a JWT secret changed
// since fails at once with a reason. The real SMTP server and a real SQLite file.
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "@db/client.ts";
import { migrations } from "@db/migrations/index.ts";
import { outbox } from "@db/schema.ts";
import { loadConfig } from "@server/config.ts";
import { createSigner } from "@server/lib/signer.ts";
import { type SmtpServer, startSmtpServer } from "@tests/support/smtp.ts";
import { eq } from "drizzle-orm";
import { createOutbox } from "./outbox.ts";
import { createMailWorker } from "./worker.ts";

const SECRET = "sealed-test-secret-sealed-test-secret";
const RESET_URL = "https://yoga.example.org/admin/reset-password#legacy-token-in-clear";
let smtp: SmtpServer;
const dir = mkdtempSync(join(tmpdir(), "vedanta-sealed-"));

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

const configOf = () =>
  loadConfig({ DATA_DIR: join(dir, "data"), SMTP_URL: smtp.url, MAIL_FROM: "Site <site@example.org>", SITE_URL: "https://yoga.example.org" });

describe("sealed secrets in the outbox", () => {
  test("a database of the version before: sent rows lose their codes and links; a waiting reset goes first and keeps none once sent", async () => {
    const path = join(dir, "before.db");
    const before = new Database(path, { create: true, strict: true });
    before.exec("CREATE TABLE __migrations (name TEXT PRIMARY KEY, appliedAt TEXT NOT NULL)");
    for (const migration of migrations.filter(({ name }) => name < "0007")) {
      for (const statement of migration.sql.split("--> statement-breakpoint")) if (statement.trim()) before.exec(statement);
      before.query("INSERT INTO __migrations (name, appliedAt) VALUES (?, ?)").run(migration.name, new Date().toISOString());
    }
    const insert = before.query("INSERT INTO outbox (kind, recipient, subject, data, state) VALUES (?, ?, ?, ?, ?)");
    insert.run("newsletter", "reader@example.org", "Letter", JSON.stringify({ newsletterId: null, body: "<p>Hi</p>", subscriber: null }), "waiting");
    insert.run(
      "sign-in-code",
      "admin@example.org",
      "Your sign-in code",
      JSON.stringify({ code: "123456", minutes: 10, ip: "1.2.3.4", device: "Firefox" }),
      "sent",
    );
    insert.run("password-reset", "admin@example.org", "Set a new password", JSON.stringify({ resetUrl: RESET_URL, minutes: 30 }), "waiting");
    before.close();

    const db = openDatabase(path);
    const rows = db.select().from(outbox).orderBy(outbox.id).all();
    expect(rows.map((row) => [row.kind, row.priority])).toEqual([
      ["newsletter", 0],
      ["sign-in-code", 1],
      ["password-reset", 1],
    ]);
    expect(rows[1]!.data).toEqual({ minutes: 10, ip: "1.2.3.4", device: "Firefox" });

    const worker = createMailWorker({ db, config: { ...configOf(), mail: configOf().mail! }, jwtSecret: SECRET });
    await worker.sendNext();
    const [first] = await smtp.waitFor(1);
    expect(first!.subject).toBe("Set a new password");
    expect(first!.text).toContain(RESET_URL);
    const reset = db.select().from(outbox).where(eq(outbox.id, rows[2]!.id)).get()!;
    expect(reset.state).toBe("sent");
    expect(reset.data).toEqual({ minutes: 30 });
    await worker.stop();
    db.$client.close();
  });

  test("a row is stored without its link, which reaches the mail; one sealed under a changed JWT secret fails at once", async () => {
    smtp.received.length = 0;
    const db = openDatabase(join(dir, "changed.db"));
    const config = configOf();
    const confirmUrl = "https://yoga.example.org/api/newsletter/confirm?id=1&token=sealed-token";
    createOutbox(db, config, createSigner(SECRET)).add("newsletter-confirmation", "seeker@example.org", "Please confirm", { confirmUrl });
    createOutbox(db, config, createSigner("another-secret-another-secret-another")).add(
      "newsletter-confirmation",
      "late@example.org",
      "Please confirm",
      {
        confirmUrl,
      },
    );
    const [kept] = db.select().from(outbox).all();
    expect(kept!.data).toEqual({});
    expect(kept!.sealed).not.toContain("sealed-token");

    const worker = createMailWorker({ db, config: { ...config, mail: config.mail! }, jwtSecret: SECRET });
    await worker.drain();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelopeTo).toEqual(["seeker@example.org"]);
    expect(mail!.text).toContain(confirmUrl);
    expect(smtp.received).toHaveLength(1);
    const [sent, refused] = db.select().from(outbox).orderBy(outbox.id).all();
    expect([sent!.state, sent!.sealed]).toEqual(["sent", null]);
    expect([refused!.state, refused!.sealed, refused!.lastAnswer]).toEqual([
      "failed",
      null,
      "Not sent: its link or code was sealed under a JWT secret that has changed since; ask for a new one",
    ]);
    await worker.stop();
    db.$client.close();
  });
});
