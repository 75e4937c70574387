// The classes module's bodies and answers (the class form's schema is src/shared/schemas.ts, which the web shares).
import { classes } from "@db/schema.ts";
import { type AnswerOf, answer, rowOf } from "@server/lib/answers.ts";
import { classSchema } from "@server/shared/schemas.ts";
import { date } from "@server/shared/validation.ts";
import { array, assign, enums, nullable, number, object, omit, optional, partial, size, string } from "superstruct";

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
/** GET /api/admin/classes: every class, join links included, with its next dates. */
export const adminClassList = answer(array(assign(classRow, upcoming)));
/** GET /api/classes: each class without its join link, with its next dates (none when it has no schedule). */
export const publicClassList = answer(array(assign(omit(classRow, ["joinUrl"]), upcoming)));
export type PublicClass = AnswerOf<typeof publicClassList>[number];
/** GET /api/classes/:id/dates?from&to: a range of at most 93 days. */
export const datesQuerySchema = object({ from: date("from must be a date (YYYY-MM-DD)"), to: date("to must be a date (YYYY-MM-DD)") });
export const classDates = answer(object({ dates: array(classDate) }));
/** POST /api/admin/classes/:id/dates/:date/cancel: her message to everyone booked. */
export const dateCancelSchema = object({ reason: size(string(), 0, 1000) });
export const dateCancelled = answer(object({ cancelled: number(), refunded: number() }));
