// The classes module's bodies and answers (the class form's schema is src/shared/schemas.ts, which the web shares).
import { classes } from "@db/schema.ts";
import { type AnswerOf, answer, rowOf } from "@server/lib/answers.ts";
import { classSchema } from "@server/shared/schemas.ts";
import { date, email, personName } from "@server/shared/validation.ts";
import { array, assign, boolean, enums, nullable, number, object, omit, optional, partial, size, string } from "superstruct";

export const classPatchSchema = partial(classSchema);

const classRow = rowOf(classes);
/** The admin's view of a class: every field, its join link included. */
export const classAnswer = answer(classRow);
export type Class = AnswerOf<typeof classAnswer>;

/** Issue 39: one date of a scheduled class, its places and its state (a cancelled one with her message). */
const classDate = object({
  date: string(),
  startsAt: string(),
  endsAt: string(),
  capacity: nullable(number()),
  placesLeft: nullable(number()),
  state: enums(["open", "full", "closed", "cancelled"]),
  reason: optional(string()),
});
const upcoming = object({ upcoming: array(classDate) });
/** A date as the admin's door counts it: its places booked (confirmed), its waiting list, and who came. */
const doorDate = assign(classDate, object({ booked: number(), waiting: number(), attended: number() }));
/** GET /api/admin/classes: every class, join links included, with its next dates and their door counts. */
export const adminClassList = answer(array(assign(classRow, object({ upcoming: array(doorDate) }))));
/** GET /api/admin/classes/:id/dates?from&to: the dates of a range with their door counts. */
export const adminClassDates = answer(object({ dates: array(doorDate) }));
/** PUT …/bookings/:bookingId/attendance: came, or not. */
export const attendanceSchema = object({ attended: boolean() });
/** POST /api/admin/classes/:id/dates/:date/bookings: someone at the door, in two fields. */
export const doorBookingSchema = object({ name: personName(80), email: email("Valid email is required"), useCredit: optional(boolean()) });
/** GET /api/classes: each class without its join link, with its next dates (none when it has no schedule). */
export const publicClassList = answer(array(assign(omit(classRow, ["joinUrl"]), upcoming)));
export type PublicClass = AnswerOf<typeof publicClassList>[number];
/** GET /api/classes/:id/dates?from&to: a range of at most 93 days. */
export const datesQuerySchema = object({ from: date("from must be a date (YYYY-MM-DD)"), to: date("to must be a date (YYYY-MM-DD)") });
export const classDates = answer(object({ dates: array(classDate) }));
/** POST /api/admin/classes/:id/dates/:date/cancel: her message to everyone booked. */
export const dateCancelSchema = object({ reason: size(string(), 0, 1000) });
export const dateCancelled = answer(object({ cancelled: number(), refunded: number() }));
