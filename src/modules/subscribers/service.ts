import { desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { type Subscriber, subscribers } from "../../../db/schema.ts";
import { conflict, notFound } from "../../lib/errors.ts";

export function createSubscribersService(db: Db) {
  const list = db.select().from(subscribers).orderBy(desc(subscribers.createdAt), desc(subscribers.id)).prepare();
  return {
    /** Adds a newsletter address (already trimmed and lower-cased by the schema); 409 when it is there already. */
    subscribe(email: string): Subscriber {
      const created = db.insert(subscribers).values({ email }).onConflictDoNothing().returning().get();
      if (!created) throw conflict("This email is already subscribed to our newsletter.");
      return created;
    },
    list: () => list.all(),
    remove(id: number) {
      const deleted = db.delete(subscribers).where(eq(subscribers.id, id)).returning({ id: subscribers.id }).get();
      if (!deleted) throw notFound("Subscriber not found");
      return { success: true };
    },
  };
}
