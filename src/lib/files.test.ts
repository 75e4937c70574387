import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { commitStaged, discardStaged, fsyncDir, removeTempFiles, sameFile, stageCopy, stageWrite, writeFileAtomic } from "./files.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "vedanta-files-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("atomic writes", () => {
  test("writeFileAtomic writes or replaces the whole file and leaves nothing else", () => {
    const path = join(dir, "manifest.json");
    writeFileAtomic(path, "old");
    writeFileAtomic(path, new TextEncoder().encode("new"));
    expect(readFileSync(path, "utf8")).toBe("new");
    expect(readdirSync(dir)).toEqual(["manifest.json"]);
  });

  test("staged files are beside their target until committed, and gone when discarded", () => {
    writeFileSync(join(dir, "source.png"), "picture");
    const staged = [stageWrite(join(dir, "a.json"), "{}"), stageCopy(join(dir, "source.png"), join(dir, "b.png"))];
    expect(readdirSync(dir).filter((name) => !name.startsWith("."))).toEqual(["source.png"]);
    commitStaged(staged);
    expect(readFileSync(join(dir, "b.png"), "utf8")).toBe("picture");
    discardStaged([stageWrite(join(dir, "c.json"), "{}")]);
    expect(readdirSync(dir).sort()).toEqual(["a.json", "b.png", "source.png"]);
  });

  test("removeTempFiles removes what a stopped write left, nothing else; a missing folder is no error", () => {
    stageWrite(join(dir, "events.json"), "half");
    writeFileSync(join(dir, ".hidden.tmp"), "not ours");
    writeFileSync(join(dir, "events.json"), "kept");
    removeTempFiles(dir);
    expect(readdirSync(dir).sort()).toEqual([".hidden.tmp", "events.json"]);
    expect(() => removeTempFiles(join(dir, "missing"))).not.toThrow();
    expect(() => fsyncDir(join(dir, "missing"))).not.toThrow();
  });
});

describe("sameFile", () => {
  test("true only for two regular files with the same bytes", () => {
    writeFileSync(join(dir, "a"), "same");
    writeFileSync(join(dir, "b"), "same");
    writeFileSync(join(dir, "c"), "diff");
    symlinkSync(join(dir, "a"), join(dir, "link"));
    expect(sameFile(join(dir, "a"), join(dir, "b"))).toBe(true);
    expect(sameFile(join(dir, "a"), join(dir, "c"))).toBe(false);
    expect(sameFile(join(dir, "a"), join(dir, "link"))).toBe(false);
    expect(sameFile(join(dir, "a"), join(dir, "missing"))).toBe(false);
  });
});
