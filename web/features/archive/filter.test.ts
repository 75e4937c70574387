import { describe, expect, test } from "bun:test";
import { DEFAULT_FILTERS, isFiltered, showingText } from "./filter.ts";

describe("archive filters", () => {
  test("a filter is active when any value differs from the defaults", () => {
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, search: "x" })).toBe(true);
  });
});

describe("the pages' text", () => {
  test("'Showing X-Y of N events'", () => {
    expect(showingText(1, 17)).toBe("Showing 1-6 of 17 events");
    expect(showingText(3, 17)).toBe("Showing 13-17 of 17 events");
  });
});
