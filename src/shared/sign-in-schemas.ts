// The sign-in steps' bodies (issue 22), apart from schemas.ts: only the admin area and the server read them, so the
// public page's script does not carry them.
import { boolean, define, type Infer, object, optional, refine, string } from "superstruct";
import { checkNewPassword } from "./schemas.ts";
import { optionalEmail, text } from "./validation.ts";

/** The second step of a sign-in on a new device: the ticket the first answered and the mailed 6-digit code. */
export const loginCodeSchema = object({
  ticket: text(1, "The sign-in has expired. Please log in again.", 200),
  code: define<string>("code", (value) => (typeof value === "string" && /^\d{6}$/.test(value.trim())) || "Enter the 6-digit code from the e-mail"),
});

export const forgotPasswordSchema = object({ login: text(1, "Enter your username or e-mail", 200) });

const linkToken = text(1, "This link is not valid any more. Ask for a new one.", 200);

/** The page a mailed reset link opens: the link's token, the new password (the 'Reset Password' rules), 'Also remove all passkeys'. */
export const linkResetSchema = object({
  token: linkToken,
  newPassword: define<string>("password", checkNewPassword),
  removePasskeys: optional(boolean()),
});
export const linkResetFormSchema = refine(
  object({ newPassword: define<string>("password", checkNewPassword), confirmPassword: string() }),
  "passwordsMatch",
  (value) => value.newPassword === value.confirmPassword || { message: "New passwords do not match", path: ["confirmPassword"] },
);
export type LinkResetFormInput = Infer<typeof linkResetFormSchema>;

/** 'Account e-mail': a new address (confirmed by its mailed link), or empty for no account mail. */
export const accountEmailSchema = object({ email: optionalEmail("Please enter a valid email address") });

/** The page a new address's mailed link opens. */
export const confirmEmailSchema = object({ token: linkToken });

/** 'Confirm it's you' with the password (a passkey's answer goes as the login's `passkeySchema`). */
export const confirmPasswordSchema = object({ password: text(1, "Enter your password", 200) });

/** A WebAuthn response as the browser gave it (SimpleWebAuthn checks every part of it). */
const webAuthnResponse = define<object>(
  "webauthn",
  (value) =>
    (typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as { id?: unknown }).id === "string") ||
    "The passkey's answer is missing",
);
export const passkeyLoginSchema = object({ passkey: webAuthnResponse });
export const passkeyAddSchema = object({ name: text(1, "Name the passkey", 60), response: webAuthnResponse });

/** The open sign-out calls: the bearer token is the proof (the mailed link's, when given, replaces it). */
export const signOutSchema = object({ link: optional(text(1, "The link is not valid", 2_000)) });

/** 'Sign out everywhere', with 'Also remove all passkeys'. */
export const signOutEverywhereSchema = object({ link: optional(text(1, "The link is not valid", 2_000)), removePasskeys: optional(boolean()) });
