// The events module's bodies and answers (the event form's schema is src/shared/schemas.ts, which the web shares).

import type { Event, EventRegistration } from "@db/schema.ts";
import { pageParam, searchParam } from "@server/lib/paging.ts";
import { eventSchema } from "@server/shared/schemas.ts";
import { boolean, enums, type Infer, object, optional, partial } from "superstruct";

export type { Event };
/** One row of GET /api/admin/events/:id/registrations: `position` (1, 2, …) for the waiting ones (issue 23). */
export type Registration = EventRegistration & { position: number | null };
/** The answer of POST /api/events/:id/registrations (issue 23). */
export type RegistrationAnswer =
  | { state: "confirmed" }
  | { state: "waiting"; position: number }
  /** Issue 32: a priced place held until `holdUntil` (ISO time) for its payment at `checkoutUrl`. */
  | { state: "pending"; checkoutUrl: string; holdUntil: string };
/**
 * One event of GET /api/events: its places left (null: unlimited), whether registration is open (issue 23), and the
 * currency of its prices (issue 32).
 */
export type PublicEvent = Event & { placesLeft: number | null; registrationOpen: boolean; currency: string };

export const eventPatchSchema = partial(eventSchema);
/** The admin's 'Check in' at the door (issue 23). */
export const checkInSchema = object({ checkedIn: boolean() });

/** `GET /api/admin/events/page`: the words in an event's name or place, upcoming or past events (default all), the page. */
export const adminEventsQuerySchema = object({ search: searchParam, when: optional(enums(["upcoming", "past", "all"])), page: pageParam });
export type AdminEventsQuery = Infer<typeof adminEventsQuerySchema>;
/** `GET /api/admin/events/:id/registrations/page`: the words in a registrant's name or address, a state (default all), the page. */
export const registrationsQuerySchema = object({
  search: searchParam,
  state: optional(enums(["all", "confirmed", "pending", "waiting", "cancelled"])),
  page: pageParam,
});
export type RegistrationsQuery = Infer<typeof registrationsQuerySchema>;
