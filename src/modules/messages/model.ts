// The messages module's queries and answers (the contact form's schema is src/shared/schemas.ts, which the web shares).

import type { Message } from "@db/schema.ts";
import { type Paged, pageParam, searchParam } from "@server/lib/paging.ts";
import { boolean, coerce, enums, type Infer, object, optional } from "superstruct";

/** `GET /api/admin/messages/page?search=&unread=&page=`: words of the name, address, subject or text; unread only; the page. */
export const messagesPageQuerySchema = object({
  search: searchParam,
  unread: optional(coerce(boolean(), enums(["true", "false"]), (flag) => flag === "true")),
  page: pageParam,
});
export type MessagesPageQuery = Infer<typeof messagesPageQuerySchema>;

/** One page of the matching messages, newest first, and the whole list's counts (the header's '{n} Unread', '{n} Total'). */
export type MessagesPage = Paged<Message> & { counts: { unread: number; all: number } };
