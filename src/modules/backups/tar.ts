// A backup as one .tar, through tar-stream: the download that `tar -xf` unpacks and that `restore-backup FILE.tar`
// reads back. Regular files only; an archive from elsewhere is read within limits, so a hostile one fails quickly.
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { type Extract, extract, type Pack, pack } from "tar-stream";

const BLOCK = 512;
const CHUNK = 64 * 1024;
/** Backups are readable by their owner only (issue 12), in the archive as on disk. */
const FILE_MODE = 0o600;

export type TarEntry = { path: string; source: string; size: number; mtime: Date };

/**
 * What an archive read back may hold, far beyond any backup of this site (one database of a few MB, its manifest,
 * uploads of 20 MB at most), yet bounded: a hostile archive cannot fill the disk or keep a restore busy for long.
 */
export type TarLimits = { maxFileBytes: number; maxTotalBytes: number; maxEntries: number; timeoutMs: number };
export const TAR_LIMITS: TarLimits = { maxFileBytes: 1024 ** 3, maxTotalBytes: 8 * 1024 ** 3, maxEntries: 100_000, timeoutMs: 10 * 60_000 };

type Writable = Extract | ReturnType<Pack["entry"]>;

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;
const header = (entry: TarEntry) => ({ name: entry.path, size: entry.size, mtime: entry.mtime, mode: FILE_MODE });

/** Resolves when `stream` takes writes again, or once it is destroyed. */
function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroying) return resolve();
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
  });
}

/**
 * The exact byte length of the archive that `tarStream(entries)` writes: the headers as tar-stream encodes them (a
 * long path adds a pax header), measured by packing them without content, plus each file padded to whole blocks.
 */
export async function tarSize(entries: TarEntry[]): Promise<number> {
  const headers = pack();
  for (const entry of entries) headers.entry({ ...header(entry), size: 0 }, Buffer.alloc(0));
  headers.finalize();
  let size = 0;
  for await (const chunk of headers as AsyncIterable<Uint8Array>) size += chunk.byteLength;
  return entries.reduce((sum, entry) => sum + entry.size + padding(entry.size), size);
}

/**
 * Streams the entries as a tar archive, reading each file in chunks. Each file contributes exactly `entry.size`
 * bytes (cut or zero-filled should it have changed since), so the archive always matches its headers and `tarSize`.
 */
export function tarStream(entries: TarEntry[]): ReadableStream<Uint8Array> {
  const archive = pack();
  void (async () => {
    try {
      for (const entry of entries) await packFile(archive, entry);
      archive.finalize();
    } catch (error) {
      archive.destroy(error as Error);
    }
  })();
  const chunks = (archive as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return?.();
    },
  });
}

/** Adds one file to the archive (which writes the entries one after another), waiting while the reader is behind. */
async function packFile(archive: Pack, entry: TarEntry) {
  const sink = archive.entry(header(entry));
  sink.on("error", () => {}); // a failure is the archive's, and reaches the response through it
  const file = await open(entry.source, "r");
  try {
    for (let written = 0; written < entry.size && !sink.destroying; ) {
      const chunk = Buffer.alloc(Math.min(CHUNK, entry.size - written));
      const { bytesRead } = await file.read(chunk, 0, chunk.length, written);
      const part = bytesRead ? chunk.subarray(0, bytesRead) : chunk;
      written += part.length;
      if (!sink.write(part)) await drained(sink);
    }
  } finally {
    await file.close();
  }
  sink.end(null);
}

/**
 * Reads the tar archive at `archivePath` as a stream and writes each regular file that `targetFor(path)` places
 * (null: skipped) to that file, readable by its owner only. A corrupt or hostile archive (a bad header, a negative
 * or huge size, truncated, beyond `limits`, or too slow) throws, after reading it at most once: time and memory stay
 * bounded whatever its headers claim.
 */
export async function extractTar(archivePath: string, targetFor: (path: string) => string | null, limits: TarLimits = TAR_LIMITS) {
  const reader = extract();
  const tooSlow = new Error(`reading it took longer than ${limits.timeoutMs / 1000} s`);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    reader.destroy(tooSlow);
  }, limits.timeoutMs);
  const feeding = feed(archivePath, reader);
  let entries = 0;
  let total = 0;
  try {
    for await (const entry of reader) {
      const { name, size, type } = entry.header;
      if (++entries > limits.maxEntries) throw new Error(`it holds more than ${limits.maxEntries} entries`);
      if (size > limits.maxFileBytes) throw new Error(`${name} is larger than ${limits.maxFileBytes} bytes`);
      total += size;
      if (total > limits.maxTotalBytes) throw new Error(`its files add up to more than ${limits.maxTotalBytes} bytes`);
      const target = type === "file" ? targetFor(name) : null;
      if (target) await save(entry as AsyncIterable<Uint8Array>, target);
      else entry.resume();
    }
  } catch (error) {
    throw timedOut ? tooSlow : error; // the file being written only learns that its stream was destroyed
  } finally {
    clearTimeout(timer);
    reader.destroy(null);
    await feeding;
  }
}

/** Writes the archive's bytes into `reader`, waiting while it is busy; stops when it is destroyed. Never throws. */
async function feed(archivePath: string, reader: Extract) {
  try {
    for await (const chunk of createReadStream(archivePath, { highWaterMark: CHUNK })) {
      if (reader.destroying) return;
      if (!reader.write(chunk)) await drained(reader);
    }
    reader.end(null);
  } catch (error) {
    reader.destroy(error as Error);
  }
}

async function save(content: AsyncIterable<Uint8Array>, target: string) {
  const file = await open(target, "w", FILE_MODE);
  try {
    for await (const chunk of content) await file.write(chunk);
  } finally {
    await file.close();
  }
}
