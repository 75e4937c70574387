import type { Db } from "@db/client.ts";
import { type Notification, notifications } from "@db/schema.ts";
import { notFound } from "@server/lib/errors.ts";
import { sanitizeRichText } from "@server/lib/rich-text.ts";
import type { NotificationInput } from "@server/shared/schemas.ts";
import { and, desc, eq, gte, isNull, lte, or, sql } from "drizzle-orm";

function toRow<T extends Partial<NotificationInput>>(input: T): T {
  return { ...input, ...(input.message !== undefined && { message: sanitizeRichText(input.message) }) } as T;
}

export function createNotificationsService(db: Db) {
  const today = sql.placeholder("today");
  // Showing from startDate until endDate (inclusive), indefinitely without one (spec §4).
  const showing = db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.isActive, true),
        lte(notifications.startDate, today),
        or(isNull(notifications.endDate), gte(notifications.endDate, today)),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .prepare();
  const all = db.select().from(notifications).orderBy(desc(notifications.createdAt), desc(notifications.id)).prepare();

  return {
    showing: (todayDate: string) => showing.all({ today: todayDate }),
    all: () => all.all(),

    create(input: NotificationInput): Notification {
      return db.insert(notifications).values(toRow(input)).returning().get();
    },

    update(id: number, input: Partial<NotificationInput>): Notification {
      const changes = toRow(input);
      const updated = Object.keys(changes).length
        ? db.update(notifications).set(changes).where(eq(notifications.id, id)).returning().get()
        : db.select().from(notifications).where(eq(notifications.id, id)).get();
      if (!updated) throw notFound("Notification not found");
      return updated;
    },

    remove(id: number) {
      const deleted = db.delete(notifications).where(eq(notifications.id, id)).returning({ id: notifications.id }).get();
      if (!deleted) throw notFound("Notification not found");
      return { success: true };
    },
  };
}
