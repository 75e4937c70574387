// Off-site backups (issue 21): continuous, content-addressed copies in an S3 bucket, optionally encrypted with age.
// The bucket, under BACKUP_S3_PREFIX:
//   uploads/<sha256>[.age]           each upload once, named by the hash of its bytes
//   snapshots/<name>.db.gz[.age]     the database (VACUUM INTO, gzip) at one moment
//   manifests/<name>.json[.age]      the snapshot and the uploads it needs; written last, so it is the backup
// A manifest is put only after every object it names is complete: a process killed half-way leaves objects that no
// manifest counts (removed by the next pruning), never a partial backup.
import { Database } from "bun:sqlite";
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "@db/client.ts";
import type { BackupKeep, OffsiteConfig } from "@server/config.ts";
import { badRequest, HttpError, notFound } from "@server/lib/errors.ts";
import { writeFileAtomic } from "@server/lib/files.ts";
import { maskText } from "@server/lib/mask.ts";
import { randomHex } from "@server/lib/secrets.ts";
import { UPLOAD_FILE } from "@server/lib/upload-files.ts";
import type { OffsiteAnswer } from "./model.ts";
import { retained } from "./retention.ts";
import { type BackupDeps, backupsDir, basicStamp, restoreBackup, uploadFiles } from "./service.ts";

/** How often the data is looked at for changes: a change is in the bucket within this plus the copy's own time. */
const CHANGE_CHECK_MS = 5000;
const RETRY_FIRST_MS = 5000;
const RETRY_MAX_MS = 5 * 60 * 1000;
const STATE_FILE = "offsite-state.json";
/** `20261124T123456.789Z`: a UTC time, to the millisecond. */
const COPY_NAME = /^\d{8}T\d{6}\.\d{3}Z$/;
const SHA256 = /^[0-9a-f]{64}$/;

/** Said in the start log (a warning) and on the admin's Backups card while the copies leave the server readable. */
export const UNENCRYPTED_WARNING =
  "Off-site copies are not encrypted: set BACKUP_AGE_RECIPIENT to an age public key (age-keygen makes one) so that whoever holds the bucket cannot read them.";

type OffsiteCopy = OffsiteAnswer["copies"][number];
type Manifest = {
  version: 1;
  name: string;
  createdAt: string;
  database: { key: string; sha256: string; size: number };
  uploads: { name: string; sha256: string; size: number }[];
};
/** An upload file as a copy sees it: a change of any of these is a change to copy. */
type ListedUpload = { name: string; size: number; mtimeMs: number };
type State = {
  hashes: Record<string, { size: number; mtimeMs: number; sha256: string }>;
  manifests: Record<string, { createdAt: string; keys: string[] }>;
};
/** What this server knows of its own copies (it cannot read encrypted manifests back: it has no identity). */
export type OffsiteStatus = Omit<OffsiteAnswer, "copies" | "listError">;

const copyName = (date: Date) => basicStamp(date).replace(/Z$/, `.${String(date.getUTCMilliseconds()).padStart(3, "0")}Z`);
const createdAtOf = (name: string) =>
  `${name.slice(0, 4)}-${name.slice(4, 6)}-${name.slice(6, 8)}T${name.slice(9, 11)}:${name.slice(11, 13)}:${name.slice(13, 15)}${name.slice(15)}`;
const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

function s3Client(config: OffsiteConfig) {
  return new Bun.S3Client({
    bucket: config.bucket,
    endpoint: config.endpoint,
    region: config.region,
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
  });
}

/** The bucket as the admin sees it: no credentials, no query. */
export function maskedBucket(config: OffsiteConfig): string {
  let host = "";
  if (config.endpoint) {
    const url = new URL(config.endpoint);
    host = ` at ${url.protocol}//${url.host}`;
  }
  return `s3://${config.bucket}/${config.prefix}${host}`;
}

/** An error's message with the credentials blanked out (they never reach a log, an answer or the browser). */
export function safeMessage(config: OffsiteConfig, error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = `${code && !String((error as Error).message).includes(code) ? `${code}: ` : ""}${(error as Error).message ?? String(error)}`;
  return maskText(message, [config.secretAccessKey, config.accessKeyId]);
}

async function listAll(client: Bun.S3Client, prefix: string) {
  const items: { key: string; size: number; lastModified?: string }[] = [];
  let continuationToken: string | undefined;
  do {
    const page = await client.list({ prefix, continuationToken });
    for (const item of page.contents ?? []) items.push({ key: item.key, size: item.size ?? 0, lastModified: item.lastModified });
    continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
  } while (continuationToken);
  return items;
}

/** The off-site copies in the bucket (a manifest each), newest first. */
export async function listOffsiteCopies(config: OffsiteConfig): Promise<OffsiteCopy[]> {
  const prefix = `${config.prefix}manifests/`;
  return (await listAll(s3Client(config), prefix))
    .map((item) => ({ name: item.key.slice(prefix.length).replace(/\.json(\.age)?$/, ""), encrypted: item.key.endsWith(".age") }))
    .filter((copy) => COPY_NAME.test(copy.name))
    .map((copy) => ({ ...copy, createdAt: createdAtOf(copy.name) }))
    .sort((a, b) => b.name.localeCompare(a.name));
}

// ---------------------------------------------------------------- taking copies

function isOpen(db: Db): boolean {
  try {
    db.$client.query("SELECT 1").get();
    return true;
  } catch {
    return false;
  }
}

function readState(dataDir: string): State {
  try {
    return JSON.parse(readFileSync(join(dataDir, STATE_FILE), "utf8")) as State;
  } catch {
    return { hashes: {}, manifests: {} };
  }
}
const saveState = (dataDir: string, state: State) => writeFileAtomic(join(dataDir, STATE_FILE), JSON.stringify(state));

/** After a restore from the bucket: the restored copy is one this server knows (what it needs is never pruned). */
function rememberCopy(dataDir: string, name: string, keys: string[]) {
  const state = readState(dataDir);
  state.manifests[name] = { createdAt: createdAtOf(name), keys };
  saveState(dataDir, state);
}

export type OffsiteDeps = {
  db: Db;
  dataDir: string;
  config: OffsiteConfig;
  keep: BackupKeep;
  now?: () => Date;
  log?: Pick<Console, "log" | "error">;
};

/**
 * The off-site copier of a serving site: looks for changes every CHANGE_CHECK_MS (PRAGMA data_version on a
 * connection of its own, and the uploads folder), and copies when anything changed since the last copy; a burst of
 * changes makes one copy. Failures are retried with a doubling wait (5 s to 5 min).
 */
export function createOffsiteBackups(deps: OffsiteDeps) {
  const { config, dataDir } = deps;
  const log = deps.log ?? console;
  const now = deps.now ?? (() => new Date());
  const client = s3Client(config);
  const suffix = config.recipient ? ".age" : "";
  const uploadsDir = join(dataDir, "uploads");
  const present = new Set<string>(); // object keys seen in the bucket by this process
  let watcher: Database | undefined;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<RunResult> | null = null;
  let copiedFrom = ""; // the signature of the last copy put in the bucket
  let failures = 0;
  let lastError: OffsiteStatus["lastError"] = null;
  let nextRetryAt = 0;

  let state = readState(dataDir);

  const connection = () => {
    watcher ??= new Database(deps.db.$client.filename, { readonly: true });
    return watcher;
  };
  /**
   * What a copy is made of: the database's version (PRAGMA data_version, which changes with every commit of any
   * other connection) and every upload file with its size and time. A copy records the one it was made from, read
   * before its snapshot and being its very listing, so whatever changed after is a difference the next look sees.
   */
  const dataVersion = () =>
    // biome-ignore lint/style/noNonNullAssertion: PRAGMA data_version always answers one row
    connection().query<{ data_version: number }, []>("PRAGMA data_version").get()!.data_version;
  const uploadsNow = (): ListedUpload[] =>
    uploadFiles(uploadsDir).flatMap((name) => {
      const stat = statSync(join(uploadsDir, name), { throwIfNoEntry: false });
      return stat ? [{ name, size: stat.size, mtimeMs: stat.mtimeMs }] : [];
    });
  const signature = (version: number, uploads: ListedUpload[]) =>
    `${version}\n${uploads.map((file) => `${file.name}:${file.size}:${file.mtimeMs}`).join("\n")}`;

  const encrypt = async (bytes: Uint8Array) => {
    if (!config.recipient) return bytes;
    // Loaded on first use: a site without encrypted copies never pays for the cipher code at start.
    const { Encrypter } = await import("age-encryption");
    const encrypter = new Encrypter();
    encrypter.addRecipient(config.recipient);
    return encrypter.encrypt(bytes);
  };

  const hashOf = (file: ListedUpload) => {
    const known = state.hashes[file.name];
    if (known && known.size === file.size && known.mtimeMs === file.mtimeMs) return known;
    const entry = { size: file.size, mtimeMs: file.mtimeMs, sha256: sha256(readFileSync(join(uploadsDir, file.name))) };
    state.hashes[file.name] = entry;
    return entry;
  };

  type RunResult = { name: string; bytesSent: number };

  const put = async (key: string, bytes: Uint8Array) => {
    const body = await encrypt(bytes);
    await client.write(key, body);
    present.add(key);
    return body.byteLength;
  };

  async function copy(): Promise<RunResult> {
    state = readState(dataDir); // a restore from the bucket may have added the copy it restored
    const version = dataVersion();
    const date = now();
    const name = copyName(date);
    let bytesSent = 0;
    const temp = join(backupsDir(dataDir), `.offsite-${randomHex(6)}.db`);
    mkdirSync(backupsDir(dataDir), { recursive: true, mode: 0o700 });
    let database: Uint8Array;
    try {
      connection().query("VACUUM INTO ?").run(temp);
      database = readFileSync(temp);
    } finally {
      rmSync(temp, { force: true });
    }
    const listed = uploadsNow();
    const uploads = listed.map((file) => ({ name: file.name, ...hashOf(file) }));
    for (const file of uploads) {
      const key = `${config.prefix}uploads/${file.sha256}${suffix}`;
      if (present.has(key)) continue;
      if (await client.exists(key)) present.add(key);
      else bytesSent += await put(key, readFileSync(join(uploadsDir, file.name)));
    }
    const databaseKey = `${config.prefix}snapshots/${name}.db.gz${suffix}`;
    bytesSent += await put(databaseKey, Bun.gzipSync(database as Uint8Array<ArrayBuffer>));
    const manifest: Manifest = {
      version: 1,
      name,
      createdAt: date.toISOString(),
      database: { key: databaseKey, sha256: sha256(database), size: database.byteLength },
      uploads: uploads.map(({ name, sha256, size }) => ({ name, sha256, size })),
    };
    bytesSent += await put(`${config.prefix}manifests/${name}.json${suffix}`, new TextEncoder().encode(JSON.stringify(manifest)));
    const keys = [databaseKey, ...uploads.map((file) => `${config.prefix}uploads/${file.sha256}${suffix}`)];
    state.manifests[name] = { createdAt: manifest.createdAt, keys };
    for (const file of Object.keys(state.hashes)) if (!uploads.some((upload) => upload.name === file)) delete state.hashes[file];
    saveState(dataDir, state);
    copiedFrom = signature(version, listed);
    await prune();
    return { name, bytesSent };
  }

  /** Deletes the copies the schedule no longer keeps, then the objects that no kept copy needs. */
  async function prune() {
    const copies = await listOffsiteCopies(config);
    const kept = retained(copies, deps.keep);
    for (const copy of copies) {
      if (kept.has(copy.name)) continue;
      await client.delete(`${config.prefix}manifests/${copy.name}.json${copy.encrypted ? ".age" : ""}`);
      delete state.manifests[copy.name];
    }
    saveState(dataDir, state);
    // An object is deleted only when every kept copy is one this server made (so it knows what each needs).
    if ([...kept].some((name) => !state.manifests[name])) return;
    // biome-ignore lint/style/noNonNullAssertion: every kept copy has its manifest here (checked just above)
    const needed = new Set([...kept].flatMap((name) => state.manifests[name]!.keys));
    const started = now().getTime();
    const newest = copies[0]?.name ?? "";
    // An object of a copy under way elsewhere (a second server on the same prefix) is left for a later pruning: a
    // snapshot newer than the newest copy, an upload this process has not seen written in the last hour.
    const inUse = (key: string, lastModified: string | undefined) => {
      if (needed.has(key) || present.has(key)) return needed.has(key);
      const snapshot = /snapshots\/(.+)\.db\.gz/.exec(key)?.[1];
      if (snapshot) return snapshot > newest;
      return !lastModified || started - Date.parse(lastModified) < 60 * 60 * 1000;
    };
    for (const folder of ["uploads/", "snapshots/"]) {
      for (const item of await listAll(client, `${config.prefix}${folder}`)) {
        if (inUse(item.key, item.lastModified)) continue;
        await client.delete(item.key);
        present.delete(item.key);
      }
    }
  }

  /** Takes a copy now (or joins the one under way). */
  function run(): Promise<RunResult> {
    running ??= copy()
      .then(
        (result) => {
          failures = 0;
          lastError = null;
          nextRetryAt = 0;
          log.log(`Off-site backup ${result.name} copied (${result.bytesSent} bytes sent)`);
          return result;
        },
        (error: unknown) => {
          failures += 1;
          const message = safeMessage(config, error);
          lastError = { message, at: now().toISOString() };
          nextRetryAt = Date.now() + Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (failures - 1));
          log.error(`Off-site backup failed (attempt ${failures}, retried in ${Math.round((nextRetryAt - Date.now()) / 1000)} s): ${message}`);
          throw new HttpError(502, `The off-site backup failed: ${message}`);
        },
      )
      .finally(() => {
        running = null;
      });
    return running;
  }

  function stop() {
    clearInterval(timer);
    watcher?.close();
    watcher = undefined;
  }

  const tick = () => {
    if (!isOpen(deps.db)) return stop(); // the copier ends with the database it copies (a shutdown, a test's cleanup)
    if (running || Date.now() < nextRetryAt) return;
    try {
      if (signature(dataVersion(), uploadsNow()) === copiedFrom) return;
    } catch (error) {
      log.error(`Off-site backup cannot read the database: ${(error as Error).message}`);
      return;
    }
    run().catch(() => {});
  };

  return {
    run,
    start(intervalMs = CHANGE_CHECK_MS) {
      timer = setInterval(tick, intervalMs);
      timer.unref?.();
      setTimeout(tick, 0).unref?.();
    },
    stop,
    status(): OffsiteStatus {
      const newest = Object.entries(readState(dataDir).manifests).sort(([a], [b]) => b.localeCompare(a))[0];
      return {
        enabled: true,
        bucket: maskedBucket(config),
        encrypted: Boolean(config.recipient),
        warning: config.recipient ? null : UNENCRYPTED_WARNING,
        running: running !== null,
        lastCopy: newest ? { name: newest[0], createdAt: newest[1].createdAt } : null,
        lastError,
        nextRetryAt: nextRetryAt ? new Date(nextRetryAt).toISOString() : null,
        canRestore: !config.recipient || Boolean(config.identityFile),
      };
    },
  };
}

// ---------------------------------------------------------------- fetching a copy back

/** The identities (`AGE-SECRET-KEY-1…` lines) of an age identity file, as age-keygen writes it. */
export function readIdentities(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw badRequest(`The identity file ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  const identities = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => /^AGE-SECRET-KEY-/.test(line));
  if (!identities.length) throw badRequest(`The identity file ${path} holds no age identity (a line AGE-SECRET-KEY-1…)`);
  return identities;
}

/**
 * Downloads the copy `which` ("latest" or a name) into `folder` (site.db and uploads/), decrypting with `identities`
 * and checking the database's and every upload's SHA-256 against the manifest. Throws before writing anything the
 * caller would use when an object is missing, unreadable or not what the manifest says.
 */
async function fetchOffsiteCopy(config: OffsiteConfig, which: string, identities: string[], workDir: string) {
  const client = s3Client(config);
  const copies = await listOffsiteCopies(config);
  const copy = which === "latest" ? copies[0] : copies.find((candidate) => candidate.name === which);
  if (!copy)
    throw notFound(
      which === "latest" ? `No off-site backup in ${maskedBucket(config)}` : `No off-site backup called "${which}" in ${maskedBucket(config)}`,
    );
  const fail = (reason: string) => badRequest(`The off-site backup ${copy.name} was not restored: ${reason}. Nothing was changed.`);
  const get = async (key: string): Promise<Uint8Array> => {
    let bytes: Uint8Array;
    try {
      bytes = await client.file(key).bytes();
    } catch (error) {
      throw fail(`${key} cannot be read (${safeMessage(config, error)})`);
    }
    if (!key.endsWith(".age")) return bytes;
    if (!identities.length) throw fail(`it is encrypted; give the age identity file (--identity key.txt)`);
    const { Decrypter } = await import("age-encryption");
    const decrypter = new Decrypter();
    for (const identity of identities) decrypter.addIdentity(identity);
    try {
      return await decrypter.decrypt(bytes);
    } catch (error) {
      throw fail(`${key} cannot be decrypted with the identity given (${(error as Error).message})`);
    }
  };
  const suffix = copy.encrypted ? ".age" : "";
  const folder = join(workDir, copy.name);
  const manifestKey = `${config.prefix}manifests/${copy.name}.json${suffix}`;
  let manifest: Manifest;
  try {
    manifest = JSON.parse(new TextDecoder().decode(await get(manifestKey))) as Manifest;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw fail("its manifest is not valid JSON");
  }
  const validUpload = (upload: Manifest["uploads"][number]) => UPLOAD_FILE.test(upload.name) && SHA256.test(upload.sha256);
  if (
    manifest.version !== 1 ||
    !SHA256.test(manifest.database?.sha256 ?? "") ||
    !Array.isArray(manifest.uploads) ||
    !manifest.uploads.every(validUpload)
  )
    throw fail("its manifest is not one this site writes");
  if (!manifest.database.key.startsWith(`${config.prefix}snapshots/`)) throw fail("its manifest names a database outside the backups");
  mkdirSync(join(folder, "uploads"), { recursive: true, mode: 0o700 });
  let database: Uint8Array;
  try {
    database = Bun.gunzipSync((await get(manifest.database.key)) as Uint8Array<ArrayBuffer>);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw fail("its database cannot be decompressed");
  }
  if (sha256(database) !== manifest.database.sha256) throw fail("its database is not the one the manifest names (SHA-256 differs)");
  writeFileSync(join(folder, "site.db"), database, { mode: 0o600 });
  const queue = [...manifest.uploads];
  const worker = async () => {
    for (let upload = queue.shift(); upload; upload = queue.shift()) {
      const bytes = await get(`${config.prefix}uploads/${upload.sha256}${suffix}`);
      if (sha256(bytes) !== upload.sha256) throw fail(`the upload ${upload.name} is not the one the manifest names (SHA-256 differs)`);
      writeFileSync(join(folder, "uploads", upload.name), bytes, { mode: 0o600 });
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  const keys = [manifest.database.key, ...manifest.uploads.map((upload) => `${config.prefix}uploads/${upload.sha256}${suffix}`)];
  return { name: copy.name, folder, keys };
}

/**
 * Restores an off-site copy ("latest" or a name) over the live data: fetched and checked into a work folder first
 * (every hash), then restored as a local backup is (integrity check, safety backup, one transaction).
 */
export async function restoreOffsiteCopy(deps: BackupDeps, config: OffsiteConfig, which: string, identities: string[]) {
  const workDir = join(backupsDir(deps.dataDir), `.unpacked-${randomHex(6)}`);
  try {
    const fetched = await fetchOffsiteCopy(config, which, identities, workDir);
    const result = await restoreBackup(deps, fetched.folder, { allowPaths: true });
    rememberCopy(deps.dataDir, fetched.name, fetched.keys);
    return result;
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
