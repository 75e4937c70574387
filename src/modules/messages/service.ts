import type { Db } from "@db/client.ts";
import { type Message, messages } from "@db/schema.ts";
import { notFound } from "@server/lib/errors.ts";
import type { ContactInput } from "@server/shared/schemas.ts";
import { desc, eq } from "drizzle-orm";
import type { Outbox } from "../mail/index.ts";

export function createMessagesService(db: Db, outbox: Outbox) {
  const list = db.select().from(messages).orderBy(desc(messages.createdAt), desc(messages.id)).prepare();
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
