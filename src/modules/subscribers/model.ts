// The subscribers module's body and answers.
import { subscribers } from "@db/schema.ts";
import { answer, doneWith, rowOf } from "@server/lib/answers.ts";
import { email } from "@server/shared/validation.ts";
import { array, number, object, string } from "superstruct";

/** POST /api/newsletter: the footer's form checks less (src/shared/schemas.ts); the server wants a valid address. */
export const newsletterSchema = object({ email: email("Please enter a valid email address") });

export const subscriberList = answer(array(rowOf(subscribers)));
/** The admin's newsletters, each with its copies counted by state. */
export const newsletterList = answer(
  array(object({ id: number(), subject: string(), createdAt: string(), recipients: number(), sent: number(), failed: number(), waiting: number() })),
);
export const newsletterSent = doneWith({ id: number() });
