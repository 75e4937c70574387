// The events module's bodies and answers (the event form's schema is src/shared/schemas.ts, which the web shares).

import { eventRegistrations, events } from "@db/schema.ts";
import { type AnswerOf, answer, doneWith, paged, rowOf } from "@server/lib/answers.ts";
import { pageParam, searchParam } from "@server/lib/paging.ts";
import { eventSchema } from "@server/shared/schemas.ts";
import { array, assign, boolean, enums, type Infer, literal, nullable, number, object, optional, partial, size, string, union } from "superstruct";

export const eventPatchSchema = partial(eventSchema);
/** 'Cancel this event' (issue 38): the teacher's message to everyone, mailed and shown on the site (may be empty). */
export const eventCancelSchema = object({ reason: size(string(), 0, 1000) });
/** Its answer: how many places were cancelled and payments refunded. */
export const eventCancelled = answer(object({ cancelled: number(), refunded: number() }));
/**
 * GET /api/registrations/cancel/details?id&token (issue 38): what the cancel page names. `refund`: what cancelling now
 * gives back (`amount` in cents, all of it) or why nothing (`none`, with the policy's days), null for a free place.
 */
export const cancelDetails = answer(
  object({
    name: string(),
    event: string(),
    date: string(),
    cancelledOn: nullable(string()),
    waitingList: boolean(),
    refund: nullable(
      union([
        object({ kind: literal("full"), amount: number(), currency: string() }),
        object({ kind: literal("none"), amount: number(), currency: string(), days: number() }),
        object({ kind: literal("refunded"), amount: number(), currency: string() }),
      ]),
    ),
  }),
);
/** The admin's 'Check in' at the door (issue 23). */
export const checkInSchema = object({ checkedIn: boolean() });

const eventRow = rowOf(events);
export const eventAnswer = answer(eventRow);
export type Event = AnswerOf<typeof eventAnswer>;
/** GET /api/admin/events: each event with its registrations counted; its page (issue 33). */
const countedEvent = assign(
  eventRow,
  object({
    registrationCount: number(),
    confirmedCount: number(),
    heldCount: number(),
    waitingCount: number(),
    cancelledCount: number(),
    checkedInCount: number(),
  }),
);
export const adminEventList = answer(array(countedEvent));
export const adminEventsPage = answer(paged(countedEvent));

/**
 * One event of GET /api/events: its places left (null: unlimited), whether registration is open (issue 23), and the
 * currency of its prices (issue 32).
 */
const publicEvent = assign(eventRow, object({ placesLeft: nullable(number()), registrationOpen: boolean(), currency: string() }));
export const publicEventList = answer(array(publicEvent));
export type PublicEvent = AnswerOf<typeof publicEventList>[number];
/** What `/` shows before 'View All Events': the first ones, and how many there are. */
export const firstEvents = answer(object({ events: array(publicEvent), total: number() }));
/** GET /api/events/:id: the upcoming event, or null when the link names none. */
export const publicEventEntry = answer(object({ event: nullable(publicEvent) }));

/** The answer of POST /api/events/:id/registrations (issue 23); `already`: the address was registered before (issue 38). */
export const registrationAnswer = answer(
  union([
    object({ state: literal("confirmed"), already: optional(literal(true)) }),
    object({ state: literal("waiting"), position: number(), already: optional(literal(true)) }),
    /** Issue 32: a priced place held until `holdUntil` (ISO time) for its payment at `checkoutUrl`. */
    object({ state: literal("pending"), checkoutUrl: string(), holdUntil: string() }),
  ]),
);
export type RegistrationAnswer = AnswerOf<typeof registrationAnswer>;

/** One registration as the admin acts on it: `position` (1, 2, …) for the waiting ones (issue 23). */
const registrationRow = assign(rowOf(eventRegistrations), object({ position: nullable(number()) }));
export const adminRegistration = answer(registrationRow);
export type Registration = AnswerOf<typeof adminRegistration>;
/** GET /api/admin/events/:id/registrations: each with its payment (issue 32; status "none": free, or at the door). */
const registrationWithPayment = assign(
  registrationRow,
  object({
    payment: optional(
      object({
        status: enums(["paid", "pending", "refunding", "refunded", "none"]),
        amount: number(),
        currency: string(),
        id: nullable(number()),
      }),
    ),
  }),
);
export const registrationList = answer(array(registrationWithPayment));
export type RegistrationWithPayment = AnswerOf<typeof registrationList>[number];
/** The registrations dialog's page (issue 33), with the event's counts by state and checked in. */
export const registrationsPage = answer(
  paged(registrationWithPayment, {
    counts: object({ confirmed: number(), pending: number(), waiting: number(), cancelled: number(), checkedIn: number() }),
  }),
);
/** POST /api/admin/events/:id/mail: how many registrants the message goes to. */
export const registrantsMailed = doneWith({ recipients: number() });

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
