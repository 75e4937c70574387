import { describe, expect, test } from "bun:test";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { type Subscriber, subscribersQueryOptions } from "./api.ts";
import { SubscribersTab } from "./subscribers-tab.tsx";

const subscriber = (id: number, email: string, state: Subscriber["state"]): Subscriber => ({
  id,
  email,
  state,
  createdAt: "2026-11-20T10:00:00.000Z",
});

describe("SubscribersTab", () => {
  test("shows each address's state: Confirmed, Pending, Unsubscribed", () => {
    const client = new QueryClient();
    client.setQueryData(subscribersQueryOptions().queryKey, [
      subscriber(3, "new@example.org", "pending"),
      subscriber(2, "reader@example.org", "confirmed"),
      subscriber(1, "gone@example.org", "unsubscribed"),
    ]);
    const html = renderToString(
      <QueryClientProvider client={client}>
        <SubscribersTab />
      </QueryClientProvider>,
    );
    expect(html).toContain(">State</th>");
    for (const label of [">Pending<", ">Confirmed<", ">Unsubscribed<"]) expect(html).toContain(label);
  });
});
