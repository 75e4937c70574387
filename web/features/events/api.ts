import type { RegistrationInput } from "@server/shared/schemas.ts";
import { apiRequest } from "@web/lib/api.ts";

/** Registers for an upcoming event (the event has no external registration link). */
export const registerForEvent = (eventId: number, input: RegistrationInput & { website?: string }) =>
  apiRequest<unknown>("POST", `/api/events/${eventId}/registrations`, { body: input });
