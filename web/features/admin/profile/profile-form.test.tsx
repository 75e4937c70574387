// The profile form's §5 messages in happy-dom (spec §5).

import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { renderWithData, withDom } from "@web/test-dom.tsx";
import { ProfileForm } from "./profile-form.tsx";

withDom();

afterEach(cleanup);

describe("ProfileForm", () => {
  test("an empty profile shows the §5 messages; an e-mail, when given, must be valid", async () => {
    renderWithData(<ProfileForm profile={null} />);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "teacher@" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Profile" }));
    for (const message of [
      "Name must be at least 2 characters",
      "Title must be at least 2 characters",
      "Biography must be at least 10 characters",
      "Quote must be at least 5 characters",
      "Must be a valid email address",
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(screen.getAllByRole("alert")).toHaveLength(5);
  });
});
