// 'Send Newsletter' in happy-dom (issue 15): enabled while mail is on, the form's messages, a confirm step naming the
// count, and the past newsletters with their counts.
import { afterEach, describe, expect, mock, test } from "bun:test";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderWithData, waitUntilGone, withDom } from "@web/test-dom.tsx";
import { mailStatusQueryOptions } from "../shared/mail-status.ts";
import { type NewsletterSummary, newslettersQueryOptions, type Subscriber, subscribersPageQueryOptions } from "./api.ts";
import { SubscribersTab } from "./subscribers-tab.tsx";

withDom();

const realFetch = globalThis.fetch;
afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

const subscriber = (id: number, state: Subscriber["state"]): Subscriber => ({
  id,
  email: `r${id}@example.org`,
  state,
  createdAt: "2026-11-20T10:00:00.000Z",
});
const past: NewsletterSummary = {
  id: 1,
  subject: "Spring retreat",
  createdAt: "2026-11-21T10:00:00.000Z",
  recipients: 3,
  sent: 2,
  failed: 1,
  waiting: 0,
};

function renderTab(mailOn: boolean) {
  return renderWithData(<SubscribersTab />, [
    [
      subscribersPageQueryOptions({ search: "", state: "all", page: 1 }).queryKey,
      {
        items: [subscriber(1, "confirmed"), subscriber(2, "confirmed"), subscriber(3, "pending")],
        total: 3,
        page: 1,
        pageSize: 50,
        counts: { confirmed: 2, pending: 1, unsubscribed: 0, all: 3 },
      },
    ],
    [mailStatusQueryOptions().queryKey, { enabled: mailOn, from: null, notifyEmail: null, lastError: null, recent: [] }],
    [newslettersQueryOptions().queryKey, [past]],
  ]);
}

describe("Send Newsletter", () => {
  test("disabled while mail is off", () => {
    renderTab(false);
    expect((screen.getByRole("button", { name: "Send Newsletter" }) as HTMLButtonElement).disabled).toBe(true);
  });

  test("the past newsletters with their sent, failed and waiting counts", () => {
    renderTab(true);
    const table = within(screen.getByRole("region", { name: "Past newsletters" }));
    expect(table.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      "Subject",
      "Sent On",
      "Recipients",
      "Sent",
      "Failed",
      "Waiting",
    ]);
    expect(table.getAllByRole("cell").map((cell) => cell.textContent)).toEqual([
      "Spring retreat",
      new Date(past.createdAt).toLocaleDateString(),
      "3",
      "2",
      "1",
      "0",
    ]);
  });

  test("an empty form shows its messages; a filled one asks to confirm the count, then sends", async () => {
    const fetch = mock(async (_url: string, init?: RequestInit) =>
      init?.method === "POST"
        ? Response.json({ success: true, message: "The newsletter is on its way to 2 subscribers." }, { status: 201 })
        : Response.json([past]),
    );
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    renderTab(true);
    fireEvent.click(screen.getByRole("button", { name: "Send Newsletter" }));
    const send = await screen.findByRole("button", { name: "Send to 2 confirmed subscribers" });
    fireEvent.click(send);
    expect(await screen.findByText("Subject is required")).toBeTruthy();
    expect(screen.getByText("Write the newsletter first")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Subject"), { target: { value: "Summer classes" } });
    const editor = await screen.findByRole("textbox", { name: "Newsletter" });
    editor.innerHTML = "<p>Classes start in June.</p>";
    await waitUntilGone("Write the newsletter first");
    fireEvent.click(screen.getByRole("button", { name: "Send to 2 confirmed subscribers" }));
    expect(await screen.findByText('Send "Summer classes" to 2 confirmed subscribers? This cannot be undone.')).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls.find(([, sent]) => sent?.method === "POST")!;
    expect(url).toBe("/api/admin/newsletters");
    expect(JSON.parse(String(init?.body))).toEqual({ subject: "Summer classes", body: "<p>Classes start in June.</p>" });
  });
});
