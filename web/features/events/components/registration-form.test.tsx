// The event registration form's §5 messages in happy-dom (spec §5): name, e-mail and a phone of at least 6
// characters are required; additional information is optional.

import { afterEach, describe, expect, spyOn, test } from "bun:test";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { Toaster } from "@web/components/ui/toast.tsx";
import type { PublicEvent } from "@web/lib/api-types.ts";
import { renderWithData, waitUntilGone, withDom } from "@web/test-dom.tsx";
import { RegistrationForm } from "./registration-form.tsx";

withDom();

afterEach(cleanup);

const renderForm = (changes: Partial<PublicEvent> = {}) =>
  renderWithData(
    <>
      <RegistrationForm
        event={
          {
            id: 7,
            name: "Spring Retreat",
            placesLeft: null,
            price: null,
            concessionPrice: null,
            byDonation: false,
            currency: "aud",
            ...changes,
          } as PublicEvent
        }
      />
      <Toaster />
    </>,
  );
const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const register = () => fireEvent.click(screen.getByRole("button", { name: "Register" }));

describe("RegistrationForm", () => {
  test("an empty form shows the three §5 messages", async () => {
    renderForm();
    register();
    for (const message of ["Name is required", "Valid email is required", "Phone number is required"]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(screen.getAllByRole("alert")).toHaveLength(3);
  });

  test("a phone of 5 characters is refused, of 6 accepted; each message goes once its field is valid", async () => {
    renderForm();
    fill("Name *", "Asha");
    fill("Email *", "asha@example");
    fill("Phone *", "12345");
    register();
    expect(await screen.findByText("Phone number is required")).toBeTruthy();
    expect(screen.getByText("Valid email is required")).toBeTruthy();
    expect(screen.queryByText("Name is required")).toBeNull();
    fill("Phone *", "123456");
    await waitUntilGone("Phone number is required");
    fill("Email *", "asha@example.com");
    await waitUntilGone("Valid email is required");
    expect(screen.queryAllByRole("alert")).toHaveLength(0);
  });

  test("additional information may stay empty: the schema's values are sent, then a lasting panel replaces the form", async () => {
    const fetch = spyOn(globalThis, "fetch").mockResolvedValue(new Response('{"state":"confirmed"}', { status: 201 }));
    try {
      renderForm();
      fill("Name *", " Asha ");
      fill("Email *", "Asha@Example.com");
      fill("Phone *", "0400 000 000");
      register();
      const panel = await screen.findByTestId("registered");
      expect(panel.textContent).toContain("You're registered for Spring Retreat.We've sent the details to asha@example.com.");
      expect(screen.queryByRole("form")).toBeNull();
      const [path, init] = fetch.mock.calls[0]!;
      expect(path).toBe("/api/events/7/registrations");
      expect(JSON.parse(String(init?.body))).toEqual({
        name: "Asha",
        email: "asha@example.com",
        phone: "0400 000 000",
        additionalInfo: null,
        website: "",
      });
      fireEvent.click(screen.getByRole("button", { name: "Register someone else" }));
      expect((screen.getByLabelText("Name *") as HTMLInputElement).value).toBe("");
    } finally {
      fetch.mockRestore();
    }
  });

  // Issue 38 item 2.
  test("the same address again is told it is registered already", async () => {
    const fetch = spyOn(globalThis, "fetch").mockResolvedValue(new Response('{"state":"confirmed","already":true}', { status: 201 }));
    try {
      renderForm();
      fill("Name *", "Asha");
      fill("Email *", "asha@example.com");
      fill("Phone *", "0400 000 000");
      register();
      expect((await screen.findByTestId("registered")).textContent).toContain("You're already registered for Spring Retreat.");
    } finally {
      fetch.mockRestore();
    }
  });

  // Issue 38 item 5.
  test("by donation, the field starts at the suggested amount; blank is no amount; 'I can't give now' is 0", async () => {
    const fetch = spyOn(globalThis, "fetch").mockResolvedValue(new Response('{"state":"confirmed"}', { status: 201 }));
    try {
      renderForm({ byDonation: true, price: 2000 });
      expect((screen.getByLabelText("Your contribution (A$)") as HTMLInputElement).value).toBe("20.00");
      fill("Name *", "Asha");
      fill("Email *", "asha@example.com");
      fill("Phone *", "0400 000 000");
      fill("Your contribution (A$)", "");
      register();
      expect(await screen.findByText("Please enter an amount from 0 to 1,000.00")).toBeTruthy();
      expect(fetch).not.toHaveBeenCalled();
      fireEvent.click(screen.getByRole("button", { name: "I can't give now" }));
      register();
      await screen.findByTestId("registered");
      expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body)).amount).toBe(0);
    } finally {
      fetch.mockRestore();
    }
  });
});
