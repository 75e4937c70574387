// The bookings core's bodies and answers (issue 39): a place in an event or a class date, as the public and the admin
// see it; the registration form's schema is src/shared/schemas.ts, which the web shares.

import { eventRegistrations } from "@db/schema.ts";
import { type AnswerOf, answer, doneWith, paged, rowOf } from "@server/lib/answers.ts";
import { pageParam, searchParam } from "@server/lib/paging.ts";
import { array, assign, boolean, enums, type Infer, literal, nullable, number, object, optional, string, union } from "superstruct";

/**
 * GET /api/registrations/cancel/details?id&token (issue 38): what the cancel page names. `refund`: what cancelling now
 * gives back (`amount` in cents, all of it) or why nothing (`none`: "the class starts in less than 12 hours"), null for a free place.
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
        object({ kind: literal("none"), amount: number(), currency: string(), because: string() }),
        object({ kind: literal("refunded"), amount: number(), currency: string() }),
      ]),
    ),
  }),
);
/** The admin's 'Check in' at the door (issue 23). */
export const checkInSchema = object({ checkedIn: boolean() });

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
export const registrationList = answer(
  array(assign(registrationWithPayment, object({ creditsLeft: optional(number()), firstVisit: optional(boolean()) }))),
);
export type RegistrationWithPayment = AnswerOf<typeof registrationList>[number];
/** The registrations dialog's page (issue 33), with the event's counts by state and checked in. */
export const registrationsPage = answer(
  paged(registrationWithPayment, {
    counts: object({ confirmed: number(), pending: number(), waiting: number(), cancelled: number(), checkedIn: number() }),
  }),
);
/** POST /api/admin/events/:id/mail: how many registrants the message goes to. */
export const registrantsMailed = doneWith({ recipients: number() });

/** `GET /api/admin/events/:id/registrations/page`: the words in a registrant's name or address, a state (default all), the page. */
export const registrationsQuerySchema = object({
  search: searchParam,
  state: optional(enums(["all", "confirmed", "pending", "waiting", "cancelled"])),
  page: pageParam,
});
export type RegistrationsQuery = Infer<typeof registrationsQuerySchema>;
