// Backups (issue 7): a consistent snapshot of the database (VACUUM INTO) and the upload files, one folder per backup
// in DATA_DIR/backups, taken daily, before every import or restore, and on demand; restorable in place.
import { Database } from "bun:sqlite";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { basename, join, resolve } from "node:path";
import { type Db, openDatabase } from "@db/client.ts";
import { migrations } from "@db/migrations/index.ts";
import type { BackupKeep } from "@server/config.ts";
import { badRequest, HttpError, notFound } from "@server/lib/errors.ts";
import { commitStaged, discardStaged, fsyncDir, isRegularFile, type StagedFile, sameFile, stageCopy } from "@server/lib/files.ts";
import { randomHex } from "@server/lib/secrets.ts";
import { UPLOAD_FILE } from "@server/lib/upload-files.ts";
import type { BackupInfo } from "./model.ts";
import { retained } from "./retention.ts";
import { extractTar, type TarEntry } from "./tar.ts";

const BACKUP_KINDS = ["daily", "manual", "before-import", "before-restore"] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

/** How many backups of each kind are kept (the oldest are removed after each new one); daily ones: BACKUP_KEEP_*. */
export const BACKUPS_KEPT: Record<BackupKind, number> = { daily: 7, manual: 10, "before-import": 10, "before-restore": 10 };

const DAY_MS = 24 * 60 * 60 * 1000;

/** `20261121T175000Z-daily`, `20261121T175000Z-manual-2`: an ISO-8601 (basic format) UTC time and the reason. */
const BACKUP_NAME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z-(daily|manual|before-import|before-restore)(?:-([2-9]|[1-9]\d{1,2}))?$/;
const DATABASE_FILE = "site.db";
const MANIFEST_FILE = "backup.json";
/**
 * Tables a restore leaves as they are: the account (its credentials, passkeys, signed-in devices, pending links and
 * codes, and its activity log), so that a restore never locks anyone out, never brings back a device signed out or a
 * passkey removed since, and never rewrites the security record; and the migrations.
 */
const KEPT_TABLES = new Set(["users", "passkeys", "devices", "password_resets", "sign_in_codes", "email_changes", "activity", "__migrations"]);
/** Backups hold the password hash and every visitor's messages: readable by the service's user only. */
const PRIVATE_FOLDER = 0o700;
const PRIVATE_FILE = 0o600;

export type { BackupInfo };
export type Backup = BackupInfo & { path: string };
/** `keep`: the schedule of the daily backups (BACKUP_KEEP_*; 7 daily, 4 weekly, 12 monthly when not given). */
export type BackupDeps = { db: Db; dataDir: string; now?: () => Date; keep?: BackupKeep };
const DEFAULT_KEEP: BackupKeep = { daily: 7, weekly: 4, monthly: 12 };

export const backupsDir = (dataDir: string) => join(dataDir, "backups");

export const basicStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

function parseName(name: string): { kind: BackupKind; createdAt: string; sequence: number } | null {
  const match = BACKUP_NAME.exec(name);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, kind, sequence] = match;
  return { kind: kind as BackupKind, createdAt: `${year}-${month}-${day}T${hour}:${minute}:${second}.000Z`, sequence: Number(sequence ?? 1) };
}

/** The upload files of a folder that may be copied: regular files (no links) with a name the server generates. */
export function uploadFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => UPLOAD_FILE.test(name) && isRegularFile(join(dir, name)))
    .sort();
}

function folderSize(path: string): number {
  let size = 0;
  for (const name of readdirSync(path)) {
    const stat = lstatSync(join(path, name));
    size += stat.isDirectory() ? folderSize(join(path, name)) : stat.size;
  }
  return size;
}

function describe(path: string, name: string): (Backup & { sequence: number }) | null {
  const parsed = parseName(name);
  if (!parsed || !isRegularFile(join(path, DATABASE_FILE))) return null;
  return { name, ...parsed, size: folderSize(path), path };
}

/** Every backup in DATA_DIR/backups, newest first. */
export function listBackups(dataDir: string): Backup[] {
  const dir = backupsDir(dataDir);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .map((name) => describe(join(dir, name), name))
    .filter((backup) => backup !== null)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.sequence - a.sequence)
    .map(({ sequence: _, ...backup }) => backup);
}

/** The backup called `name` (a name as listed, nothing else), or a 404. */
export function findBackup(dataDir: string, name: string): Backup {
  const found = BACKUP_NAME.test(name) ? describe(join(backupsDir(dataDir), name), name) : null;
  if (!found) throw notFound("Backup not found");
  const { sequence: _, ...backup } = found;
  return backup;
}

/**
 * Takes a backup now: the database through `VACUUM INTO` (a consistent snapshot even while the site is serving) and
 * the upload files (hard links where the file system allows, as uploads are never changed in place, else copies),
 * written into a hidden folder that is renamed into place when complete. Then removes the oldest of that kind.
 */
export function takeBackup(deps: BackupDeps, kind: BackupKind): Backup {
  const now = deps.now?.() ?? new Date();
  const dir = backupsDir(deps.dataDir);
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER });
  const base = `${basicStamp(now)}-${kind}`;
  // Several in one second count up from the highest taken (even if rotation removed the first ones).
  const taken = readdirSync(dir)
    .map((entry) => parseName(entry.replace(/^\.partial-/, "").replace(/-[0-9a-f]{8}$/, "")))
    .filter((parsed) => parsed && basicStamp(new Date(parsed.createdAt)) === basicStamp(now) && parsed.kind === kind)
    // biome-ignore lint/style/noNonNullAssertion: the filter above kept only parsed entries
    .map((parsed) => parsed!.sequence);
  const name = taken.length ? `${base}-${Math.max(...taken) + 1}` : base;
  const temp = join(dir, `.partial-${name}-${randomHex(4)}`);
  try {
    mkdirSync(join(temp, "uploads"), { recursive: true, mode: PRIVATE_FOLDER });
    deps.db.$client.query("VACUUM INTO ?").run(join(temp, DATABASE_FILE));
    chmodSync(join(temp, DATABASE_FILE), PRIVATE_FILE);
    const uploadsDir = join(deps.dataDir, "uploads");
    const uploads = uploadFiles(uploadsDir);
    const previous = listBackups(deps.dataDir)[0];
    for (const file of uploads) copyUpload(join(uploadsDir, file), join(temp, "uploads", file), previous && join(previous.path, "uploads", file));
    const manifest = { version: 1, name, kind, createdAt: now.toISOString(), database: DATABASE_FILE, uploads };
    writeFileSync(join(temp, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: PRIVATE_FILE });
    renameSync(temp, join(dir, name));
    fsyncDir(dir);
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw new HttpError(500, `The backup could not be written to ${dir}: ${(error as Error).message}`);
  }
  rotateBackups(deps.dataDir, kind, deps.keep ?? DEFAULT_KEEP);
  return findBackup(deps.dataDir, name);
}

/**
 * Copies one upload into a backup, keeping its modification time. When the previous backup holds the same file
 * (same size and modification time, as rsync --link-dest judges), the new backup shares it through a hard link:
 * unchanged uploads take no extra space, and a live file changed in place never changes a backup.
 */
function copyUpload(source: string, target: string, previous: string | undefined) {
  const stat = statSync(source);
  if (previous && isRegularFile(previous)) {
    const before = statSync(previous);
    if (before.size === stat.size && Math.trunc(before.mtimeMs) === Math.trunc(stat.mtimeMs)) {
      try {
        linkSync(previous, target);
        return;
      } catch {
        // Another file system or no hard links: copy instead.
      }
    }
  }
  copyFileSync(source, target);
  chmodSync(target, PRIVATE_FILE);
  utimesSync(target, stat.atime, stat.mtime);
}

/**
 * Removes the backups of `kind` the schedule no longer keeps: for daily ones, beyond the newest of each of the last
 * `keep.daily` days, `keep.weekly` weeks and `keep.monthly` months; for other kinds, beyond BACKUPS_KEPT[kind].
 */
function rotateBackups(dataDir: string, kind: BackupKind, keep: BackupKeep): string[] {
  removeStaleWorkFolders(dataDir);
  const ofKind = listBackups(dataDir).filter((backup) => backup.kind === kind);
  const kept = kind === "daily" ? retained(ofKind, keep) : new Set(ofKind.slice(0, BACKUPS_KEPT[kind]).map((backup) => backup.name));
  const surplus = ofKind.filter((backup) => !kept.has(backup.name));
  for (const backup of surplus) rmSync(backup.path, { recursive: true, force: true });
  return surplus.map((backup) => backup.name);
}

// Work folders left behind by a process that stopped half-way (a crash or a power cut) are removed after an hour.
function removeStaleWorkFolders(dataDir: string) {
  const dir = backupsDir(dataDir);
  for (const name of readdirSync(dir)) {
    if (!/^\.(partial|restoring|unpacked)-/.test(name)) continue;
    const path = join(dir, name);
    if (Date.now() - lstatSync(path).mtimeMs > 60 * 60 * 1000) rmSync(path, { recursive: true, force: true });
  }
}

/** The files of a backup as tar entries under `<name>/`, for the download. */
export function backupTarEntries(backup: Backup): TarEntry[] {
  const entry = (relative: string): TarEntry => {
    const source = join(backup.path, relative);
    const stat = statSync(source);
    return { path: `${backup.name}/${relative}`, source, size: stat.size, mtime: stat.mtime };
  };
  const entries = [entry(DATABASE_FILE)];
  if (isRegularFile(join(backup.path, MANIFEST_FILE))) entries.push(entry(MANIFEST_FILE));
  for (const file of uploadFiles(join(backup.path, "uploads"))) entries.push(entry(`uploads/${file}`));
  return entries;
}

// ---------------------------------------------------------------- restore

type Snapshot = { label: string; database: string; uploads: string | null; cleanup: () => void };

/**
 * Where a restore reads from: a backup's name; or (from the CLI) a backup folder, a downloaded `.tar`, or a bare
 * SQLite file (then the uploads are left as they are). Tar archives are unpacked into a hidden work folder.
 */
async function openSnapshot(dataDir: string, source: string, allowPaths: boolean): Promise<Snapshot> {
  const none = () => {};
  if (BACKUP_NAME.test(source) && existsSync(join(backupsDir(dataDir), source))) {
    const backup = findBackup(dataDir, source);
    return { label: backup.name, database: join(backup.path, DATABASE_FILE), uploads: join(backup.path, "uploads"), cleanup: none };
  }
  if (!allowPaths) throw notFound("Backup not found");
  const path = resolve(source);
  if (!existsSync(path)) throw notFound(`No backup called "${source}" in ${backupsDir(dataDir)}, and no file ${path}`);
  if (statSync(path).isDirectory()) {
    if (!isRegularFile(join(path, DATABASE_FILE))) throw badRequest(`${path} is not a backup folder (it has no ${DATABASE_FILE})`);
    return { label: path, database: join(path, DATABASE_FILE), uploads: join(path, "uploads"), cleanup: none };
  }
  if (/\.tar$/i.test(path)) return unpackTar(dataDir, path);
  return { label: path, database: path, uploads: null, cleanup: none };
}

async function unpackTar(dataDir: string, path: string): Promise<Snapshot> {
  const work = join(backupsDir(dataDir), `.unpacked-${randomHex(6)}`);
  mkdirSync(join(work, "uploads"), { recursive: true, mode: PRIVATE_FOLDER });
  const cleanup = () => rmSync(work, { recursive: true, force: true });
  // Only the two kinds of file a restore reads, each written under `work` by its own checked name.
  const targetFor = (entry: string) => {
    const parts = entry.split("/").filter((part) => part && part !== ".");
    const [last, parent] = [parts.at(-1) ?? "", parts.at(-2)];
    if (parts.length > 3 || parts.includes("..")) return null;
    if (last === DATABASE_FILE && parts.length <= 2) return join(work, DATABASE_FILE);
    if (parent === "uploads" && UPLOAD_FILE.test(last)) return join(work, "uploads", last);
    return null;
  };
  try {
    await extractTar(path, targetFor);
  } catch (error) {
    cleanup();
    throw badRequest(`${path} cannot be read as a tar archive: ${(error as Error).message}`);
  }
  if (!isRegularFile(join(work, DATABASE_FILE))) {
    cleanup();
    throw badRequest(`${path} is not a backup archive (it has no ${DATABASE_FILE})`);
  }
  return { label: basename(path), database: join(work, DATABASE_FILE), uploads: join(work, "uploads"), cleanup };
}

/**
 * Copies the snapshot's database to a work file and checks it: it must be a SQLite file that passes
 * `PRAGMA integrity_check` and holds this site's tables and no migration newer than this version knows. The work
 * copy is then migrated to the current schema. Throws a 400 (and removes the work file) otherwise.
 */
function checkedWorkCopy(snapshot: Snapshot, workDir: string): string {
  const work = join(workDir, DATABASE_FILE);
  copyFileSync(snapshot.database, work);
  const refuse = (reason: string) => badRequest(`The backup ${snapshot.label} was not restored: ${reason}. Nothing was changed.`);
  let sqlite: Database | undefined;
  try {
    sqlite = new Database(work, { strict: true });
    const problems = sqlite
      .query<Record<string, string>, []>("PRAGMA integrity_check")
      .all()
      .map((row) => Object.values(row)[0]);
    if (problems.length !== 1 || problems[0] !== "ok") throw refuse(`it failed its integrity check (${problems.slice(0, 3).join("; ")})`);
    const tables = new Set(
      sqlite
        .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((row) => row.name),
    );
    if (!tables.has("__migrations") || !tables.has("events")) throw refuse("it is not a database of this site");
    const known = new Set(migrations.map((migration) => migration.name));
    const unknown = sqlite
      .query<{ name: string }, []>("SELECT name FROM __migrations")
      .all()
      .filter((row) => !known.has(row.name));
    // biome-ignore lint/style/noNonNullAssertion: unknown.length was checked on this line
    if (unknown.length) throw refuse(`it was made by a newer version of the site (migration ${unknown[0]!.name}); upgrade first`);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw refuse(`it is not a readable SQLite database (${(error as Error).message})`);
  } finally {
    sqlite?.close();
  }
  openDatabase(work).$client.close(); // brings an older backup's schema up to date
  return work;
}

/** Copies the snapshot's uploads to temp files beside their targets (renamed into place after the database). */
function stageUploads(from: string | null, uploadsDir: string): StagedFile[] {
  const staged: StagedFile[] = [];
  if (!from) return staged;
  mkdirSync(uploadsDir, { recursive: true });
  try {
    for (const file of uploadFiles(from)) {
      const path = join(uploadsDir, file);
      if (!sameFile(join(from, file), path)) staged.push(stageCopy(join(from, file), path));
    }
  } catch (error) {
    discardStaged(staged);
    throw error;
  }
  return staged;
}

/**
 * Replaces the content of the open database with the snapshot's, in one transaction: the snapshot is attached and
 * every table but users and migrations is emptied and refilled, column by column. The connection stays open, so a
 * running server keeps working. Returns the row counts of the content tables.
 */
function replaceFromSnapshot(db: Db, work: string): Record<string, number> {
  const client = db.$client;
  client.query("ATTACH DATABASE ? AS snapshot").run(work);
  try {
    const tables = client
      .query<{ name: string }, []>("SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all()
      .map((row) => row.name)
      .filter((name) => !KEPT_TABLES.has(name));
    const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
    const columnsOf = (schema: string, table: string) =>
      client
        .query<{ name: string }, []>(`PRAGMA ${schema}.table_info(${quote(table)})`)
        .all()
        .map((row) => row.name);
    const counts: Record<string, number> = {};
    client
      .transaction(() => {
        client.exec("PRAGMA defer_foreign_keys = ON");
        for (const table of tables) client.exec(`DELETE FROM main.${quote(table)}`);
        for (const table of tables) {
          const available = new Set(columnsOf("snapshot", table));
          const columns = columnsOf("main", table)
            .filter((column) => available.has(column))
            .map(quote)
            .join(", ");
          if (columns) client.exec(`INSERT INTO main.${quote(table)} (${columns}) SELECT ${columns} FROM snapshot.${quote(table)}`);
          // biome-ignore lint/style/noNonNullAssertion: count(*) always answers one row
          counts[table] = client.query<{ n: number }, []>(`SELECT count(*) AS n FROM main.${quote(table)}`).get()!.n;
        }
      })
      .immediate();
    return counts;
  } finally {
    client.exec("DETACH DATABASE snapshot");
  }
}

const plural = (n: number | undefined, one: string, many: string) => `${n ?? 0} ${n === 1 ? one : many}`;

/**
 * Restores a backup over the live data: checks it (integrity, schema) and stages its uploads first, then takes a
 * "before-restore" backup of the current data, then replaces the database content in one transaction and moves the
 * uploads into place (uploads that the backup does not have are kept). A backup that fails a check changes nothing.
 */
export async function restoreBackup(deps: BackupDeps, source: string, options: { allowPaths?: boolean } = {}) {
  const snapshot = await openSnapshot(deps.dataDir, source, options.allowPaths ?? false);
  const workDir = join(backupsDir(deps.dataDir), `.restoring-${randomHex(6)}`);
  const uploadsDir = join(deps.dataDir, "uploads");
  let staged: StagedFile[] = [];
  try {
    mkdirSync(workDir, { recursive: true, mode: PRIVATE_FOLDER });
    const work = checkedWorkCopy(snapshot, workDir);
    staged = stageUploads(snapshot.uploads, uploadsDir);
    const safety = takeBackup(deps, "before-restore");
    let counts: Record<string, number>;
    try {
      counts = replaceFromSnapshot(deps.db, work);
    } catch (error) {
      throw new HttpError(500, `The backup ${snapshot.label} was not restored (${(error as Error).message}). Nothing was changed.`);
    }
    commitStaged(staged);
    staged = [];
    fsyncDir(uploadsDir);
    const uploads = snapshot.uploads ? uploadFiles(snapshot.uploads).length : 0;
    return {
      success: true as const,
      message:
        `Backup ${basename(snapshot.label)} restored: ${plural(counts.events, "event", "events")}, ${plural(counts.classes, "class", "classes")}, ` +
        `${plural(counts.archive_events, "archive event", "archive events")}, ${plural(counts.messages, "message", "messages")}, ` +
        `${plural(counts.subscribers, "subscriber", "subscribers")}, ${plural(counts.notifications, "notification", "notifications")}, ` +
        `${plural(uploads, "upload file", "upload files")}. The data before it is in backup ${safety.name}.`,
      safetyBackup: safety.name,
    };
  } finally {
    discardStaged(staged);
    rmSync(workDir, { recursive: true, force: true });
    snapshot.cleanup();
  }
}

// ---------------------------------------------------------------- daily

/** How long until the next daily backup is due: none yet, or the last one 24 h old or more, means now (0). */
export function nextDailyDelay(dataDir: string, now: Date): number {
  const last = listBackups(dataDir).find((backup) => backup.kind === "daily");
  if (!last) return 0;
  return Math.max(0, Date.parse(last.createdAt) + DAY_MS - now.getTime());
}

/**
 * Takes a daily backup when one is due (at start, when the last is older than 24 h), then every 24 h. The timer is
 * unref'd: it never keeps the process alive. A failure is logged and retried in an hour.
 */
export function scheduleDailyBackups(deps: BackupDeps, log: Pick<Console, "log" | "error"> = console, firstLookMs = 1000) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = (delay: number) => {
    timer = setTimeout(run, delay);
    timer.unref?.();
  };
  const run = () => {
    try {
      const backup = takeBackup(deps, "daily");
      log.log(`Daily backup taken: ${backup.path}`);
      schedule(DAY_MS);
    } catch (error) {
      log.error(`Daily backup failed: ${(error as Error).message}`);
      schedule(60 * 60 * 1000);
    }
  };
  // Looking at the folder waits a moment, so that the first requests after a start are not kept waiting.
  timer = setTimeout(() => schedule(nextDailyDelay(deps.dataDir, deps.now?.() ?? new Date())), firstLookMs);
  timer.unref?.();
  return { stop: () => clearTimeout(timer) };
}
