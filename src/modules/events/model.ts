// The events module's bodies and answers (the event form's schema is src/shared/schemas.ts, which the web shares).

import { events } from "@db/schema.ts";
import { type AnswerOf, answer, paged, rowOf } from "@server/lib/answers.ts";
import { pageParam, searchParam } from "@server/lib/paging.ts";
import { eventSchema } from "@server/shared/schemas.ts";
import { array, assign, boolean, enums, type Infer, nullable, number, object, optional, partial, size, string } from "superstruct";

export const eventPatchSchema = partial(eventSchema);
/** 'Cancel this event' (issue 38): the teacher's message to everyone, mailed and shown on the site (may be empty). */
export const eventCancelSchema = object({ reason: size(string(), 0, 1000) });
/** Its answer: how many places were cancelled and payments refunded. */
export const eventCancelled = answer(object({ cancelled: number(), refunded: number() }));
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

/** `GET /api/admin/events/page`: the words in an event's name or place, upcoming or past events (default all), the page. */
export const adminEventsQuerySchema = object({ search: searchParam, when: optional(enums(["upcoming", "past", "all"])), page: pageParam });
export type AdminEventsQuery = Infer<typeof adminEventsQuerySchema>;
