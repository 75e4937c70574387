// The auth module's answers, and its bodies that take one of several shapes (the others are src/shared's sign-in
// schemas, which the web's forms share).
import { answer, doneWith } from "@server/lib/answers.ts";
import { oneOf } from "@server/lib/validate.ts";
import { loginSchema } from "@server/shared/schemas.ts";
import { confirmPasswordSchema, loginCodeSchema, passkeyLoginSchema } from "@server/shared/sign-in-schemas.ts";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { array, boolean, define, literal, nullable, object, string, union } from "superstruct";

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
/** The account's signed-in devices, this one marked `current`. */
export const deviceList = answer(
  array(object({ id: string(), device: string(), ip: string(), firstSeen: string(), lastSeen: string(), current: boolean() })),
);
