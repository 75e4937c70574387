// The passes module's bodies and answers (issue 40; the pass form's schema is src/shared/schemas.ts, shared with the web).
import { passes, studentPasses } from "@db/schema.ts";
import { answer, rowOf } from "@server/lib/answers.ts";
import { passSchema } from "@server/shared/schemas.ts";
import { cents, date, email, personName, text } from "@server/shared/validation.ts";
import { array, define, nullable, number, object, optional, partial, string } from "superstruct";

export type { PassInput } from "@server/shared/schemas.ts";
export const passPatchSchema = partial(passSchema);

/** What `issue` writes: a student's own copy of the pass (its product may change or go). */
export type PassIssue = {
  passId: number | null;
  email: string;
  name: string;
  title: string;
  credits: number;
  classIds: number[] | null;
  expiresAt: string;
  price: number;
  source: "stripe" | "door" | "import";
  paymentId?: number;
};

export const passAnswer = answer(rowOf(passes));
export const passList = answer(array(rowOf(passes)));
/** GET /api/passes: the passes on sale. */
export const publicPassList = answer(
  array(
    object({
      id: number(),
      name: string(),
      credits: number(),
      price: number(),
      concessionPrice: nullable(number()),
      validDays: number(),
      classIds: nullable(array(number())),
    }),
  ),
);
export const studentPassAnswer = answer(rowOf(studentPasses));
export const studentPassList = answer(array(rowOf(studentPasses)));

const wholeCredits = (min: number, max: number, message: string) =>
  define<number>("credits", (value) => (typeof value === "number" && Number.isInteger(value) && value >= min && value <= max) || message);

/** 'Add a pass': one sold at the door, recorded on the Money tab with what was paid. */
export const addPassSchema = object({
  email: email("Valid email is required"),
  name: personName(80),
  credits: wholeCredits(1, 100, "Credits must be a whole number from 1 to 100"),
  expires: date("The last day must be a date (YYYY-MM-DD)"),
  amount: cents(0, 10_000_000, "The amount paid must be a whole number of cents"),
  passId: optional(nullable(number())),
});
/** A credit given back or a pass extended, with the note the activity log keeps. */
export const adjustPassSchema = object({
  credits: optional(wholeCredits(1, 100, "Credits must be a whole number from 1 to 100")),
  expires: optional(date("The last day must be a date (YYYY-MM-DD)")),
  note: text(2, "Say why, in a note", 500),
});
/** 'Import passes': the CSV of her paper cards (email,name,credits,expires). */
export const importSchema = object({ csv: text(1, "Choose a CSV file", 2_000_000) });
export const imported = answer(
  object({
    issued: number(),
    lines: array(object({ line: number(), email: string(), state: string(), reason: optional(string()) })),
  }),
);
/** The Money tab's books: what is still owed in classes. */
export const owedAnswer = answer(
  object({
    total: number(),
    credits: number(),
    currency: string(),
    passes: array(
      object({ id: number(), email: string(), name: string(), title: string(), creditsLeft: number(), expiresAt: string(), owed: number() }),
    ),
  }),
);
