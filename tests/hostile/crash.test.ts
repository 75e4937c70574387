// Issue 6 items 2 and 3 (fast runs; `bun run soak` repeats them at least 20 times).
import { expect, test } from "bun:test";
import { crashDuringDataOperation, crashDuringPosts } from "./crash.ts";
import { figure, prng, SEED } from "./support.ts";

const POST_RUNS = Number(process.env.HOSTILE_CRASH_RUNS ?? 3);
const DATA_RUNS = Number(process.env.HOSTILE_DATA_CRASH_RUNS ?? 1);

test(`kill -9 during 200 concurrent contact and newsletter posts (${POST_RUNS} runs): every 201 is stored, integrity ok`, async () => {
  const rng = prng(SEED + 2);
  for (let run = 0; run < POST_RUNS; run++) {
    const result = await crashDuringPosts(rng, run);
    figure(
      `crash run ${run + 1}`,
      `killed after ${result.killAtMs} ms, ${result.acked}/${result.sent} acknowledged, ${result.lost.length} lost, integrity ${result.integrity}`,
    );
    expect(result.lost).toEqual([]);
    expect(result.integrity).toBe("ok");
  }
}, 180_000);

test(`kill -9 during import, restore and sync (${DATA_RUNS} run(s) each): wholly old or wholly new, app_data whole`, async () => {
  const rng = prng(SEED + 3);
  for (let run = 0; run < DATA_RUNS; run++) {
    for (const operation of ["import", "restore", "sync"] as const) {
      const result = await crashDuringDataOperation(rng, operation);
      figure(
        `${operation} crash run ${run + 1}`,
        `killed after ${result.killAtMs} ms → ${result.state}, integrity ${result.integrity}, app_data ${result.appData.length ? result.appData.join("; ") : "whole"}, auto-restore ${result.autoRestore}`,
      );
      expect(result.state).not.toBe("mixed");
      expect(result.integrity).toBe("ok");
      expect(result.appData).toEqual([]);
      // The database had content when it was killed: auto-restore must never have overwritten it.
      expect(result.autoRestore).toBe("skipped");
    }
  }
}, 180_000);
