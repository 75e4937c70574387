import type { RegistrationInput } from "@server/shared/schemas.ts";
import { call } from "@web/lib/api.ts";

/** Registers for an upcoming event (the event has no external registration link). */
export const registerForEvent = (id: number, input: RegistrationInput & { website?: string }) =>
  call((api) => api.events({ id }).registrations.post(input));
