// The messages module's body, queries and answers (the public contact form's schema is src/shared/schemas.ts, which
// the web shares).

import { messages } from "@db/schema.ts";
import { type AnswerOf, answer, paged, rowOf } from "@server/lib/answers.ts";
import { pageParam, searchParam } from "@server/lib/paging.ts";
import { contactFields } from "@server/shared/schemas.ts";
import { array, boolean, coerce, enums, type Infer, number, object, optional } from "superstruct";

/** POST /api/contact (the public form's twin, src/shared/schemas.ts, says the e-mail's error its own way). */
export const contactSchema = object(contactFields("Valid email is required"));

/** `GET /api/admin/messages/page?search=&unread=&page=`: words of the name, address, subject or text; unread only; the page. */
export const messagesPageQuerySchema = object({
  search: searchParam,
  unread: optional(coerce(boolean(), enums(["true", "false"]), (flag) => flag === "true")),
  page: pageParam,
});
export type MessagesPageQuery = Infer<typeof messagesPageQuerySchema>;

const messageRow = rowOf(messages);
export const messageAnswer = answer(messageRow);
export const messageList = answer(array(messageRow));
export const sent = answer(object({ success: boolean() }));
/** One page of the matching messages, newest first, and the whole list's counts (the header's '{n} Unread', '{n} Total'). */
export const messagesPage = answer(paged(messageRow, { counts: object({ unread: number(), all: number() }) }));
export type MessagesPage = AnswerOf<typeof messagesPage>;
