// Files written so that a reader, or the next start after a crash, finds the old file or the new one, never half of
// one: the bytes go to a temp file beside the target, are flushed to disk, and the temp file is renamed over it.
import { closeSync, copyFileSync, fsyncSync, lstatSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { randomHex } from "./secrets.ts";

/** A file written in full beside `path`, waiting to be renamed into place. */
export type StagedFile = { temp: string; path: string };

const tempPathFor = (path: string) => join(dirname(path), `.${basename(path)}.${randomHex(6)}.tmp`);
const TEMP_NAME = /^\..+\.[0-9a-f]{12}\.tmp$/;

/** Removes the temp files (as this module names them) that a process stopped half-way left in `dir`. */
export function removeTempFiles(dir: string) {
  try {
    for (const name of readdirSync(dir)) if (TEMP_NAME.test(name)) rmSync(join(dir, name), { force: true });
  } catch {
    // No such folder, or a read-only one: a leftover file never keeps the site from starting.
  }
}

function fsyncPath(path: string) {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Flushes a folder's entries (the renames into it) to disk. */
export function fsyncDir(dir: string) {
  try {
    fsyncPath(dir);
  } catch {
    // Some platforms cannot open a folder for fsync; the renames are still atomic.
  }
}

/** Writes `data` to a temp file beside `path`, flushed to disk; returns it to rename later. */
export function stageWrite(path: string, data: string | Uint8Array): StagedFile {
  const temp = tempPathFor(path);
  const bytes = typeof data === "string" ? Buffer.from(data) : data;
  const fd = openSync(temp, "w", 0o644);
  try {
    for (let offset = 0; offset < bytes.length; ) offset += writeSync(fd, bytes, offset, bytes.length - offset);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  return { temp, path };
}

/** Copies `source` to a temp file beside `path`, flushed to disk; returns it to rename later. */
export function stageCopy(source: string, path: string): StagedFile {
  const temp = tempPathFor(path);
  try {
    copyFileSync(source, temp);
    fsyncPath(temp);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  return { temp, path };
}

/** Renames staged files into place, in order (the caller flushes their folders with `fsyncDir`). */
export function commitStaged(staged: StagedFile[]) {
  for (const { temp, path } of staged) renameSync(temp, path);
}
/** Removes staged files that will not be renamed into place. */
export function discardStaged(staged: StagedFile[]) {
  for (const { temp } of staged) rmSync(temp, { force: true });
}

/** Writes a file atomically: temp file in the same folder, fsync, rename, fsync of the folder. */
export function writeFileAtomic(path: string, data: string | Uint8Array) {
  const staged = stageWrite(path, data);
  try {
    commitStaged([staged]);
  } catch (error) {
    discardStaged([staged]);
    throw error;
  }
  fsyncDir(dirname(path));
}

/** A regular file: not a folder, and not a link (which could point anywhere on the machine). */
export function isRegularFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

/** True when both are regular files with the same bytes (a copy that can be skipped). */
export function sameFile(a: string, b: string): boolean {
  if (!isRegularFile(a) || !isRegularFile(b) || lstatSync(a).size !== lstatSync(b).size) return false;
  return readFileSync(a).equals(readFileSync(b));
}
