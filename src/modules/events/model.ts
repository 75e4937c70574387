// The events module's bodies and answers (the event form's schema is src/shared/schemas.ts, which the web shares).

import type { Event, EventRegistration } from "@db/schema.ts";
import { eventSchema } from "@server/shared/schemas.ts";
import { boolean, object, partial } from "superstruct";

export type { Event };
/** One row of GET /api/admin/events/:id/registrations: `position` (1, 2, …) for the waiting ones (issue 23). */
export type Registration = EventRegistration & { position: number | null };
/** The answer of POST /api/events/:id/registrations (issue 23). */
export type RegistrationAnswer = { state: "confirmed" } | { state: "waiting"; position: number };
/** One event of GET /api/events: its places left (null: unlimited) and whether registration is open (issue 23). */
export type PublicEvent = Event & { placesLeft: number | null; registrationOpen: boolean };

export const eventPatchSchema = partial(eventSchema);
/** PATCH /api/admin/events/:id/registrations/:registrationId: a registrant checked in, or not. */
export const checkInSchema = object({ checkedIn: boolean() });
