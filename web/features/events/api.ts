import type { RegistrationInput } from "@server/shared/schemas.ts";
import type { RegistrationAnswer } from "@server/shared/types.ts";
import { apiRequest } from "@web/lib/api.ts";

/** Registers for an upcoming event (the event has no external registration link): a place, or a place on its waiting list. */
export const registerForEvent = (eventId: number, input: RegistrationInput & { website?: string }) =>
  apiRequest<RegistrationAnswer>("POST", `/api/events/${eventId}/registrations`, { body: input });
