import { describe, expect, test } from "bun:test";
import { archiveTypes, archiveYears, filterArchive, searchable } from "./filter.ts";
import type { ArchiveItem } from "./model.ts";

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

const archive = searchable(items);

describe("archive filters", () => {
  test("years newest first, types alphabetical and distinct regardless of case", () => {
    expect(archiveYears(items)).toEqual(["2024", "2021", "2019"]);
    expect(archiveTypes(items)).toEqual(["course", "retreat", "Workshop"]);
  });
  test("type compares case-insensitively; search matches title, description text or type", () => {
    expect(filterArchive(archive, { type: "WORKSHOP" }).map((x) => x.id)).toEqual([4, 2]);
    expect(filterArchive(archive, { search: "OCEAN" }).map((x) => x.id)).toEqual([2]);
    expect(filterArchive(archive, { search: "retr" }).map((x) => x.id)).toEqual([1]);
    expect(filterArchive(archive, { year: "2021" }).map((x) => x.id)).toEqual([1, 4]);
  });
  test("sorts by year numerically, newest or oldest first", () => {
    expect(filterArchive(archive, {}).map((x) => x.year)).toEqual(["2024", "2021", "2021", "2019"]);
    expect(filterArchive(archive, { sort: "oldest" }).map((x) => x.year)).toEqual(["2019", "2021", "2021", "2024"]);
  });
});
