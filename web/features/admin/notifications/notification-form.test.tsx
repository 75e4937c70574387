// The notification form's §5 messages in happy-dom (spec §5): the message needs 5 characters, the start date
// (today by default) is required, a link must be a URL.

import { afterEach, describe, expect, mock, test } from "bun:test";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { renderWithData, withDom } from "@web/test-dom.tsx";
import { NotificationForm } from "./notification-form.tsx";

withDom();

afterEach(cleanup);

const renderForm = () => renderWithData(<NotificationForm pending={false} onSubmit={mock()} onCancel={() => {}} />);
const create = () => fireEvent.click(screen.getByRole("button", { name: "Create Notification" }));

describe("NotificationForm", () => {
  test("the start date is today by default; an empty message: 'Message must be at least 5 characters'", async () => {
    renderForm();
    const startDate = screen.getByLabelText("Start Date") as HTMLInputElement;
    const today = new Date();
    const local = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    expect(startDate.value).toBe(local);
    create();
    expect(await screen.findByText("Message must be at least 5 characters")).toBeTruthy();
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });

  test("no start date: 'Start date is required'; a link that is not a URL: 'Please enter a valid URL'", async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText("Start Date"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Link (optional)"), { target: { value: "example" } });
    create();
    expect(await screen.findByText("Start date is required")).toBeTruthy();
    expect(screen.getByText("Please enter a valid URL")).toBeTruthy();
  });
});
