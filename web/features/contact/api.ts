import type { ContactInput } from "@server/shared/schemas.ts";
import { call } from "@web/lib/api.ts";

/** Sends a contact message (the answer's fields are not read, spec §7). */
export const sendContactMessage = (input: ContactInput & { website?: string }) => call((api) => api.contact.post(input));
