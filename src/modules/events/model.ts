// The events module's answers (its bodies' schemas are src/shared/schemas.ts, which the web's forms share).
import type { Event, EventRegistration } from "@db/schema.ts";

export type { Event };
/** One row of GET /api/admin/events/:id/registrations: `position` (1, 2, …) for the waiting ones (issue 23). */
export type Registration = EventRegistration & { position: number | null };
/** The answer of POST /api/events/:id/registrations (issue 23). */
export type RegistrationAnswer = { state: "confirmed" } | { state: "waiting"; position: number };
/** One event of GET /api/events: its places left (null: unlimited) and whether registration is open (issue 23). */
export type PublicEvent = Event & { placesLeft: number | null; registrationOpen: boolean };
