import type { RegistrationInput } from "@server/shared/schemas.ts";
import { call } from "@web/lib/api.ts";

/** Registers for an upcoming event (the event has no external registration link): a place, or a place on its waiting list. */
export const registerForEvent = (id: number, input: RegistrationInput & { website?: string }) =>
  call((api) => api.events({ id }).registrations.post(input));
