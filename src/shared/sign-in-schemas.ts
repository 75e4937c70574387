// The sign-in steps' bodies (issue 22), apart from schemas.ts: only the admin area and the server read them, so the
// public page's script does not carry them.
import { define, type Infer, object, optional, refine, string } from "superstruct";
import { checkNewPassword } from "./schemas.ts";
import { optionalEmail, text } from "./validation.ts";

/** The second step of a sign-in on a new device: the ticket the first answered and the mailed 6-digit code. */
export const loginCodeSchema = object({
  ticket: text(1, "The sign-in has expired. Please log in again.", 200),
  code: define<string>("code", (value) => (typeof value === "string" && /^\d{6}$/.test(value.trim())) || "Enter the 6-digit code from the e-mail"),
});

export const forgotPasswordSchema = object({ login: text(1, "Enter your username or e-mail", 200) });

/** The page a mailed reset link opens: the link's token and the new password (the 'Reset Password' rules). */
export const linkResetSchema = object({
  token: text(1, "This link is not valid any more. Ask for a new one.", 200),
  newPassword: define<string>("password", checkNewPassword),
});
export const linkResetFormSchema = refine(
  object({ newPassword: define<string>("password", checkNewPassword), confirmPassword: string() }),
  "passwordsMatch",
  (value) => value.newPassword === value.confirmPassword || { message: "New passwords do not match", path: ["confirmPassword"] },
);
export type LinkResetFormInput = Infer<typeof linkResetFormSchema>;

/** 'Account e-mail': an address, or empty to fall back to NOTIFY_EMAIL and the profile's. */
export const accountEmailSchema = object({ email: optionalEmail("Please enter a valid email address") });

/** A WebAuthn response as the browser gave it (SimpleWebAuthn checks every part of it). */
const webAuthnResponse = define<Record<string, unknown>>(
  "webauthn",
  (value) =>
    (typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as { id?: unknown }).id === "string") ||
    "The passkey's answer is missing",
);
export const passkeyLoginSchema = object({ passkey: webAuthnResponse });
export const passkeyAddSchema = object({ name: text(1, "Name the passkey", 60), response: webAuthnResponse });

/** The open sign-out calls: the bearer token is the proof (the mailed link's, when given, replaces it). */
export const signOutSchema = object({ link: optional(text(1, "The link is not valid", 2_000)) });
