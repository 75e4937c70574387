// The auth module's bodies that take one of several shapes (the others are src/shared's sign-in schemas, which the
// web's forms share).
import { oneOf } from "@server/lib/validate.ts";
import { loginSchema } from "@server/shared/schemas.ts";
import { confirmPasswordSchema, loginCodeSchema, passkeyLoginSchema } from "@server/shared/sign-in-schemas.ts";

/** POST /api/admin/login: a passkey, the mailed code with its ticket, or a username and password. */
export const loginBody = oneOf((body) => ("passkey" in body ? passkeyLoginSchema : "ticket" in body ? loginCodeSchema : loginSchema));

/** POST /api/admin/confirm ('Confirm it's you'): a passkey, or the password. */
export const confirmBody = oneOf((body) => ("passkey" in body ? passkeyLoginSchema : confirmPasswordSchema));
