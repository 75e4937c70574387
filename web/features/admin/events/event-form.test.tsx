// The event form's §5 messages in happy-dom (spec §5): what an empty form says, a registration link that is not a
// URL, and what is submitted once valid (the year from the start date when left empty).

import { afterEach, describe, expect, mock, test } from "bun:test";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderWithData, waitUntilGone, withDom } from "@web/test-dom.tsx";
import { EventForm } from "./event-form.tsx";

withDom();

afterEach(cleanup);

const renderForm = () => {
  const onSubmit = mock();
  renderWithData(<EventForm pending={false} onSubmit={onSubmit} onCancel={() => {}} />);
  return onSubmit;
};
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const create = () => fireEvent.click(screen.getByRole("button", { name: "Create Event" }));

describe("EventForm", () => {
  test("an empty form shows the §5 messages", async () => {
    const onSubmit = renderForm();
    create();
    for (const message of [
      "Name must be at least 3 characters",
      "Type must be at least 2 characters",
      "Start date is required",
      "Time is required",
      "Location must be at least 2 characters",
      "Description must be at least 10 characters",
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test("a registration link that is not a URL: 'Please enter a valid URL'; empty is allowed", async () => {
    renderForm();
    fill("Registration Link (optional)", "not a link");
    create();
    expect(await screen.findByText("Please enter a valid URL")).toBeTruthy();
    fill("Registration Link (optional)", "");
    await waitUntilGone("Please enter a valid URL");
  });

  test("a name of 2 characters is refused, of 3 accepted", async () => {
    renderForm();
    fill("Name", "Om");
    create();
    expect(await screen.findByText("Name must be at least 3 characters")).toBeTruthy();
    fill("Name", "Oms");
    await waitUntilGone("Name must be at least 3 characters");
  });

  test("the year defaults to the current year; when emptied, the start date's year is sent", async () => {
    const onSubmit = renderForm();
    expect((screen.getByLabelText("Year") as HTMLInputElement).value).toBe(String(new Date().getFullYear()));
    fill("Name", "Spring Retreat");
    fill("Type", "retreat");
    fill("Start Date", "2031-04-12");
    fill("Time", "9:00 am");
    fill("Location", "Healesville");
    fill("Year", "");
    // The description is the rich-text editor, loaded lazily: type into its ProseMirror view.
    const editor = await screen.findByRole("textbox", { name: "Description" });
    editor.innerHTML = "<p>Three days of silence and study.</p>";
    await waitFor(() => expect(screen.queryByText("Description must be at least 10 characters") === null).toBe(true));
    create();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      name: "Spring Retreat",
      type: "retreat",
      startDate: "2031-04-12",
      year: "2031",
      registrationLink: null,
    });
  });
});

// Issue 38 item 8.
test("the Year follows the start date until a year is typed", async () => {
  renderForm();
  const year = screen.getByLabelText("Year") as HTMLInputElement;
  fill("Start Date", "2031-02-14");
  await waitFor(() => expect(year.value).toBe("2031"));
  fill("Start Date", "2032-03-01");
  await waitFor(() => expect(year.value).toBe("2032"));
  fill("Year", "2030");
  fill("Start Date", "2033-04-01");
  await Bun.sleep(50);
  expect(year.value).toBe("2030");
});
