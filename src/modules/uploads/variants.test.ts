import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Semaphore } from "@server/lib/rate-limit.ts";
import { imageVariants } from "./variants.ts";

describe("Semaphore(1), the image decoding queue", () => {
  test("jobs run in the order given, never two at once, and a failed one does not stop the next", async () => {
    const decoding = new Semaphore(1);
    const serially = <T>(job: () => Promise<T>) => decoding.run(job);
    const log: string[] = [];
    let running = 0;
    const job =
      (name: string, fail = false) =>
      async () => {
        running++;
        log.push(`${name} starts with ${running} running`);
        await Bun.sleep(5);
        running--;
        if (fail) throw new Error(`${name} failed`);
        return name;
      };
    const results = await Promise.allSettled([serially(job("a")), serially(job("b", true)), serially(job("c"))]);
    expect(results.map((result) => (result.status === "fulfilled" ? result.value : (result.reason as Error).message))).toEqual([
      "a",
      "b failed",
      "c",
    ]);
    expect(log).toEqual(["a starts with 1 running", "b starts with 1 running", "c starts with 1 running"]);
  });
});

describe("imageVariants", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "vedanta-variants-"));
    mkdirSync(join(dir, "uploads"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  const chunk = (type: string, data: number[]) => {
    const body = [...Buffer.from(type), ...data];
    return [...u32(data.length), ...body, ...u32(Bun.hash.crc32(new Uint8Array(body)))];
  };
  /** A PNG header declaring 20000×20000 pixels (400 M, over the limit) in a few bytes. */
  const hugePng = new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...chunk("IHDR", [...u32(20_000), ...u32(20_000), 8, 2, 0, 0, 0]),
    ...chunk("IEND", []),
  ]);
  const notAJpeg = (text: string) => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...Buffer.from(text)]);

  test("a photo that cannot be decoded or has too many pixels is tried and logged once per version of the file", async () => {
    const logged: string[] = [];
    const variants = imageVariants(join(dir, "uploads"), join(dir, "cache"), { error: (line: string) => logged.push(line) });
    writeFileSync(join(dir, "uploads", "broken.jpg"), notAJpeg("not really a JPEG"));
    writeFileSync(join(dir, "uploads", "huge.png"), hugePng);

    for (let round = 0; round < 3; round++) {
      for (const width of ["320", "640", "1920"]) {
        const answers = await Promise.all([variants.serve("broken.jpg", width), variants.serve("huge.png", width)]);
        expect(answers.map((answer) => answer.headers.get("content-type"))).toEqual(["image/jpeg", "image/png"]);
        expect(new Uint8Array(await answers[1]!.arrayBuffer())).toEqual(hugePng);
      }
    }
    expect(logged.sort()).toEqual([
      expect.stringMatching(/^Could not resize broken\.jpg to 320 px, serving the original: /),
      "Could not resize huge.png to 320 px, serving the original: Image: input exceeds maxPixels limit",
    ]);

    // Another file under the same name (another size) is tried afresh.
    writeFileSync(join(dir, "uploads", "broken.jpg"), notAJpeg("still not a JPEG, longer"));
    await variants.serve("broken.jpg", "320");
    await variants.serve("broken.jpg", "320");
    expect(logged).toHaveLength(3);
  });
});
