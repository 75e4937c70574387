// Issue 21: the bucket's credentials (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, a password in S3_ENDPOINT) and the age
// identity never reach a log line, an API answer (errors included), the CLI's output or the bucket in clear.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../server.ts";
import { listKeys, type S3Server, startS3 } from "../support/s3.ts";
import { login, ROOT, type Server, startServer } from "./support.ts";

// s3rver knows one access key id (S3RVER) and, as run here, does not check the secret: a distinctive one is used.
const ACCESS_KEY = "S3RVER";
const SECRET_KEY = "hostile-s3-secret-key-000111222333";
const ENDPOINT_PASSWORD = "endpoint-password-444555";
const keys = mkdtempSync(join(tmpdir(), "vedanta-age-"));
const identityFile = join(keys, "key.txt");
let s3: S3Server;
let identity: string;
let recipient: string;

beforeAll(async () => {
  s3 = await startS3();
  expect(Bun.spawnSync(["age-keygen", "-o", identityFile]).exitCode).toBe(0);
  const text = readFileSync(identityFile, "utf8");
  identity = /AGE-SECRET-KEY-1[0-9A-Z]+/.exec(text)![0];
  recipient = /age1[0-9a-z]+/.exec(text)![0];
});
afterAll(async () => {
  await s3?.stop();
  rmSync(keys, { recursive: true, force: true });
});

const SECRETS = () => ({
  "S3 access key": ACCESS_KEY,
  "S3 secret key": SECRET_KEY,
  "endpoint password": ENDPOINT_PASSWORD,
  "age identity": identity,
});
const expectClean = (where: string, text: string) => {
  for (const [name, secret] of Object.entries(SECRETS()))
    expect(`${where} ${text.includes(secret) ? `carries the ${name}` : "clean"}`).toBe(`${where} clean`);
};

async function call(server: Server, token: string, method: string, path: string) {
  const response = await fetch(`${server.url}${path}`, { method, headers: { Authorization: `Bearer ${token}` } });
  return `${response.status} ${await response.text()}`;
}

test("a working bucket: answers, logs and the bucket's objects carry no credential and no identity", async () => {
  const env = {
    ...s3.env,
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: SECRET_KEY,
    BACKUP_S3_PREFIX: "hostile/",
    BACKUP_AGE_RECIPIENT: recipient,
    BACKUP_AGE_IDENTITY_FILE: identityFile,
  };
  const server = await startServer({ appData: "demo", env });
  try {
    const token = await login(server);
    const answers: string[] = [];
    let copies: { name: string }[] = [];
    for (const deadline = Date.now() + 60_000; !copies.length && Date.now() < deadline; await Bun.sleep(250)) {
      copies = (JSON.parse((await call(server, token, "GET", "/api/admin/backups/offsite")).slice(4)) as { copies: { name: string }[] }).copies;
    }
    expect(copies.length).toBeGreaterThan(0);
    answers.push(await call(server, token, "GET", "/api/admin/backups/offsite"));
    answers.push(await call(server, token, "POST", "/api/admin/backups"));
    answers.push(await call(server, token, "POST", `/api/admin/backups/offsite/${copies[0]!.name}/restore`));
    answers.push(await call(server, token, "POST", "/api/admin/backups/offsite/20000101T000000.000Z/restore"));
    answers.push(await call(server, token, "POST", "/api/admin/backups/offsite/..%2F..%2Fetc/restore"));
    answers.push(await call(server, "forged", "GET", "/api/admin/backups/offsite"));
    expect(answers[2]).toStartWith("200 ");
    expect(answers[3]).toStartWith("404 ");
    for (const answer of answers) expectClean("an answer", answer);
    const listed = Bun.spawnSync(["bun", join(ROOT, "src/main.ts"), "list-backups"], { env: { ...process.env, DATA_DIR: server.dataDir, ...env } });
    expectClean("list-backups", listed.stdout.toString() + listed.stderr.toString());
    for (const key of await listKeys(s3.client, "hostile/")) {
      const bytes = new TextDecoder("latin1").decode(await s3.client.file(key).bytes());
      expect(bytes.startsWith("age-encryption.org/v1")).toBe(true);
      expectClean(`object ${key}`, bytes);
    }
    await server.stop();
    expectClean("the log", server.logs());
  } finally {
    await server.stop();
    server.remove();
  }
}, 120_000);

test("an unreachable bucket with a password in S3_ENDPOINT: the error the admin and the log see is masked", async () => {
  const env = {
    S3_BUCKET: "nowhere",
    S3_ENDPOINT: `http://backup-user:${ENDPOINT_PASSWORD}@127.0.0.1:${freePort()}`,
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: SECRET_KEY,
    BACKUP_AGE_RECIPIENT: recipient,
  };
  const server = await startServer({ appData: "demo", env });
  try {
    const token = await login(server);
    let answer = "";
    for (const deadline = Date.now() + 30_000; !answer.includes('"lastError":{') && Date.now() < deadline; await Bun.sleep(250)) {
      answer = await call(server, token, "GET", "/api/admin/backups/offsite");
    }
    expect(answer).toContain('"lastError":{');
    expect(answer).toContain('"bucket":"s3://nowhere/backups/ at http://127.0.0.1:');
    expectClean("the off-site answer", answer);
    const cli = Bun.spawnSync(["bun", join(ROOT, "src/main.ts"), "restore-backup", "s3:latest", "--identity", identityFile], {
      env: { ...process.env, DATA_DIR: server.dataDir, ...env },
    });
    expect(cli.exitCode).toBe(1);
    expectClean("restore-backup", cli.stdout.toString() + cli.stderr.toString());
    await server.stop();
    expect(server.logs()).toContain("Off-site backup failed");
    expectClean("the log", server.logs());
  } finally {
    await server.stop();
    server.remove();
  }
}, 90_000);
