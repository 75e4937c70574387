// A minimal ustar (POSIX tar) writer and reader: a backup downloads as one .tar that `tar -xf` unpacks and that
// `restore-backup FILE.tar` reads back. Regular files only; no links, no special files.
import { closeSync, openSync, readSync } from "node:fs";

const BLOCK = 512;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export type TarEntry = { path: string; source: string; size: number; mtime: Date };

function writeString(block: Uint8Array, offset: number, length: number, value: string) {
  const bytes = encoder.encode(value);
  if (bytes.length > length) throw new Error(`tar field too long: ${value}`);
  block.set(bytes, offset);
}

const octal = (value: number, length: number) => `${Math.floor(value).toString(8).padStart(length - 1, "0")}\0`;

/** A ustar header block for a regular file (paths over 100 bytes go into the 155-byte prefix). */
export function tarHeader(path: string, size: number, mtime: Date): Uint8Array {
  let name = path;
  let prefix = "";
  if (encoder.encode(path).length > 100) {
    const cut = path.lastIndexOf("/", path.length - 1);
    prefix = path.slice(0, cut);
    name = path.slice(cut + 1);
    if (cut < 0 || encoder.encode(name).length > 100 || encoder.encode(prefix).length > 155) throw new Error(`path too long for tar: ${path}`);
  }
  const block = new Uint8Array(BLOCK);
  writeString(block, 0, 100, name);
  writeString(block, 100, 8, "0000644\0");
  writeString(block, 108, 8, "0000000\0");
  writeString(block, 116, 8, "0000000\0");
  writeString(block, 124, 12, octal(size, 12));
  writeString(block, 136, 12, octal(mtime.getTime() / 1000, 12));
  writeString(block, 148, 8, "        ");
  writeString(block, 156, 1, "0");
  writeString(block, 257, 6, "ustar\0");
  writeString(block, 263, 2, "00");
  writeString(block, 265, 32, "root");
  writeString(block, 297, 32, "root");
  writeString(block, 345, 155, prefix);
  const checksum = block.reduce((sum, byte) => sum + byte, 0);
  writeString(block, 148, 8, `${checksum.toString(8).padStart(6, "0")}\0 `);
  return block;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/** The exact byte length of the archive that `tarStream(entries)` produces. */
export const tarSize = (entries: TarEntry[]) => entries.reduce((sum, entry) => sum + BLOCK + entry.size + padding(entry.size), 2 * BLOCK);

/**
 * Streams the entries as a tar archive, reading each file in chunks. Each file contributes exactly `entry.size`
 * bytes (cut or zero-filled should it have changed since), so the archive always matches its header and `tarSize`.
 */
export function tarStream(entries: TarEntry[]): ReadableStream<Uint8Array> {
  async function* blocks() {
    for (const entry of entries) {
      yield tarHeader(entry.path, entry.size, entry.mtime);
      const fd = openSync(entry.source, "r");
      try {
        let written = 0;
        const buffer = new Uint8Array(64 * 1024);
        while (written < entry.size) {
          const read = readSync(fd, buffer, 0, Math.min(buffer.length, entry.size - written), written);
          if (read === 0) break;
          written += read;
          yield buffer.slice(0, read);
        }
        if (written < entry.size) yield new Uint8Array(entry.size - written);
      } finally {
        closeSync(fd);
      }
      if (padding(entry.size)) yield new Uint8Array(padding(entry.size));
    }
    yield new Uint8Array(2 * BLOCK);
  }
  const iterator = blocks();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
}

const readString = (block: Uint8Array, offset: number, length: number) => {
  const slice = block.subarray(offset, offset + length);
  const end = slice.indexOf(0);
  return decoder.decode(end < 0 ? slice : slice.subarray(0, end));
};

/**
 * The regular files of a tar archive: path and contents. Directories, pax and GNU extension headers are skipped;
 * a bad checksum or a truncated archive throws.
 */
export function readTar(archive: Uint8Array): { path: string; data: Uint8Array }[] {
  const files: { path: string; data: Uint8Array }[] = [];
  for (let offset = 0; offset + BLOCK <= archive.length; ) {
    const block = archive.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) break;
    const stored = parseInt(readString(block, 148, 8).trim() || "0", 8);
    const actual = block.reduce((sum, byte, index) => sum + (index >= 148 && index < 156 ? 32 : byte), 0);
    if (stored !== actual) throw new Error("not a tar archive (bad header checksum)");
    const size = parseInt(readString(block, 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(block[156]!);
    const prefix = readString(block, 345, 155);
    const name = readString(block, 0, 100);
    const start = offset + BLOCK;
    if (start + size > archive.length) throw new Error("the tar archive is truncated");
    if (type === "0" || type === "\0") files.push({ path: prefix ? `${prefix}/${name}` : name, data: archive.subarray(start, start + size) });
    offset = start + size + padding(size);
  }
  return files;
}
