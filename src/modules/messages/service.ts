import type { Db } from "@db/client.ts";
import { type Message, messages } from "@db/schema.ts";
import { notFound } from "@server/lib/errors.ts";
import { containing, pageOf } from "@server/lib/paging.ts";
import type { ContactInput } from "@server/shared/schemas.ts";
import { and, count, desc, eq, sum } from "drizzle-orm";
import type { Outbox } from "../mail/index.ts";
import type { MessagesPage, MessagesPageQuery } from "./model.ts";

export function createMessagesService(db: Db, outbox: Outbox) {
  const newestFirst = [desc(messages.createdAt), desc(messages.id)];
  const list = db
    .select()
    .from(messages)
    .orderBy(...newestFirst)
    .prepare();
  return {
    /** Stores a contact message (plain text, shown as text, never as HTML) and, with mail on, the teacher's notice: both or neither. */
    create: (input: ContactInput): Message =>
      db.transaction(() => {
        const message = db.insert(messages).values(input).returning().get();
        const teacher = outbox.notifyAddress();
        if (teacher) outbox.add("contact-notice", teacher, `Contact form: ${input.subject}`, input);
        return message;
      }),
    list: () => list.all(),

    /** The admin's page of messages: searched and filtered in SQLite, newest first, with the whole list's counts. */
    page({ search, unread, page }: MessagesPageQuery): MessagesPage {
      const where = and(
        containing(search, messages.name, messages.email, messages.subject, messages.message),
        unread ? eq(messages.isRead, false) : undefined,
      );
      const total = db.select({ count: count() }).from(messages).where(where).get()?.count ?? 0;
      const at = pageOf(page, total);
      const items = db
        .select()
        .from(messages)
        .where(where)
        .orderBy(...newestFirst)
        .limit(at.pageSize)
        .offset(at.offset)
        .all();
      const all = db
        .select({ count: count(), read: sum(messages.isRead).mapWith(Number) })
        .from(messages)
        .get();
      return { items, total, page: at.page, pageSize: at.pageSize, counts: { unread: (all?.count ?? 0) - (all?.read ?? 0), all: all?.count ?? 0 } };
    },

    /** Unread → Read; there is no way back. */
    markRead(id: number): Message {
      const updated = db.update(messages).set({ isRead: true }).where(eq(messages.id, id)).returning().get();
      if (!updated) throw notFound("Message not found");
      return updated;
    },

    remove(id: number) {
      const deleted = db.delete(messages).where(eq(messages.id, id)).returning({ id: messages.id }).get();
      if (!deleted) throw notFound("Message not found");
      return { success: true };
    },
  };
}
