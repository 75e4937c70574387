// My practice's bodies and answers (issue 40); the sign-in's bodies are src/shared/schemas.ts, shared with the page.
import { answer } from "@server/lib/answers.ts";
import { date } from "@server/shared/validation.ts";
import { array, boolean, define, enums, literal, nullable, number, object, optional, string } from "superstruct";

const positive = (message: string) => define<number>("id", (value) => (typeof value === "number" && Number.isInteger(value) && value > 0) || message);

export const practiceBookingSchema = object({ classId: positive("Class not found"), date: date("The date must be YYYY-MM-DD") });
export const standingSchema = object({
  classId: positive("Class not found"),
  weekday: define<number>(
    "weekday",
    (value) => (typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 7) || "The weekday is 1 (Monday) to 7 (Sunday)",
  ),
});

export const sent = answer(object({ sent: literal(true) }));
export const signedIn = answer(object({ signedIn: literal(true) }));

const booking = {
  bookingId: number(),
  kind: enums(["class", "event"]),
  classId: optional(number()),
  title: string(),
  date: string(),
  startsAt: string(),
  state: enums(["confirmed", "pending", "waiting", "cancelled"]),
  credit: boolean(),
};
export const practiceAnswer = answer(
  object({
    email: string(),
    name: string(),
    today: string(),
    passes: array(object({ id: number(), name: string(), creditsLeft: number(), expiresAt: string(), classIds: nullable(array(number())) })),
    upcoming: array(object({ ...booking, position: optional(number()), join: optional(string()), giveBack: boolean() })),
    past: array(object({ ...booking, attended: nullable(boolean()) })),
    standing: array(object({ id: number(), classId: number(), title: string(), weekday: number() })),
    receipts: array(object({ number: string(), date: string(), what: string(), amount: number(), currency: string(), refunded: boolean() })),
  }),
);

export const practiceBooked = answer(
  object({ state: enums(["confirmed", "waiting"]), creditsLeft: optional(nullable(number())), position: optional(number()) }),
);
export const practiceCancelled = answer(object({ cancelled: literal(true), creditBack: boolean() }));
export const standingStarted = answer(object({ id: number(), classId: number(), title: string(), weekday: number(), running: boolean() }));
