import { describe, expect, test } from "bun:test";
import { pageCount, pageSlots } from "./pager.tsx";

describe("pagination", () => {
  test("at most 5 numbered slots, first and last always reachable", () => {
    expect(pageSlots(1, 3)).toEqual([1, 2, 3]);
    expect(pageSlots(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageSlots(1, 10)).toEqual([1, 2, 3, 4, "ellipsis-end", 10]);
    expect(pageSlots(5, 10)).toEqual([1, "ellipsis-start", 4, 5, 6, "ellipsis-end", 10]);
    expect(pageSlots(10, 10)).toEqual([1, "ellipsis-start", 7, 8, 9, 10]);
    expect(pageSlots(3, 6)).toEqual([1, 2, 3, 4, "ellipsis-end", 6]);
    for (let total = 1; total <= 20; total++)
      for (let current = 1; current <= total; current++) {
        const numbers = pageSlots(current, total).filter((slot) => typeof slot === "number");
        expect(numbers.length).toBeLessThanOrEqual(5);
        expect(numbers).toContain(1);
        expect(numbers).toContain(total);
        expect(numbers).toContain(current);
      }
  });
  test("a page for every `size` rows begun, and one for none", () => {
    expect([pageCount(0, 6), pageCount(6, 6), pageCount(7, 6)]).toEqual([1, 1, 2]);
  });
});
