// The web fonts the build makes (scripts/fonts.ts, called by scripts/build.ts) are subset: smaller, `wght` limited to
// what their @font-face declares, every Latin code point the original maps still mapped, only the default layout
// features left, the vertical metrics the fallback faces copy unchanged. The WOFF2 files are read here directly
// (table directory, Brotli stream, then cmap, fvar, GSUB/GPOS, head, hhea, OS/2, hmtx).
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { buildFonts, codePoints, FONTS, LATIN, LAYOUT_FEATURES } from "./fonts.ts";

/** Bytes per file, a little above what the subsets weigh (Inter 29,400, Fraunces 32,672; the originals 48,256 and 36,620). */
const LIMITS: Record<string, number> = { "Inter Variable": 31_000, "Fraunces Variable": 34_000 };
const TIMEOUT = 30_000;

const outdir = mkdtempSync(join(tmpdir(), "fonts-"));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));
let css: Promise<string> | undefined;
const build = () => (css ??= buildFonts(outdir));

type Face = Record<string, string> & { family: string; file: string };

/** The @font-face rules of the web fonts (not the fallbacks) in CSS the fonts script wrote: descriptors, family, file. */
function parseFaces(css: string, folder: string): Face[] {
  return [...css.matchAll(/@font-face \{([^}]*)\}/g)]
    .map(
      ([, body]) => Object.fromEntries([...body!.matchAll(/([a-z-]+): ([^;]+);/g)].map(([, key, value]) => [key!, value!])) as Record<string, string>,
    )
    .filter((face) => face.src?.startsWith("url("))
    .map((face) =>
      Object.assign(face, { family: face["font-family"]!.replaceAll('"', ""), file: `${folder}${face.src!.match(/url\("([^"]+)"\)/)![1]}` }),
    );
}
const faces = async () => parseFaces(await build(), outdir);

// The 63 table tags a WOFF2 directory names by index.
const KNOWN_TAGS =
  "cmap,head,hhea,hmtx,maxp,name,OS/2,post,cvt ,fpgm,glyf,loca,prep,CFF ,VORG,EBDT,EBLC,gasp,hdmx,kern,LTSH,PCLT,VDMX,vhea,vmtx,BASE,GDEF,GPOS,GSUB,EBSC,JSTF,MATH,CBDT,CBLC,COLR,CPAL,SVG ,sbix,acnt,avar,bdat,bloc,bsln,cvar,fdsc,feat,fmtx,fvar,gvar,hsty,just,lcar,mort,morx,opbd,prop,trak,Zapf,Silf,Glat,Gloc,Feat,Sill".split(
    ",",
  );

type Table = { view: DataView; transformed: boolean };

/** The tables of a (single-font) WOFF2 file, as stored in its Brotli stream. */
function readWoff2(bytes: Uint8Array): Map<string, Table> {
  const header = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (header.getUint32(0) !== 0x774f4632) throw new Error("not a WOFF2 file");
  const numTables = header.getUint16(12);
  const compressedLength = header.getUint32(20);
  let offset = 48;
  const base128 = () => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = bytes[offset++]!;
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
    throw new Error("bad UIntBase128");
  };
  const entries: { tag: string; length: number; transformed: boolean }[] = [];
  for (let i = 0; i < numTables; i++) {
    const flags = bytes[offset++]!;
    let tag = KNOWN_TAGS[flags & 0x3f]!;
    if ((flags & 0x3f) === 63) {
      tag = String.fromCharCode(...bytes.subarray(offset, offset + 4));
      offset += 4;
    }
    const origLength = base128();
    // glyf and loca are transformed unless their version is 3; every other table only when its version is not 0.
    const transformed = tag === "glyf" || tag === "loca" ? flags >> 6 === 0 : flags >> 6 !== 0;
    entries.push({ tag, length: transformed ? base128() : origLength, transformed });
  }
  const data = brotliDecompressSync(bytes.subarray(offset, offset + compressedLength));
  const tables = new Map<string, Table>();
  let position = 0;
  for (const entry of entries) {
    tables.set(entry.tag, { view: new DataView(data.buffer, data.byteOffset + position, entry.length), transformed: entry.transformed });
    position += entry.length;
  }
  return tables;
}

type Font = { bytes: number; tables: Map<string, Table> };
const read = async (path: string): Promise<Font> => {
  const bytes = await Bun.file(path).bytes();
  return { bytes: bytes.length, tables: readWoff2(bytes) };
};
const table = (font: Font, tag: string) => {
  const found = font.tables.get(tag);
  if (!found) throw new Error(`no ${tag} table`);
  return found.view;
};

/** Code point → glyph id, from the cmap's format 12 subtable, or else its format 4 one. */
function cmap(font: Font): Map<number, number> {
  const view = table(font, "cmap");
  const subtables = Array.from({ length: view.getUint16(2) }, (_, i) => view.getUint32(4 + i * 8 + 4));
  const map = new Map<number, number>();
  const format12 = subtables.find((offset) => view.getUint16(offset) === 12);
  if (format12 !== undefined) {
    for (let i = 0; i < view.getUint32(format12 + 12); i++) {
      const group = format12 + 16 + i * 12;
      const [start, end, glyph] = [view.getUint32(group), view.getUint32(group + 4), view.getUint32(group + 8)];
      for (let point = start; point <= end; point++) map.set(point, glyph + point - start);
    }
    return map;
  }
  const format4 = subtables.find((offset) => view.getUint16(offset) === 4);
  if (format4 === undefined) throw new Error("no format 4 or 12 cmap");
  const segments = view.getUint16(format4 + 6) / 2;
  const ends = format4 + 14,
    starts = ends + segments * 2 + 2,
    deltas = starts + segments * 2,
    rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const [start, end, delta, rangeOffset] = [
      view.getUint16(starts + s * 2),
      view.getUint16(ends + s * 2),
      view.getUint16(deltas + s * 2),
      view.getUint16(rangeOffsets + s * 2),
    ];
    for (let point = start; point <= end && point !== 0xffff; point++) {
      const indexed = rangeOffset === 0 ? point : view.getUint16(rangeOffsets + s * 2 + rangeOffset + (point - start) * 2);
      const glyph = rangeOffset !== 0 && indexed === 0 ? 0 : (indexed + delta) & 0xffff;
      if (glyph !== 0) map.set(point, glyph);
    }
  }
  return map;
}

/** The `wght` axis of the fvar table: minimum, default and maximum. */
function wght(font: Font) {
  const view = table(font, "fvar");
  const [axes, count, size] = [view.getUint16(4), view.getUint16(8), view.getUint16(10)];
  for (let i = 0; i < count; i++) {
    const axis = axes + i * size;
    if (view.getUint32(axis) !== 0x77676874) continue;
    return { min: view.getInt32(axis + 4) / 65536, default: view.getInt32(axis + 8) / 65536, max: view.getInt32(axis + 12) / 65536 };
  }
  throw new Error("no wght axis");
}

/** The feature tags of a GSUB or GPOS table. */
function features(font: Font, tag: "GSUB" | "GPOS"): string[] {
  const found = font.tables.get(tag);
  if (!found) return [];
  const list = found.view.getUint16(6);
  return Array.from({ length: found.view.getUint16(list) }, (_, i) =>
    String.fromCharCode(...new Uint8Array(found.view.buffer, found.view.byteOffset + list + 2 + i * 6, 4)),
  );
}

/** What the fallback faces were measured against: units per em, hhea and OS/2 ascent, descent and line gap. */
function verticalMetrics(font: Font) {
  const [head, hhea, os2] = [table(font, "head"), table(font, "hhea"), table(font, "OS/2")];
  return {
    unitsPerEm: head.getUint16(18),
    hhea: [hhea.getInt16(4), hhea.getInt16(6), hhea.getInt16(8)],
    typo: [os2.getInt16(68), os2.getInt16(70), os2.getInt16(72)],
    win: [os2.getUint16(74), os2.getUint16(76)],
  };
}

/** The advance width of each glyph at the default instance (hmtx, transformed or not). */
function advances(font: Font): (glyph: number) => number {
  const count = table(font, "hhea").getUint16(34);
  const { view, transformed } = font.tables.get("hmtx")!;
  // A transformed hmtx starts with a flags byte, then the advances alone; a plain one holds (advance, lsb) pairs.
  const at = (i: number) => (transformed ? view.getUint16(1 + i * 2) : view.getUint16(i * 4));
  return (glyph) => at(Math.min(glyph, count - 1));
}

const latin = codePoints(LATIN);

/** Each web font: its @font-face rule, its entry in FONTS, the subset the build wrote and the original, read. */
const built = async () =>
  Promise.all(
    (await faces()).map(async (face) => {
      const font = FONTS.find((candidate) => candidate.family === face.family)!;
      return { face, font, subset: await read(face.file), original: await read(font.file) };
    }),
  );

describe("web fonts (subset at build time)", () => {
  test(
    "each font is under its byte limit, and its wght axis is limited to the range its @font-face declares",
    async () => {
      const fonts = await built();
      expect(fonts.map(({ face }) => face.family)).toEqual(FONTS.map((font) => font.family));
      for (const { face, font, subset, original } of fonts) {
        expect(subset.bytes).toBeLessThan(LIMITS[face.family]!);
        expect(subset.bytes).toBeLessThan(original.bytes);
        expect(face["font-weight"]).toBe(font.weight.join(" "));
        const axis = wght(subset);
        expect(`${axis.min} ${axis.max}`).toBe(face["font-weight"]!);
        expect(axis.default).toBeGreaterThanOrEqual(axis.min);
        expect(axis.default).toBeLessThanOrEqual(axis.max);
        // Upright only: the italic quote stays the browser's synthetic oblique of this face, as before.
        expect(face["font-style"]).toBe("normal");
      }
    },
    TIMEOUT,
  );

  test(
    "every code point of the Latin range that the original font maps is still mapped",
    async () => {
      for (const { face, subset, original } of await built()) {
        expect(face["unicode-range"]).toBe(LATIN);
        const [mapped, originallyMapped] = [cmap(subset), cmap(original)];
        const wanted = latin.filter((point) => originallyMapped.has(point));
        expect(wanted.length).toBeGreaterThan(200);
        expect(wanted.filter((point) => !mapped.has(point)).map((point) => point.toString(16))).toEqual([]);
        // The letters, figures and punctuation of any Latin text: ASCII, Latin-1, curly quotes, dashes, euro.
        for (const point of [0x41, 0x7a, 0x30, 0xe9, 0xdf, 0x152, 0x2019, 0x201c, 0x2014, 0x2026, 0x20ac]) expect(mapped.has(point)).toBe(true);
      }
    },
    TIMEOUT,
  );

  test(
    "only the layout features a browser applies by itself remain, kerning, ligatures and contextual alternates among them",
    async () => {
      const fonts = await built();
      for (const { subset, original } of fonts) {
        for (const tag of ["GSUB", "GPOS"] as const) {
          const kept = features(subset, tag);
          expect(kept.filter((feature) => !LAYOUT_FEATURES.includes(feature))).toEqual([]);
          expect([...new Set(kept)].sort()).toEqual(
            [...new Set(features(original, tag).filter((feature) => LAYOUT_FEATURES.includes(feature)))].sort(),
          );
        }
        expect(features(subset, "GPOS")).toContain("kern");
      }
      const inter = fonts.find(({ face }) => face.family === "Inter Variable")!.subset;
      expect(features(inter, "GSUB")).toContain("calt");
      expect(features(inter, "GSUB")).not.toContain("tnum");
    },
    TIMEOUT,
  );

  test(
    "the metrics the fallback faces copy are unchanged: units per em, ascent, descent, line gap; advance widths where the default instance stays",
    async () => {
      for (const { subset, original } of await built()) {
        expect(verticalMetrics(subset)).toEqual(verticalMetrics(original));
        // Inter's default (400, the weight its fallback was measured at) is inside the kept range, so its advances
        // are the original's; Fraunces' default (900) moves to 700, and its instances were compared with HarfBuzz.
        if (wght(original).default !== wght(subset).default) continue;
        const [subsetMap, originalMap] = [cmap(subset), cmap(original)];
        const [subsetAdvance, originalAdvance] = [advances(subset), advances(original)];
        const changed = [...originalMap].filter(
          ([point, glyph]) => latin.includes(point) && subsetAdvance(subsetMap.get(point)!) !== originalAdvance(glyph),
        );
        expect(changed).toEqual([]);
      }
    },
    TIMEOUT,
  );

  test(
    "a second build gives the same CSS and bytes: same input, same hashed names",
    async () => {
      const other = mkdtempSync(join(tmpdir(), "fonts-again-"));
      try {
        const css = await buildFonts(other);
        expect(css).toBe(await build());
        for (const [mine, theirs] of (await faces()).map((face, i) => [face, parseFaces(css, other)[i]!] as const)) {
          expect(Bun.hash(await Bun.file(theirs.file).bytes())).toBe(Bun.hash(await Bun.file(mine.file).bytes()));
          expect(mine.file).toContain(
            Bun.hash(await Bun.file(mine.file).bytes())
              .toString(36)
              .slice(0, 10),
          );
        }
      } finally {
        rmSync(other, { recursive: true, force: true });
      }
    },
    TIMEOUT,
  );
});
