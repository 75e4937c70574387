// The newsletter form's §5 rule in happy-dom (spec §5, §8): an empty address or one without '@' is refused with the
// destructive toast 'Invalid email' / 'Please enter a valid email address', before any call.

import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { Toaster } from "@web/components/ui/toast.tsx";
import { renderWithData, withDom } from "@web/test-dom.tsx";
import { NewsletterForm } from "./newsletter-form.tsx";

withDom();

afterEach(cleanup);

const renderForm = () =>
  renderWithData(
    <>
      <NewsletterForm />
      <Toaster />
    </>,
  );
const input = () => screen.getByLabelText("Email address") as HTMLInputElement;
const subscribe = () => fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));

async function expectInvalidEmailToast() {
  await waitFor(() =>
    expect(screen.queryAllByTestId("toast").map((toast) => toast.textContent)).toEqual(["Invalid emailPlease enter a valid email address"]),
  );
  expect(screen.getByTestId("toast").getAttribute("data-variant")).toBe("destructive");
}

describe("NewsletterForm", () => {
  test("one e-mail input and 'Subscribe'", () => {
    renderForm();
    expect(input().type).toBe("email");
    expect(screen.getByRole("button", { name: "Subscribe" })).toBeTruthy();
  });

  test("an empty address: 'Invalid email' / 'Please enter a valid email address'", async () => {
    renderForm();
    subscribe();
    await expectInvalidEmailToast();
  });

  test("an address without '@' typed before the form's code loaded: the same toast, and the value is kept", async () => {
    renderForm();
    input().value = "not-an-address";
    subscribe();
    await expectInvalidEmailToast();
    expect(input().value).toBe("not-an-address");
  });
});
