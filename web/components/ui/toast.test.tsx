// The toast limit (spec §4, §9): at most one toast shows; a new one replaces the older one. In happy-dom.

import { afterEach, describe, expect, test } from "bun:test";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { withDom } from "@web/test-dom.tsx";
import { Toaster, toast } from "./toast.tsx";

withDom();

afterEach(cleanup);

const shownTitles = () => screen.queryAllByTestId("toast").map((item) => item.querySelector("[data-part='title']")?.textContent);

describe("toast", () => {
  test("three quick toasts leave one showing, the latest", async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "First" });
      toast({ title: "Second", variant: "destructive" });
      toast({ title: "Third", description: "The latest" });
    });
    await waitFor(() => expect(shownTitles()).toEqual(["Third"]));
    expect(screen.getByText("The latest")).toBeTruthy();
  });

  test("a toast replaces the visible one", async () => {
    render(<Toaster />);
    act(() => toast({ title: "Saved" }));
    await waitFor(() => expect(shownTitles()).toEqual(["Saved"]));
    act(() => toast({ title: "Error", description: "Failed to subscribe. Please try again.", variant: "destructive" }));
    await waitFor(() => expect(shownTitles()).toEqual(["Error"]));
    expect(screen.getByTestId("toast").getAttribute("data-variant")).toBe("destructive");
  });
});
