// The archive's filters, sort and pagination as a visitor uses them (spec §2.1, §4, §5, §9), in happy-dom, answered
// by the real server (issue 33: it filters, sorts and pages the archive) on a real SQLite file.

import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { archiveEvents } from "@db/schema.ts";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createTestApp, type TestApp } from "@tests/support/app.ts";
import { renderWithData, withDom } from "@web/test-dom.tsx";
import { MemoryRouter } from "react-router";
import { ArchiveSection } from "./archive-section.tsx";

withDom();

let app: TestApp;
const bunFetch = globalThis.fetch;
beforeAll(async () => {
  app = await createTestApp();
  // The web client asks paths of its own origin: they go to the test app.
  globalThis.fetch = ((input: string | URL | Request, init?: RequestInit) =>
    app.app.handle(new Request(new URL(String(input), "http://localhost"), init))) as typeof fetch;
});
afterAll(() => {
  globalThis.fetch = bunFetch;
  app.cleanup();
});
afterEach(() => {
  cleanup();
  app.db.delete(archiveEvents).run();
});

const TYPES = ["retreat", "Workshop", "course"];
/** `count` entries, two per year from 2024 down, types in turn; the server's order is newest first. */
const archive = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    title: `Gathering ${i + 1}`,
    date: "March 2020",
    type: TYPES[i % 3]!,
    year: String(2024 - Math.floor(i / 2)),
    description: i === 4 ? "<p>Chanting by the <strong>river</strong></p>" : "<p>A day of practice and study.</p>",
    image: "/uploads/photo.jpg",
    images: [],
    createdAt: "2024-01-01T00:00:00.000Z",
  }));

/** Stores the entries and shows the section once its first page has arrived. */
const renderArchive = async (items: ReturnType<typeof archive>) => {
  app.db.insert(archiveEvents).values(items).run();
  app.app.publicCache.invalidate(); // written around the API, which invalidates on its writes
  renderWithData(
    <MemoryRouter>
      <ArchiveSection />
    </MemoryRouter>,
  );
  await waitFor(() => expect(screen.queryByText("Loading the archive") === null).toBe(true));
};
/** Waits until `check` passes: each change asks the server. */
const until = (check: () => void) => waitFor(check);
const titles = () => screen.queryAllByTestId("archive-card").map((card) => within(card).getByRole("heading").textContent);
const years = () => screen.queryAllByTestId("archive-year").map((badge) => badge.textContent);
const choose = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: "select" }), { target: { value } });
const search = (text: string) => fireEvent.change(screen.getByPlaceholderText("Search events..."), { target: { value: text } });
const pageSlots = () =>
  [...screen.getByRole("navigation", { name: "Archive pages" }).querySelectorAll("button[aria-label^='Page'], span")].map((slot) => slot.textContent);
const showing = () => screen.getByTestId("archive-showing").textContent;

describe("ArchiveSection", () => {
  test("the selects: 'All Years' and the years newest first, 'All Types' and the types sorted", async () => {
    await renderArchive(archive(6));
    const options = (label: string) =>
      [...(screen.getByLabelText(label, { selector: "select" }) as HTMLSelectElement).options].map((option) => option.text);
    await until(() => expect(options("Year")).toEqual(["All Years", "2024", "2023", "2022"]));
    await until(() => expect(options("Type")).toEqual(["All Types", "Course", "Retreat", "Workshop"]));
  });

  test("year and type filter (type without regard to case); 'Clear' shows only when a filter is on and resets them", async () => {
    const items = archive(12);
    items[10]!.type = "workshop"; // Gathering 11: the same type as "Workshop"
    await renderArchive(items);
    await until(() => expect(screen.queryByRole("button", { name: "Clear" })).toBeNull());
    choose("Year", "2023");
    await until(() => expect(years()).toEqual(["2023", "2023"]));
    choose("Year", "all");
    choose("Type", "Workshop");
    await until(() => expect(titles()).toEqual(["Gathering 2", "Gathering 5", "Gathering 8", "Gathering 11"]));
    fireEvent.click(screen.getByRole("button", { name: "Clear" }));
    await until(() => expect(titles()).toHaveLength(6));
    await until(() => expect(screen.queryByRole("button", { name: "Clear" })).toBeNull());
  });

  test("search matches title, description or type, says 'Found N event(s) matching', and the x clears it", async () => {
    await renderArchive(archive(12));
    search("RIVER");
    await until(() => expect(titles()).toEqual(["Gathering 5"]));
    await until(() => expect(screen.getByText('Found 1 event(s) matching "RIVER"')).toBeTruthy());
    search("gathering 1");
    await until(() => expect(titles()).toEqual(["Gathering 1", "Gathering 10", "Gathering 11", "Gathering 12"]));
    search("course");
    await until(() => expect(titles()).toEqual(["Gathering 3", "Gathering 6", "Gathering 9", "Gathering 12"]));
    fireEvent.click(screen.getByRole("button", { name: "Clear search" }));
    await until(() => expect(screen.queryByText(/Found \d+ event\(s\) matching/)).toBeNull());
    await until(() => expect(titles()).toHaveLength(6));
  });

  test("sorted by year, newest first; the toggle turns it to oldest first", async () => {
    await renderArchive(archive(6));
    await until(() => expect(years()).toEqual(["2024", "2024", "2023", "2023", "2022", "2022"]));
    fireEvent.click(screen.getByRole("button", { name: "Sort: Newest First" }));
    await until(() => expect(years()).toEqual(["2022", "2022", "2023", "2023", "2024", "2024"]));
    await until(() => expect(screen.getByRole("button", { name: "Sort: Oldest First" })).toBeTruthy());
  });

  test("no match: 'No events match your filter criteria.' and 'Clear filters and try again'", async () => {
    await renderArchive(archive(6));
    search("nothing like this");
    await until(() => expect(screen.getByText("No events match your filter criteria.")).toBeTruthy());
    fireEvent.click(screen.getByRole("button", { name: "Clear filters and try again" }));
    await until(() => expect(titles()).toHaveLength(6));
  });

  test("pagination only above 6 matches: at most 5 slots, the first and last reachable, 'Showing X-Y of N events'", async () => {
    await renderArchive(archive(6));
    await until(() => expect(screen.queryByRole("navigation", { name: "Archive pages" })).toBeNull());
    cleanup();
    app.db.delete(archiveEvents).run();

    await renderArchive(archive(50)); // 9 pages
    await until(() => expect(pageSlots()).toEqual(["1", "2", "3", "4", "…", "9"]));
    await until(() => expect(showing()).toBe("Showing 1-6 of 50 events"));
    await until(() => expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(true));

    fireEvent.click(screen.getByRole("button", { name: "Page 4" }));
    await until(() => expect(pageSlots()).toEqual(["1", "…", "3", "4", "5", "…", "9"]));
    await until(() => expect(screen.getByRole("button", { name: "Page 4" }).getAttribute("aria-current")).toBe("page"));
    await until(() => expect(showing()).toBe("Showing 19-24 of 50 events"));

    fireEvent.click(screen.getByRole("button", { name: "Page 9" }));
    await until(() => expect(pageSlots()).toEqual(["1", "…", "6", "7", "8", "9"]));
    await until(() => expect(showing()).toBe("Showing 49-50 of 50 events"));
    await until(() => expect(titles()).toHaveLength(2));
    await until(() => expect((screen.getByRole("button", { name: /Next/ }) as HTMLButtonElement).disabled).toBe(true));

    fireEvent.click(screen.getByRole("button", { name: /Previous/ }));
    await until(() => expect(showing()).toBe("Showing 43-48 of 50 events"));
  });

  test("any change of year, type, search or sort returns to page 1", async () => {
    await renderArchive(archive(50));
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
      await until(() => expect(showing()).toMatch(/^Showing 13-18 of/));
      change();
      await until(() => expect(showing()).toMatch(/^Showing 1-6 of/));
    }
  });
});
