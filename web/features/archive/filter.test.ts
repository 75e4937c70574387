import { describe, expect, test } from "bun:test";
import type { ArchiveItem } from "@web/lib/api-types.ts";
import { archiveTypes, archiveYears, DEFAULT_FILTERS, filterArchive, isFiltered, pageSlots, showingText } from "./filter.ts";

const item = (id: number, year: string, type: string, title = `Event ${id}`, description = "<p>text</p>"): ArchiveItem => ({
  id,
  title,
  date: year,
  type,
  year,
  description,
  image: "/uploads/x.jpg",
  attachmentName: null,
  attachmentFile: null,
  images: [],
  createdAt: "",
  source: "archive",
});

const items = [
  item(1, "2021", "retreat", "Hills"),
  item(2, "2019", "Workshop", "Sea", "<p>by the <strong>ocean</strong></p>"),
  item(3, "2024", "course"),
  item(4, "2021", "workshop"),
];

describe("archive filters", () => {
  test("years newest first, types alphabetical and distinct regardless of case", () => {
    expect(archiveYears(items)).toEqual(["2024", "2021", "2019"]);
    expect(archiveTypes(items)).toEqual(["course", "retreat", "Workshop"]);
  });
  test("type compares case-insensitively; search matches title, description text or type", () => {
    expect(filterArchive(items, { ...DEFAULT_FILTERS, type: "WORKSHOP" }).map((x) => x.id)).toEqual([4, 2]);
    expect(filterArchive(items, { ...DEFAULT_FILTERS, search: "OCEAN" }).map((x) => x.id)).toEqual([2]);
    expect(filterArchive(items, { ...DEFAULT_FILTERS, search: "retr" }).map((x) => x.id)).toEqual([1]);
    expect(filterArchive(items, { ...DEFAULT_FILTERS, year: "2021" }).map((x) => x.id)).toEqual([1, 4]);
  });
  test("sorts by year numerically, newest or oldest first", () => {
    expect(filterArchive(items, DEFAULT_FILTERS).map((x) => x.year)).toEqual(["2024", "2021", "2021", "2019"]);
    expect(filterArchive(items, { ...DEFAULT_FILTERS, sort: "oldest" }).map((x) => x.year)).toEqual(["2019", "2021", "2021", "2024"]);
  });
  test("a filter is active when any value differs from the defaults", () => {
    expect(isFiltered(DEFAULT_FILTERS)).toBe(false);
    expect(isFiltered({ ...DEFAULT_FILTERS, search: "x" })).toBe(true);
  });
});

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
  test("'Showing X-Y of N events'", () => {
    expect(showingText(1, 17)).toBe("Showing 1-6 of 17 events");
    expect(showingText(3, 17)).toBe("Showing 13-17 of 17 events");
  });
});
