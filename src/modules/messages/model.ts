// The messages module's body and answers.
import { messages } from "@db/schema.ts";
import { answer, rowOf } from "@server/lib/answers.ts";
import { contactFields } from "@server/shared/schemas.ts";
import { array, boolean, object } from "superstruct";

/** POST /api/contact (the public form's twin, src/shared/schemas.ts, says the e-mail's error its own way). */
export const contactSchema = object(contactFields("Valid email is required"));

const messageRow = rowOf(messages);
export const messageAnswer = answer(messageRow);
export const messageList = answer(array(messageRow));
export const sent = answer(object({ success: boolean() }));
