import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { messages } from "@db/schema.ts";
import { loadConfig } from "@server/config.ts";
import { configureLog } from "@server/lib/log.ts";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { listKeys, type S3Server, startS3 } from "@tests/support/s3.ts";
import { createOffsiteBackups, readIdentities, restoreOffsiteCopy } from "./offsite.ts";
import { retained } from "./retention.ts";

const PNG = new Uint8Array(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64"));
const message = { name: "Priya", email: "priya@example.org", subject: "Classes", message: "Are beginners welcome on Mondays?" };
const keys = mkdtempSync(join(tmpdir(), "vedanta-age-"));
const identityFile = join(keys, "key.txt");
let s3: S3Server;
let recipient: string;

/** Debian's age opens an object of the bucket with the identity file. */
async function ageDecrypt(bytes: Uint8Array): Promise<Uint8Array> {
  const encrypted = join(keys, `object-${crypto.randomUUID()}.age`);
  writeFileSync(encrypted, bytes);
  const child = Bun.spawnSync(["age", "-d", "-i", identityFile, encrypted]);
  if (child.exitCode !== 0) throw new Error(`age -d failed: ${child.stderr.toString()}`);
  return new Uint8Array(child.stdout);
}

async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await Bun.sleep(200);
  }
}

beforeAll(async () => {
  s3 = await startS3();
  const keygen = Bun.spawnSync(["age-keygen", "-o", identityFile]);
  expect(keygen.exitCode).toBe(0);
  recipient = /age1[0-9a-z]+/.exec(keygen.stderr.toString())![0];
});
afterAll(async () => {
  await s3.stop();
});

describe("retention", () => {
  const copy = (iso: string) => ({ name: iso, createdAt: iso });
  test("keeps the newest of each of the last N days, weeks and months, and the newest of all", () => {
    const copies = [
      ...Array.from({ length: 60 }, (_, day) => copy(new Date(Date.UTC(2026, 8, 1 + day, 3)).toISOString())),
      copy("2026-10-30T05:00:00.000Z"),
    ];
    const kept = [...retained(copies, { daily: 3, weekly: 2, monthly: 2 })].sort();
    // Days: Oct 30 (newest of it), 29, 28; weeks: the week of Oct 26 (Oct 30) and of Oct 19 (Oct 25); months: Oct, Sep (Sep 30).
    expect(kept).toEqual([
      "2026-09-30T03:00:00.000Z",
      "2026-10-25T03:00:00.000Z",
      "2026-10-28T03:00:00.000Z",
      "2026-10-29T03:00:00.000Z",
      "2026-10-30T05:00:00.000Z",
    ]);
    expect([...retained(copies, { daily: 0, weekly: 0, monthly: 0 })]).toEqual(["2026-10-30T05:00:00.000Z"]);
  });
});

describe("off-site backups to a real S3 server (s3rver), encrypted with age", () => {
  let t: TestApp;
  let token: string;
  const prefix = "site-a/";
  const env = () => ({ ...s3.env, BACKUP_S3_PREFIX: prefix, BACKUP_AGE_RECIPIENT: recipient });

  beforeAll(async () => {
    t = await createTestApp({ env: env() });
    token = await t.login();
  });
  afterAll(() => t.cleanup());

  test("a message and an upload reach the bucket within 60 s, every object encrypted and opened by `age -d`", async () => {
    const form = new FormData();
    form.append("image", new File([PNG], "photo.png", { type: "image/png" }));
    const uploaded = (await (await t.request("POST", "/api/admin/uploads/image", { token, body: form })).json()) as { url: string };
    expect((await t.api().contact.post(message)).status).toBe(201);
    const acknowledgedAt = Date.now();

    const uploadName = uploaded.url.replace("/uploads/", "");
    const digest = new Bun.CryptoHasher("sha256").update(PNG).digest("hex");
    // The newest manifest that holds the upload (and so was taken after both writes).
    const manifest = await waitFor(async () => {
      const manifests = (await listKeys(s3.client, `${prefix}manifests/`)).reverse();
      for (const key of manifests) {
        const parsed = JSON.parse(new TextDecoder().decode(await ageDecrypt(await s3.client.file(key).bytes())));
        if (parsed.uploads.some((upload: { name: string }) => upload.name === uploadName)) return parsed;
      }
      return undefined;
    });
    expect(Date.now() - acknowledgedAt).toBeLessThan(60_000);
    expect(manifest.uploads).toContainEqual({ name: uploadName, sha256: digest, size: PNG.byteLength });

    const all = await listKeys(s3.client, prefix);
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const key of all) {
      expect(key).toEndWith(".age");
      const bytes = await s3.client.file(key).bytes();
      expect(new TextDecoder().decode(bytes.subarray(0, 21))).toBe("age-encryption.org/v1");
      await ageDecrypt(bytes); // every object opens
    }
    expect(new Uint8Array(await ageDecrypt(await s3.client.file(`${prefix}uploads/${digest}.age`).bytes()))).toEqual(PNG);
    // The snapshot holds the message.
    const database = Bun.gunzipSync((await ageDecrypt(await s3.client.file(manifest.database.key).bytes())) as Uint8Array<ArrayBuffer>);
    expect(new TextDecoder("latin1").decode(database)).toContain("Are beginners welcome on Mondays?");
    // The admin sees it: on, masked bucket, encrypted, the last copy, no error; the secret is nowhere in the answer.
    // Raw: the answer's text is searched for the secret.
    const status = await (await t.request("GET", "/api/admin/backups/offsite", { token })).text();
    const answer = JSON.parse(status);
    expect(answer).toMatchObject({ enabled: true, encrypted: true, bucket: `s3://${s3.bucket}/${prefix} at ${s3.endpoint}`, lastError: null });
    expect(answer.lastCopy.name).toMatch(/^\d{8}T\d{6}\.\d{3}Z$/);
    expect(answer.copies.length).toBeGreaterThanOrEqual(1);
    expect(status).not.toContain("S3RVER");
  }, 90_000);

  test("an upload is sent once: the next change sends the database and a manifest only", async () => {
    const uploadsBefore = await listKeys(s3.client, `${prefix}uploads/`);
    const logs: string[] = [];
    const copier = createOffsiteBackups({
      db: t.db,
      dataDir: t.config.dataDir,
      config: t.config.offsite!,
      keep: t.config.backupKeep,
      log: { log: (line: string) => logs.push(line), error: (line: string) => logs.push(line) },
    });
    t.db.insert(messages).values({ name: "Ravi", email: "ravi@example.org", subject: "Hello", message: "A second message, after the first." }).run();
    const result = await copier.run();
    copier.stop();
    expect(await listKeys(s3.client, `${prefix}uploads/`)).toEqual(uploadsBefore);
    const siteSize = readdirSync(join(t.config.dataDir, "uploads")).length;
    expect(siteSize).toBeGreaterThan(0);
    // An age-encrypted gzip of a small database and a manifest: a few KB, whatever the uploads weigh.
    expect(result.bytesSent).toBeLessThan(64 * 1024);
    // The same day's earlier copies are pruned: one manifest and one snapshot remain for today.
    expect(await waitFor(async () => ((await listKeys(s3.client, `${prefix}manifests/`)).length === 1 ? true : undefined))).toBe(true);
    expect(await listKeys(s3.client, `${prefix}snapshots/`)).toHaveLength(1);
  }, 60_000);

  test("restore on a new machine: checked, then everything is back; a tampered upload is refused and nothing changes", async () => {
    const fresh = await createTestApp({ env: { ...env(), S3_BUCKET: "" } });
    try {
      const config = loadConfig({ ...env(), DATA_DIR: fresh.config.dataDir });
      const deps = { db: fresh.db, dataDir: fresh.config.dataDir };
      await expect(restoreOffsiteCopy(deps, config.offsite!, "latest", [])).rejects.toThrow(
        "it is encrypted; give the age identity file (--identity key.txt)",
      );
      // Tampered: an upload object replaced by another file encrypted to the same key.
      const [uploadKey] = await listKeys(s3.client, `${prefix}uploads/`);
      const original = await s3.client.file(uploadKey!).bytes();
      const other = Bun.spawnSync(["age", "-r", recipient], { stdin: new TextEncoder().encode("not the photo") });
      await s3.client.write(uploadKey!, other.stdout);
      await expect(restoreOffsiteCopy(deps, config.offsite!, "latest", readIdentities(identityFile))).rejects.toThrow(
        "is not the one the manifest names (SHA-256 differs). Nothing was changed.",
      );
      expect(fresh.db.select().from(messages).all()).toHaveLength(0);
      await s3.client.write(uploadKey!, original);

      const result = await restoreOffsiteCopy(deps, config.offsite!, "latest", readIdentities(identityFile));
      expect(result.message).toMatch(/^Backup \d{8}T\d{6}\.\d{3}Z restored: .*2 messages/);
      expect(
        fresh.db
          .select()
          .from(messages)
          .all()
          .map((row) => row.message),
      ).toContain("A second message, after the first.");
      const restoredUploads = readdirSync(join(fresh.config.dataDir, "uploads"));
      expect(restoredUploads).toEqual(readdirSync(join(t.config.dataDir, "uploads")));
      expect(new Uint8Array(readFileSync(join(fresh.config.dataDir, "uploads", restoredUploads[0]!)))).toEqual(PNG);
    } finally {
      fresh.cleanup();
    }
  }, 60_000);

  test("a bucket that cannot be reached: the admin sees the error (no secret in it), and the copy is retried", async () => {
    const logs: string[] = [];
    const config = loadConfig({ ...env(), S3_ENDPOINT: "http://127.0.0.1:9", S3_SECRET_ACCESS_KEY: "very-secret-key", DATA_DIR: t.config.dataDir })
      .offsite!;
    const copier = createOffsiteBackups({
      db: t.db,
      dataDir: t.config.dataDir,
      config,
      keep: t.config.backupKeep,
      log: { log: (line: string) => logs.push(line), error: (line: string) => logs.push(line) },
    });
    await expect(copier.run()).rejects.toThrow("The off-site backup failed");
    const status = copier.status();
    copier.stop();
    expect(status.lastError?.message).toBeTruthy();
    expect(status.nextRetryAt).not.toBeNull();
    expect(logs.join("\n")).toContain("retried in 5 s");
    expect(JSON.stringify(status) + logs.join("\n")).not.toContain("very-secret-key");
  }, 30_000);
});

describe("off-site backups without encryption", () => {
  test("objects are stored as they are (gzip for the database) and restore without an identity", async () => {
    const prefix = "plain/";
    const env = { ...s3.env, BACKUP_S3_PREFIX: prefix };
    const source = await createTestApp({ env: { ...env, S3_BUCKET: "" } });
    const target = await createTestApp();
    try {
      const config = loadConfig(env).offsite!;
      mkdirSync(join(source.config.dataDir, "uploads"), { recursive: true });
      writeFileSync(join(source.config.dataDir, "uploads", "photo.png"), PNG);
      source.db.insert(messages).values({ name: "Mira", email: "mira@example.org", subject: "Plain", message: "Stored without encryption." }).run();
      const copier = createOffsiteBackups({
        db: source.db,
        dataDir: source.config.dataDir,
        config,
        keep: source.config.backupKeep,
        log: { log() {}, error() {} },
      });
      const { name } = await copier.run();
      copier.stop();
      const keys = await listKeys(s3.client, prefix);
      expect(keys.some((key) => key.endsWith(".age"))).toBe(false);
      const manifest = JSON.parse(await s3.client.file(`${prefix}manifests/${name}.json`).text());
      expect(manifest.uploads).toEqual([
        { name: "photo.png", sha256: new Bun.CryptoHasher("sha256").update(PNG).digest("hex"), size: PNG.byteLength },
      ]);
      const result = await restoreOffsiteCopy({ db: target.db, dataDir: target.config.dataDir }, config, `${name}`, []);
      expect(result.message).toContain("1 message");
      expect(new Uint8Array(readFileSync(join(target.config.dataDir, "uploads", "photo.png")))).toEqual(PNG);
      await expect(restoreOffsiteCopy({ db: target.db, dataDir: target.config.dataDir }, config, "20000101T000000.000Z", [])).rejects.toThrow(
        'No off-site backup called "20000101T000000.000Z"',
      );
    } finally {
      source.cleanup();
      target.cleanup();
    }
  }, 60_000);
});

describe("a copy is due whenever anything was acknowledged since the last one (issue 30)", () => {
  const prefix = "due/";
  let t: TestApp;
  let token: string;
  const logged: string[] = [];
  /** The uploads of the newest copy in the bucket (uploads are never removed, so it holds every one copied so far). */
  const newestUploads = async () => {
    const newest = (await listKeys(s3.client, `${prefix}manifests/`)).at(-1);
    if (!newest) return new Set<string>();
    const manifest = JSON.parse(await s3.client.file(newest).text()) as { uploads: { name: string }[] };
    return new Set(manifest.uploads.map((upload) => upload.name));
  };

  beforeAll(async () => {
    configureLog({ sink: (line) => void logged.push(line) });
    try {
      t = await createTestApp({ env: { ...s3.env, BACKUP_S3_PREFIX: prefix } });
    } finally {
      configureLog({ sink: null });
    }
    token = await t.login();
  });
  afterAll(() => t.cleanup());

  test("without BACKUP_AGE_RECIPIENT, the start log and the admin's Backups status say the copies are not encrypted", async () => {
    const warning =
      "Off-site copies are not encrypted: set BACKUP_AGE_RECIPIENT to an age public key (age-keygen makes one) so that whoever holds the bucket cannot read them.";
    expect(logged.filter((line) => line.includes("WARN "))).toContainEqual(expect.stringContaining(`WARN  ${warning}`));
    const answer = (await t.api({ token }).admin.backups.offsite.get()).data;
    expect(answer).toMatchObject({ enabled: true, encrypted: false, warning });
  });

  test('an upload whose name starts with "-" (one in 64 of the names the server makes) is served, copied off-site and backed up', async () => {
    const name = "-Zq0vN3kq7rX1aB2cD3eFg.png"; // 16 random bytes in base64url, as storeUpload names a file
    writeFileSync(join(t.config.dataDir, "uploads", name), PNG);
    expect((await t.request("GET", `/uploads/${name}`)).status).toBe(200);
    const taken = (await t.api({ token }).admin.backups.post()).data!;
    expect(readdirSync(join(t.config.dataDir, "backups", taken.backup.name, "uploads"))).toContain(name);
    await waitFor(async () => ((await newestUploads()).has(name) ? true : undefined));
  }, 90_000);

  test("an upload put back under the same name with other bytes (a restore, an import) is copied again", async () => {
    const name = "photo-restored.png";
    const uploads = join(t.config.dataDir, "uploads");
    writeFileSync(join(uploads, name), PNG);
    const copier = createOffsiteBackups({
      db: t.db,
      dataDir: t.config.dataDir,
      config: t.config.offsite!,
      keep: t.config.backupKeep,
      log: { log() {}, error() {} },
    });
    try {
      await copier.run();
      const other = new Uint8Array([...PNG, 0]);
      writeFileSync(join(uploads, ".restoring"), other);
      renameSync(join(uploads, ".restoring"), join(uploads, name));
      copier.start(50);
      const digest = new Bun.CryptoHasher("sha256").update(other).digest("hex");
      await waitFor(async () => {
        const newest = (await listKeys(s3.client, `${prefix}manifests/`)).at(-1)!;
        const manifest = JSON.parse(await s3.client.file(newest).text()) as { uploads: { name: string; sha256: string }[] };
        return manifest.uploads.some((upload) => upload.name === name && upload.sha256 === digest) ? true : undefined;
      }, 30_000);
    } finally {
      copier.stop();
    }
  }, 60_000);

  test("uploads acknowledged through HTTP while copies run: each is in the bucket within 60 s", async () => {
    const acknowledged = new Map<string, number>();
    for (let index = 0; index < 24; index += 1) {
      const form = new FormData();
      form.append("image", new File([PNG], `photo-${index}.png`, { type: "image/png" }));
      const answer = await t.request("POST", "/api/admin/uploads/image", { token, body: form });
      expect(answer.status).toBe(200);
      acknowledged.set(((await answer.json()) as { url: string }).url.replace("/uploads/", ""), Date.now());
      if (index % 6 === 0) expect((await t.api().contact.post(message)).status).toBe(201);
      await Bun.sleep(250);
    }
    const copiedAt = new Map<string, number>();
    await waitFor(async () => {
      for (const name of await newestUploads()) if (acknowledged.has(name) && !copiedAt.has(name)) copiedAt.set(name, Date.now());
      return copiedAt.size === acknowledged.size ? true : undefined;
    }, 70_000);
    for (const [name, at] of acknowledged)
      expect({ name, seconds: ((copiedAt.get(name) ?? Infinity) - at) / 1000 < 60 }).toEqual({ name, seconds: true });
  }, 120_000);
});
