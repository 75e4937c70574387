// 'Reset Password' and 'Update YouTube API Key' in happy-dom (spec §5): the password messages, the username preset
// to 'admin', and the key's button disabled while the trimmed key is empty.

import { afterEach, describe, expect, test } from "bun:test";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { renderWithData, withDom } from "@web/test-dom.tsx";
import { ApiKeyDialog, ResetPasswordDialog } from "./account-dialogs.tsx";

withDom();

afterEach(cleanup);

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("ResetPasswordDialog", () => {
  test("username 'admin' by default; a short new password and a different confirmation are refused", async () => {
    renderWithData(<ResetPasswordDialog open onOpenChange={() => {}} />);
    expect(((await screen.findByLabelText("Username")) as HTMLInputElement).value).toBe("admin");
    fill("Current Password", "old-secret");
    fill("New Password", "abc");
    fill("Confirm New Password", "abd");
    fireEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("New password must be at least 6 characters long")).toBeTruthy();

    fill("New Password", "abcdef");
    fill("Confirm New Password", "abcdeg");
    fireEvent.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText("New passwords do not match")).toBeTruthy();
  });
});

describe("ApiKeyDialog", () => {
  test("'Update API Key' is disabled while the trimmed key is empty", async () => {
    renderWithData(<ApiKeyDialog open onOpenChange={() => {}} />);
    const submit = (await screen.findByRole("button", { name: "Update API Key" })) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fill("YouTube API Key", "   ");
    expect(submit.disabled).toBe(true);
    fill("YouTube API Key", " AIza-key ");
    expect(submit.disabled).toBe(false);
  });
});
