// The app_data folder (docs/architecture.md "app_data format"; issue 2 item 10): sync, status, restore, auto-restore.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { badRequest, HttpError } from "@server/lib/errors.ts";
import {
  commitStaged,
  discardStaged,
  fsyncDir,
  isRegularFile,
  removeTempFiles,
  type StagedFile,
  sameFile,
  stageCopy,
  stageWrite,
  writeFileAtomic,
} from "@server/lib/files.ts";
import { setSetting } from "@server/lib/settings.ts";
import { UPLOAD_FILE, uploadFileUnder } from "@server/lib/upload-files.ts";
import { EXPORT_SECTIONS, type ExportSection } from "@server/shared/constants.ts";
import type { SyncStatus } from "./model.ts";
import {
  type ContentRows,
  type ContentSections,
  countSections,
  DATA_FORMAT_VERSION,
  type DataDeps,
  describeCounts,
  hasContent,
  parseContent,
  type ReplaceResult,
  readContent,
  replaceContent,
  safetyCopy,
} from "./service.ts";

export const MANIFEST_FILE = "manifest.json";
const LAST_SYNC_SETTING = "lastSync";
/** `<section>.json` */
export const sectionFile = (section: ExportSection) => `${section}.json`;

type Manifest = { version: number; lastSync: string; files: string[] };

// A name the server could have generated for an upload: no folders, no leading dot.

/**
 * The upload file names that the content's media fields point at (`/uploads/<name>`): the fields whose schema takes
 * an upload URL (src/shared/schemas.ts). Text a visitor wrote (a message, say) never counts.
 */
function referencedUploads(content: ContentSections | ContentRows): string[] {
  const urls = [
    ...content.events.flatMap((row) => [...(row.images ?? []), row.attachmentFile]),
    ...content.archiveEvents.flatMap((row) => [row.image, ...(row.images ?? []), row.attachmentFile]),
    content.profile?.profileImage,
  ];
  const names = urls.map((url) => (url ? uploadFileUnder("/uploads/", url) : undefined)).filter((name) => name !== undefined);
  return [...new Set(names)].sort();
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();
const toJson = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const missingNote = (missing: string[]) =>
  missing.length ? ` ${missing.length} referenced upload file(s) were not found: ${missing.join(", ")}.` : "";

// ---------------------------------------------------------------- sync

/**
 * Writes every section as `<section>.json`, then the referenced uploads into `uploads/`, then `manifest.json` last,
 * each file atomically (the old manifest is removed while the sections are swapped in); stores the sync time in
 * the settings table.
 */
export function syncToAppData(deps: DataDeps) {
  const { appDataDir, dataDir } = deps.config;
  const lastSync = (deps.now?.() ?? new Date()).toISOString();
  const content = readContent(deps.db);
  const files = EXPORT_SECTIONS.map(sectionFile);
  const uploadsDir = join(appDataDir, "uploads");
  const staged: StagedFile[] = [];
  const missing: string[] = [];
  let copied = 0;
  try {
    mkdirSync(uploadsDir, { recursive: true });
    for (const name of referencedUploads(content)) {
      const source = join(dataDir, "uploads", name);
      const target = join(uploadsDir, name);
      if (!isFile(source)) {
        if (!isFile(target)) missing.push(name);
        continue;
      }
      copied += 1;
      if (!sameFile(source, target)) staged.push(stageCopy(source, target));
    }
    const uploadCount = staged.length;
    for (const section of EXPORT_SECTIONS) {
      const path = join(appDataDir, sectionFile(section));
      staged.push(stageWrite(path, toJson(content[section])));
    }
    // Uploads first, then the sections: a reader never finds a section pointing at a file not yet there.
    commitStaged(staged.slice(0, uploadCount));
    fsyncDir(uploadsDir);
    // The seven renames are not one atomic step: without a manifest while they run, a crash between two of them
    // leaves a folder that restore refuses ("no saved data"), never a mix of old and new sections that it would take.
    rmSync(join(appDataDir, MANIFEST_FILE), { force: true });
    fsyncDir(appDataDir);
    commitStaged(staged.slice(uploadCount));
    staged.length = 0;
    writeFileAtomic(join(appDataDir, MANIFEST_FILE), toJson({ version: DATA_FORMAT_VERSION, lastSync, files } satisfies Manifest));
  } catch (error) {
    discardStaged(staged);
    throw new HttpError(500, `Sync failed: could not write app_data (${(error as Error).message})`);
  }
  setSetting(deps.db, LAST_SYNC_SETTING, lastSync);
  return {
    success: true as const,
    message: `Data synced to app_data successfully: ${describeCounts(countSections(content))}, ${copied} upload file(s).${missingNote(missing)}`,
    lastSync,
    files,
  };
}

// ---------------------------------------------------------------- status

type ManifestRead = { ok: true; manifest: Manifest } | { ok: false; error: string };

/** Reads and checks `manifest.json`: `{version: 1, lastSync: ISO date-time, files: [names]}`. */
function readManifest(appDataDir: string): ManifestRead {
  const path = join(appDataDir, MANIFEST_FILE);
  if (!isFile(path)) return { ok: false, error: "No saved data found: app_data/manifest.json is missing." };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return { ok: false, error: "app_data/manifest.json is not valid JSON." };
  }
  const invalid = (reason: string): ManifestRead => ({ ok: false, error: `app_data/manifest.json is invalid: ${reason}.` });
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return invalid("expected an object");
  const { version, lastSync, files } = parsed as Record<string, unknown>;
  if (version !== DATA_FORMAT_VERSION) return invalid(`version must be ${DATA_FORMAT_VERSION}`);
  if (typeof lastSync !== "string" || Number.isNaN(Date.parse(lastSync))) return invalid("lastSync must be an ISO-8601 date-time");
  if (!Array.isArray(files) || !files.every((file) => typeof file === "string")) return invalid("files must be a list of file names");
  return { ok: true, manifest: { version, lastSync, files } };
}

/** GET /api/admin/sync-status: `hasAppData` is false when there is no valid manifest. */
export function readSyncStatus(appDataDir: string): SyncStatus {
  const read = readManifest(appDataDir);
  return read.ok
    ? { hasAppData: true, lastSync: read.manifest.lastSync, files: read.manifest.files }
    : { hasAppData: false, lastSync: null, files: [] };
}

// ---------------------------------------------------------------- restore

export type AppDataSnapshot = {
  manifest: Manifest;
  rows: ContentRows;
  uploads: { name: string; source: string }[];
  /** Uploads the rows refer to that neither app_data nor DATA_DIR/uploads holds: reported, never fatal. */
  missing: string[];
};

/**
 * Reads and validates all of app_data without touching anything: the manifest, every section file (as an import
 * checks it) and the files the manifest lists; throws a 400 with a clear message. Lists the uploads the rows refer
 * to that are nowhere to be found.
 */
export function loadAppData(appDataDir: string, dataDir: string): AppDataSnapshot {
  const read = readManifest(appDataDir);
  if (!read.ok) throw badRequest(read.error);
  const root = resolve(appDataDir);

  const sections: Record<string, unknown> = {};
  for (const section of EXPORT_SECTIONS) {
    const file = sectionFile(section);
    const path = join(root, file);
    if (!isFile(path)) throw badRequest(`app_data is incomplete: ${file} is missing.`);
    try {
      sections[section] = JSON.parse(readFileSync(path, "utf8"));
    } catch {
      throw badRequest(`app_data/${file} is not valid JSON.`);
    }
    if (sections[section] === undefined) throw badRequest(`app_data/${file} is empty.`);
  }
  for (const file of read.manifest.files) {
    const path = resolve(root, file);
    if (relative(root, path).startsWith("..") || path === root) throw badRequest(`app_data/manifest.json is invalid: "${file}" is outside app_data.`);
    if (!isFile(path)) throw badRequest(`app_data is incomplete: ${file} is listed in the manifest but missing.`);
  }

  const rows = parseContent(sections, (section) => `app_data/${sectionFile(section)}`);

  const uploadsDir = join(root, "uploads");
  const saved = existsSync(uploadsDir)
    ? // Regular files only: a symbolic link could copy any file of the machine into the public uploads.
      readdirSync(uploadsDir).filter((name) => UPLOAD_FILE.test(name) && isRegularFile(join(uploadsDir, name)))
    : [];
  const missing = referencedUploads(rows).filter((name) => !saved.includes(name) && !isFile(join(dataDir, "uploads", name)));
  return { manifest: read.manifest, rows, uploads: saved.map((name) => ({ name, source: join(uploadsDir, name) })), missing };
}

/**
 * POST /api/admin/restore-from-app-data: validates all of app_data first, then makes a safety copy of the database
 * and replaces all content in one transaction; copies the saved uploads into `DATA_DIR/uploads` first (each
 * atomically, existing uploads kept). A corrupt or partial app_data throws a 400 and changes nothing; a referenced
 * upload that is nowhere to be found is named in the message.
 */
export function restoreFromAppData(deps: DataDeps) {
  const { appDataDir, dataDir } = deps.config;
  const snapshot = loadAppData(appDataDir, dataDir);
  const uploadsDir = join(dataDir, "uploads");
  const staged: StagedFile[] = [];
  let result: ReplaceResult;
  try {
    mkdirSync(uploadsDir, { recursive: true });
    for (const { name, source } of snapshot.uploads) {
      const target = join(uploadsDir, name);
      // Names are generated per file, so an existing upload of that name is that file: never replaced.
      if (!existsSync(target)) staged.push(stageCopy(source, target));
    }
    // The files go in before the rows that refer to them: a crash between the two leaves unused files, never
    // rows pointing at files that are not there.
    commitStaged(staged);
    fsyncDir(uploadsDir);
    staged.length = 0;
    safetyCopy(deps.db, dataDir, "restore", deps.now?.());
    result = replaceContent(deps.db, snapshot.rows);
  } catch (error) {
    discardStaged(staged);
    throw error;
  }
  return {
    success: true as const,
    message: `Data restored from app_data (synced ${snapshot.manifest.lastSync}): ${describeCounts(result.counts)}, ${snapshot.uploads.length} upload file(s).${missingNote(snapshot.missing)}`,
    counts: result.counts,
  };
}

/** Removes the temp files that a sync or restore killed half-way left in app_data and the uploads. */
export function removeLeftovers({ appDataDir, dataDir }: DataDeps["config"]) {
  for (const dir of [appDataDir, join(appDataDir, "uploads"), join(dataDir, "uploads")]) removeTempFiles(dir);
}

export type AutoRestoreResult = { status: "restored" | "skipped" | "failed"; message: string };

/**
 * At start: removes the temp files a sync or restore killed half-way left behind, then restores from app_data only
 * when the database has no content (no row in any of the seven content tables); never overwrites a non-empty
 * database. A corrupt app_data is reported, not thrown, so the site still starts.
 */
export function autoRestore(deps: DataDeps): AutoRestoreResult {
  removeLeftovers(deps.config);
  const { appDataDir } = deps.config;
  if (hasContent(deps.db)) return { status: "skipped", message: "the database has content; app_data was not restored" };
  if (!existsSync(join(appDataDir, MANIFEST_FILE))) {
    return { status: "skipped", message: `no app_data to restore (${join(appDataDir, MANIFEST_FILE)} not found)` };
  }
  try {
    return { status: "restored", message: restoreFromAppData(deps).message };
  } catch (error) {
    if (error instanceof HttpError) return { status: "failed", message: `app_data was not restored: ${error.message}` };
    throw error;
  }
}
