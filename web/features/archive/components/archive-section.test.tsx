// The archive's filters, sort and pagination as a visitor uses them (spec §2.1, §4, §5, §9), in happy-dom.

import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import type { ArchiveItem } from "@web/lib/api-types.ts";
import { archiveQueryOptions } from "@web/lib/queries/archive.ts";
import { renderWithData, withDom } from "@web/test-dom.tsx";
import { MemoryRouter } from "react-router";
import { ArchiveSection } from "./archive-section.tsx";

withDom();

afterEach(cleanup);

const TYPES = ["retreat", "Workshop", "course"];
/** `count` entries, two per year from 2024 down, types in turn; the server's order is newest first. */
const archive = (count: number): ArchiveItem[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    source: "archive",
    title: `Gathering ${i + 1}`,
    date: "March 2020",
    type: TYPES[i % 3]!,
    year: String(2024 - Math.floor(i / 2)),
    description: i === 4 ? "<p>Chanting by the <strong>river</strong></p>" : "<p>A day of practice and study.</p>",
    image: "/uploads/photo.jpg",
    attachmentName: null,
    attachmentFile: null,
    images: [],
    createdAt: "2024-01-01T00:00:00.000Z",
  }));

const renderArchive = (items: ArchiveItem[]) =>
  renderWithData(
    <MemoryRouter>
      <ArchiveSection />
    </MemoryRouter>,
    [[archiveQueryOptions().queryKey, items]],
  );
const titles = () => screen.queryAllByTestId("archive-card").map((card) => within(card).getByRole("heading").textContent);
const years = () => screen.queryAllByTestId("archive-year").map((badge) => badge.textContent);
const choose = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: "select" }), { target: { value } });
const search = (text: string) => fireEvent.change(screen.getByPlaceholderText("Search events..."), { target: { value: text } });
const pageSlots = () =>
  [...screen.getByRole("navigation", { name: "Archive pages" }).querySelectorAll("button[aria-label^='Page'], span")].map((slot) => slot.textContent);
const showing = () => screen.getByTestId("archive-showing").textContent;

describe("ArchiveSection", () => {
  test("the selects: 'All Years' and the years newest first, 'All Types' and the types sorted", () => {
    renderArchive(archive(6));
    const options = (label: string) =>
      [...(screen.getByLabelText(label, { selector: "select" }) as HTMLSelectElement).options].map((option) => option.text);
    expect(options("Year")).toEqual(["All Years", "2024", "2023", "2022"]);
    expect(options("Type")).toEqual(["All Types", "Course", "Retreat", "Workshop"]);
  });

  test("year and type filter (type without regard to case); 'Clear' shows only when a filter is on and resets them", () => {
    const items = archive(12);
    items[10]!.type = "workshop"; // Gathering 11: the same type as "Workshop"
    renderArchive(items);
    expect(screen.queryByRole("button", { name: "Clear" })).toBeNull();
    choose("Year", "2023");
    expect(years()).toEqual(["2023", "2023"]);
    choose("Year", "all");
    choose("Type", "Workshop");
    expect(titles()).toEqual(["Gathering 2", "Gathering 5", "Gathering 8", "Gathering 11"]);
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    expect(titles()).toHaveLength(6);
    expect(screen.queryByRole("button", { name: "Clear" })).toBeNull();
  });

  test("search matches title, description or type, says 'Found N event(s) matching', and the x clears it", () => {
    renderArchive(archive(12));
    search("RIVER");
    expect(titles()).toEqual(["Gathering 5"]);
    expect(screen.getByText('Found 1 event(s) matching "RIVER"')).toBeTruthy();
    search("gathering 1");
    expect(titles()).toEqual(["Gathering 1", "Gathering 10", "Gathering 11", "Gathering 12"]);
    search("course");
    expect(titles()).toEqual(["Gathering 3", "Gathering 6", "Gathering 9", "Gathering 12"]);
    fireEvent.click(screen.getByRole("button", { name: "Clear search" }));
    expect(screen.queryByText(/Found \d+ event\(s\) matching/)).toBeNull();
    expect(titles()).toHaveLength(6);
  });

  test("sorted by year, newest first; the toggle turns it to oldest first", () => {
    renderArchive(archive(6));
    expect(years()).toEqual(["2024", "2024", "2023", "2023", "2022", "2022"]);
    fireEvent.click(screen.getByRole("button", { name: "Sort: Newest First" }));
    expect(years()).toEqual(["2022", "2022", "2023", "2023", "2024", "2024"]);
    expect(screen.getByRole("button", { name: "Sort: Oldest First" })).toBeTruthy();
  });

  test("no match: 'No events match your filter criteria.' and 'Clear filters and try again'", () => {
    renderArchive(archive(6));
    search("nothing like this");
    expect(screen.getByText("No events match your filter criteria.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Clear filters and try again" }));
    expect(titles()).toHaveLength(6);
  });

  test("pagination only above 6 matches: at most 5 slots, the first and last reachable, 'Showing X-Y of N events'", () => {
    renderArchive(archive(6));
    expect(screen.queryByRole("navigation", { name: "Archive pages" })).toBeNull();
    cleanup();

    renderArchive(archive(50)); // 9 pages
    expect(pageSlots()).toEqual(["1", "2", "3", "4", "…", "9"]);
    expect(showing()).toBe("Showing 1-6 of 50 events");
    expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: "Page 4" }));
    expect(pageSlots()).toEqual(["1", "…", "3", "4", "5", "…", "9"]);
    expect(screen.getByRole("button", { name: "Page 4" }).getAttribute("aria-current")).toBe("page");
    expect(showing()).toBe("Showing 19-24 of 50 events");

    fireEvent.click(screen.getByRole("button", { name: "Page 9" }));
    expect(pageSlots()).toEqual(["1", "…", "6", "7", "8", "9"]);
    expect(showing()).toBe("Showing 49-50 of 50 events");
    expect(titles()).toHaveLength(2);
    expect((screen.getByRole("button", { name: /Next/ }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole("button", { name: /Previous/ }));
    expect(showing()).toBe("Showing 43-48 of 50 events");
  });

  test("any change of year, type, search or sort returns to page 1", () => {
    renderArchive(archive(50));
    const toPage3 = () => fireEvent.click(screen.getByRole("button", { name: "Page 3" }));
    const changes = [
      () => choose("Type", "retreat"),
      () => choose("Year", "all"),
      () => search("gathering"),
      () => fireEvent.click(screen.getByRole("button", { name: /^Sort:/ })),
    ];
    for (const change of changes) {
      choose("Type", "all");
      search("");
      toPage3();
      expect(showing()).toMatch(/^Showing 13-18 of/);
      change();
      expect(showing()).toMatch(/^Showing 1-6 of/);
    }
  });
});
