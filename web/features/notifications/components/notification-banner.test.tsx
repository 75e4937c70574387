// The public notices (spec §2.1, §4): ordered priority-1, priority-2, priority-3, then the others; a dismissed one is
// remembered in local storage under the dismissed-notifications key; the banner goes when none remain. In happy-dom.

import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import type { Notification } from "@web/lib/api-types.ts";
import { notificationsQueryOptions } from "@web/lib/queries/notifications.ts";
import { renderWithData, withDom } from "@web/test-dom.tsx";
import { NotificationBanner } from "./notification-banner.tsx";

withDom();

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const notice = (id: number, type: string, message: string, link: string | null = null): Notification => ({
  id,
  type,
  message: `<p>${message}</p>`,
  link,
  isActive: true,
  startDate: "2025-01-01",
  endDate: null,
  createdAt: "2025-01-01T00:00:00.000Z",
});

const NOTICES = [
  notice(1, "info", "Library open"),
  notice(2, "priority-3", "Parking"),
  notice(3, "priority-1", "Retreat full", "https://example.com/retreat"),
  notice(4, "custom", "Something else"),
  notice(5, "priority-2", "New class"),
];

const renderBanner = (notices = NOTICES) => renderWithData(<NotificationBanner />, [[notificationsQueryOptions().queryKey, notices]]);
/** The messages shown, in order (each message is one <p> of HTML). */
const shown = () => screen.queryAllByTestId("notification").map((item) => item.querySelector("p")?.textContent);

describe("NotificationBanner", () => {
  test("priority-1, priority-2, priority-3, then the others in their given order; 'Learn more' opens a new tab", () => {
    renderBanner();
    expect(shown()).toEqual(["Retreat full", "New class", "Parking", "Library open", "Something else"]);
    const learnMore = within(screen.getAllByTestId("notification")[0]!).getByRole("link", { name: /Learn more/ });
    expect(learnMore.getAttribute("href")).toBe("https://example.com/retreat");
    expect(learnMore.getAttribute("target")).toBe("_blank");
  });

  test("a dismissed notice goes, is remembered under 'dismissed-notifications' and stays hidden on the next visit", () => {
    renderBanner();
    fireEvent.click(within(screen.getAllByTestId("notification")[1]!).getByRole("button", { name: "Dismiss notice" }));
    expect(shown()).toEqual(["Retreat full", "Parking", "Library open", "Something else"]);
    expect(JSON.parse(localStorage.getItem("dismissed-notifications")!)).toEqual([5]);

    cleanup();
    renderBanner();
    expect(shown()).toEqual(["Retreat full", "Parking", "Library open", "Something else"]);
  });

  test("the banner is hidden once none remain", () => {
    renderBanner([notice(1, "priority-2", "Only one")]);
    expect(screen.getByRole("complementary", { name: "Notices" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Dismiss notice" }));
    expect(screen.queryByRole("complementary", { name: "Notices" })).toBeNull();
  });
});
