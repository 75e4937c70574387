// The auth module's bodies (issue 22's sign-in steps; the login's password form and the password change are
// src/shared/schemas.ts, which the web's forms share) and its answers.
import { type AnswerOf, answer, doneWith } from "@server/lib/answers.ts";
import { oneOf } from "@server/lib/validate.ts";
import { checkNewPassword, loginSchema } from "@server/shared/schemas.ts";
import { optionalEmail, text } from "@server/shared/validation.ts";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { array, boolean, define, literal, nullable, object, optional, string, union } from "superstruct";

/** The second step of a sign-in on a new device: the ticket the first answered and the mailed 6-digit code. */
const loginCodeSchema = object({
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

/** 'Account e-mail': a new address (confirmed by its mailed link), or empty for no account mail. */
export const accountEmailSchema = object({ email: optionalEmail("Please enter a valid email address") });

/** The page a new address's mailed link opens. */
export const confirmEmailSchema = object({ token: linkToken });

/** 'Confirm it's you' with the password (a passkey's answer goes as the login's `passkeyLoginSchema`). */
const confirmPasswordSchema = object({ password: text(1, "Enter your password", 200) });

/** A WebAuthn response as the browser gave it (SimpleWebAuthn checks every part of it). */
const webAuthnResponse = define<object>(
  "webauthn",
  (value) =>
    (typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as { id?: unknown }).id === "string") ||
    "The passkey's answer is missing",
);
const passkeyLoginSchema = object({ passkey: webAuthnResponse });
export const passkeyAddSchema = object({ name: text(1, "Name the passkey", 60), response: webAuthnResponse });

/** The open sign-out calls: the bearer token is the proof (the mailed link's, when given, replaces it). */
export const signOutSchema = object({ link: optional(text(1, "The link is not valid", 2_000)) });

/** 'Sign out everywhere', with 'Also remove all passkeys'. */
export const signOutEverywhereSchema = object({ link: optional(text(1, "The link is not valid", 2_000)), removePasskeys: optional(boolean()) });

const webauthnJson = <T>() => define<T>("webauthn", (value) => typeof value === "object" && value !== null && "challenge" in value);

/** POST /api/admin/login: a passkey, the mailed code with its ticket, or a username and password. */
export const loginBody = oneOf((body) => ("passkey" in body ? passkeyLoginSchema : "ticket" in body ? loginCodeSchema : loginSchema));

/** POST /api/admin/confirm ('Confirm it's you'): a passkey, or the password. */
export const confirmBody = oneOf((body) => ("passkey" in body ? passkeyLoginSchema : confirmPasswordSchema));

/** The login's answer: signed in (the bearer token), or, on a new device while mail is on, the code to ask for. */
export const loginAnswer = answer(union([object({ token: string() }), object({ codeRequired: literal(true), ticket: string() })]));
/** Whether the login card offers mailed links and codes. */
export const authOptions = answer(object({ mail: boolean() }));
/** WebAuthn's options for the browser (@simplewebauthn's JSON, checked as an object here). */
export const passkeyRequestOptions = answer(webauthnJson<PublicKeyCredentialRequestOptionsJSON>());
export const passkeyCreationOptions = answer(webauthnJson<PublicKeyCredentialCreationOptionsJSON>());
export const mailSent = answer(object({ message: string() }));
export const emailConfirmed = answer(object({ email: string() }));
export const confirmed = answer(object({ success: boolean() }));
export const passwordChanged = doneWith({ token: string() });
export const account = answer(object({ username: string(), email: nullable(string()), pendingEmail: nullable(string()), mail: boolean() }));
const passkey = object({ id: string(), name: string(), createdAt: string(), lastUsedAt: nullable(string()) });
export const passkeyAnswer = answer(passkey);
export const passkeyList = answer(array(passkey));
export type PasskeyInfo = AnswerOf<typeof passkeyAnswer>;
/** The account's signed-in devices, this one marked `current`. */
export const deviceList = answer(
  array(object({ id: string(), device: string(), ip: string(), firstSeen: string(), lastSeen: string(), current: boolean() })),
);
export type SignedInDevice = AnswerOf<typeof deviceList>[number];
