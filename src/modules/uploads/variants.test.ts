import { describe, expect, test } from "bun:test";
import { oneAtATime } from "./variants.ts";

describe("oneAtATime", () => {
  test("jobs run in the order given, never two at once, and a failed one does not stop the next", async () => {
    const serially = oneAtATime();
    const log: string[] = [];
    let running = 0;
    const job = (name: string, fail = false) => async () => {
      running++;
      log.push(`${name} starts with ${running} running`);
      await Bun.sleep(5);
      running--;
      if (fail) throw new Error(`${name} failed`);
      return name;
    };
    const results = await Promise.allSettled([serially(job("a")), serially(job("b", true)), serially(job("c"))]);
    expect(results.map((result) => (result.status === "fulfilled" ? result.value : (result.reason as Error).message))).toEqual(["a", "b failed", "c"]);
    expect(log).toEqual(["a starts with 1 running", "b starts with 1 running", "c starts with 1 running"]);
  });
});
