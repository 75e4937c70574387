// The Messages tab in happy-dom (spec §2.2, issue 33): the whole list's counts in the header, a page of the server's
// at a time, the search and 'Unread only' asked of the server. The server's answers are given as it gives them.
import { afterEach, describe, expect, mock, test } from "bun:test";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderWithData, withDom } from "@web/test-dom.tsx";
import { type Message, messagesPageQueryOptions } from "./api.ts";
import { MessagesTab } from "./messages-tab.tsx";

withDom();

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const message = (id: number, subject: string, isRead: boolean): Message => ({
  id,
  name: "Priya",
  email: "priya@example.org",
  subject,
  message: "Are beginners welcome on Mondays?",
  isRead,
  createdAt: "2026-11-20T10:00:00.000Z",
});
const page = (items: Message[], total: number) => ({ items, total, page: 1, pageSize: 20, counts: { unread: 1_250, all: 4_000 } });

function renderTab(answer: (url: URL) => unknown) {
  const fetch = mock(async (url: string) => Response.json(answer(new URL(url, "http://localhost"))));
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  renderWithData(<MessagesTab />, [
    [messagesPageQueryOptions({ search: "", unread: false, page: 1 }).queryKey, page([message(1, "Classes", false)], 4_000)],
  ]);
  return { asked: () => fetch.mock.calls.map(([url]) => url) };
}
const subjects = () => screen.queryAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);

describe("MessagesTab", () => {
  test("the header counts the whole list; the page's place in it", () => {
    renderTab(() => page([], 0));
    expect(screen.getByText("1,250 Unread")).toBeTruthy();
    expect(screen.getByText("4,000 Total")).toBeTruthy();
    expect(screen.getByTestId("list-count").textContent).toBe("Showing 1–20 of 4,000 messages");
    expect(subjects()).toEqual(["Classes"]);
  });

  test("'Unread only' and the search are asked of the server; none matching says what was looked for", async () => {
    const { asked } = renderTab((url) =>
      url.searchParams.get("unread") === "true" && !url.searchParams.get("search") ? page([message(2, "Retreat", false)], 1) : page([], 0),
    );
    fireEvent.click(screen.getByRole("combobox", { name: "Show" }));
    fireEvent.click(await screen.findByRole("option", { name: "Unread only" }));
    await waitFor(() => expect(subjects()).toEqual(["Retreat"]));
    fireEvent.change(screen.getByLabelText("Search messages"), { target: { value: "parking" } });
    expect(await screen.findByText('No unread messages match "parking"')).toBeTruthy();
    expect(asked()).toEqual(["/api/admin/messages/page?search=&unread=true&page=1", "/api/admin/messages/page?search=parking&unread=true&page=1"]);
  });
});
