// The Subscribers tab in happy-dom (spec §2.2, issue 33): a page of the server's at a time, the count with a thousands
// separator, the search asked for when the typing pauses and kept across pages, the state filter, and the CSV of every
// subscriber read only when asked for. The server's answers are given as it gives them.
import { afterEach, describe, expect, mock, test } from "bun:test";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderWithData, withDom } from "@web/test-dom.tsx";
import { mailStatusQueryOptions } from "../shared/mail-status.ts";
import { newslettersQueryOptions, type Subscriber, subscribersPageQueryOptions } from "./api.ts";
import { SubscribersTab } from "./subscribers-tab.tsx";

withDom();

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const subscriber = (id: number, email: string, state: Subscriber["state"]): Subscriber => ({
  id,
  email,
  state,
  createdAt: "2026-11-20T10:00:00.000Z",
});
const counts = { confirmed: 12_000, pending: 5_000, unsubscribed: 3_000, all: 20_000 };
const page = (items: Subscriber[], total: number, number = 1) => ({ items, total, page: number, pageSize: 50, counts });
const firstPage = page(
  [subscriber(3, "new@example.org", "pending"), subscriber(2, "reader@example.org", "confirmed"), subscriber(1, "gone@example.org", "unsubscribed")],
  20_000,
);

/** The tab with its first page as the server would answer it; later reads go to `answer` (by the path and query asked). */
function renderTab(answer: (url: URL) => unknown = () => firstPage) {
  const fetch = mock(async (url: string) => Response.json(answer(new URL(url, "http://localhost"))));
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  renderWithData(<SubscribersTab />, [
    [subscribersPageQueryOptions({ search: "", state: "all", page: 1 }).queryKey, firstPage],
    [mailStatusQueryOptions().queryKey, { enabled: true, from: null, notifyEmail: null, lastError: null, recent: [] }],
    [newslettersQueryOptions().queryKey, []],
  ]);
  return { asked: () => fetch.mock.calls.map(([url]) => url) };
}
/** Chooses an option of the Ark select `label`. */
async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole("combobox", { name: label }));
  fireEvent.click(await screen.findByRole("option", { name: option }));
}
const showing = () => screen.getByTestId("list-count").textContent;
const emails = () =>
  screen
    .queryAllByRole("cell")
    .filter((cell) => cell.dataset.label === "Email")
    .map((cell) => cell.textContent);

describe("SubscribersTab", () => {
  test("each address's state, the count with a thousands separator, each state's count, the pages", async () => {
    const { asked } = renderTab();
    expect(screen.getByRole("columnheader", { name: "State" })).toBeTruthy();
    expect(
      within(screen.getByRole("table"))
        .getAllByText(/^(Pending|Confirmed|Unsubscribed)$/)
        .map((badge) => badge.textContent),
    ).toEqual(["Pending", "Confirmed", "Unsubscribed"]);
    expect(screen.getByText("20,000 subscribers")).toBeTruthy();
    expect(showing()).toBe("Showing 1–50 of 20,000 subscribers");
    expect(within(screen.getByRole("navigation", { name: "Subscriber pages" })).getByRole("button", { name: "Page 400" })).toBeTruthy();
    fireEvent.click(screen.getByRole("combobox", { name: "State" }));
    const options = (await screen.findAllByRole("option")).map((option) => option.textContent);
    expect(options).toEqual(["All (20,000)", "Confirmed (12,000)", "Pending (5,000)", "Unsubscribed (3,000)"]);
    // The whole list is not read when the tab opens.
    expect(asked()).toEqual([]);
  });

  test("the search is asked for once the typing pauses, kept across pages, and another search starts at page 1", async () => {
    const { asked } = renderTab((url) =>
      url.searchParams.get("search") === "reader"
        ? page([subscriber(9, `reader${url.searchParams.get("page")}@example.org`, "confirmed")], 120, Number(url.searchParams.get("page")))
        : page([], 0),
    );
    const search = screen.getByLabelText("Search subscribers");
    fireEvent.change(search, { target: { value: "r" } });
    fireEvent.change(search, { target: { value: " reader" } });
    await waitFor(() => expect(emails()).toEqual(["reader1@example.org"]));
    expect(asked()).toEqual(["/api/admin/subscribers/page?state=all&search=reader&page=1"]);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(emails()).toEqual(["reader2@example.org"]));
    expect(showing()).toBe("Showing 51–100 of 120 subscribers");
    expect(asked().at(-1)).toBe("/api/admin/subscribers/page?state=all&search=reader&page=2");
    fireEvent.change(search, { target: { value: "nobody" } });
    expect(await screen.findByText('No subscribers match "nobody"')).toBeTruthy();
    expect(asked().at(-1)).toBe("/api/admin/subscribers/page?state=all&search=nobody&page=1");
  });

  test("the state filter asks the server for that state, from page 1; back to all is page 1 too", async () => {
    const { asked } = renderTab((url) =>
      url.searchParams.get("state") === "pending" ? page([], 0) : page(firstPage.items, 20_000, Number(url.searchParams.get("page"))),
    );
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(showing()).toBe("Showing 51–100 of 20,000 subscribers"));
    await choose("State", "Pending (5,000)");
    expect(await screen.findByText("No pending subscribers")).toBeTruthy();
    // Back to all: page 1 again, not the page left before.
    await choose("State", "All (20,000)");
    await waitFor(() => expect(showing()).toBe("Showing 1–50 of 20,000 subscribers"));
    expect(asked()).toEqual(["/api/admin/subscribers/page?state=all&search=&page=2", "/api/admin/subscribers/page?state=pending&search=&page=1"]);
  });

  test("'No subscribers found' when there are none", () => {
    const none = page([], 0);
    renderWithData(<SubscribersTab />, [
      [
        subscribersPageQueryOptions({ search: "", state: "all", page: 1 }).queryKey,
        { ...none, counts: { confirmed: 0, pending: 0, unsubscribed: 0, all: 0 } },
      ],
    ]);
    expect(screen.getByText("No subscribers found")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Export CSV" }) as HTMLButtonElement).disabled).toBe(true);
  });

  test("'Export CSV' reads every subscriber when it is clicked", async () => {
    const every = Array.from({ length: 120 }, (_, i) => subscriber(i + 1, `r${i + 1}@example.org`, "confirmed"));
    const { asked } = renderTab((url) => (url.pathname === "/api/admin/subscribers" ? every : firstPage));
    const made: Blob[] = [];
    const realCreate = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => {
      made.push(blob);
      return "blob:csv";
    };
    try {
      fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
      await waitFor(() => expect(made).toHaveLength(1));
    } finally {
      URL.createObjectURL = realCreate;
    }
    expect(asked()).toEqual(["/api/admin/subscribers"]);
    const lines = (await made[0]!.text()).trimEnd().split("\r\n");
    expect([lines.length, lines[0], lines[120]]).toEqual([
      121,
      "Email,Subscribed On",
      `r120@example.org,${new Date("2026-11-20T10:00:00.000Z").toLocaleDateString()}`,
    ]);
  });
});
