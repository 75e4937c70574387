// The contact form's §5 messages in happy-dom (spec §2.1, §5): its code loads on the first submit and shows every
// message of the shared contact schema, with the public e-mail wording.

import { afterEach, describe, expect, test } from "bun:test";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createQueryClient } from "@web/app/query-client.ts";
import { withDom } from "@web/test-dom.tsx";
import { ContactForm } from "./contact-form.tsx";

withDom();
afterEach(cleanup);

const renderForm = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ContactForm />
    </QueryClientProvider>,
  );
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const fill = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.submit(screen.getByRole("form", { name: "Contact form" }));
// A boolean, not the element: Bun formats a received element (React fibers and all) on every failed try.
const gone = (text: string) => waitFor(() => expect(screen.queryByText(text) === null).toBe(true));

describe("ContactForm", () => {
  test("an empty form shows the four §5 messages and focuses the first invalid field", async () => {
    renderForm();
    submit();
    for (const message of ["Name is required", "Please enter a valid email", "Subject is required", "Message must be at least 10 characters"]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(document.activeElement).toBe(field("Name *"));
    expect(field("Name *").getAttribute("aria-invalid")).toBe("true");
  });

  test("what was typed before the code loaded is kept; each message goes once its field is valid", async () => {
    renderForm();
    // The fields as the server sent them, typed into before the form's code is there.
    field("Name *").value = "Ravi";
    field("Email *").value = "ravi@";
    submit();
    expect(await screen.findByText("Please enter a valid email")).toBeTruthy();
    expect(screen.queryByText("Name is required")).toBeNull();
    expect(field("Name *").value).toBe("Ravi");

    fill("Email *", "ravi@example.com");
    await gone("Please enter a valid email");
    fill("Subject *", "Classes");
    await gone("Subject is required");
    fill("Message *", "Too short");
    expect(screen.getByText("Message must be at least 10 characters")).toBeTruthy();
    fill("Message *", "Is the Tuesday circle open to newcomers?");
    await gone("Message must be at least 10 characters");
  });

  test("'Message *' has 4 rows; the button reads 'Send Message'", () => {
    renderForm();
    expect(field("Message *").getAttribute("rows")).toBe("4");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeTruthy();
  });
});
