import type { Db } from "@db/client.ts";
import { classes } from "@db/schema.ts";
import { notFound } from "@server/lib/errors.ts";
import { sanitizeRichText } from "@server/lib/rich-text.ts";
import { DEFAULT_CLASS_ICON, normalizeLevel } from "@server/shared/constants.ts";
import type { ClassInput } from "@server/shared/schemas.ts";
import { asc, eq } from "drizzle-orm";

/** An invalid or missing level becomes None (spec §5). */
function toRow<T extends Partial<ClassInput>>(input: T): T {
  return {
    ...input,
    ...(input.description !== undefined && { description: sanitizeRichText(input.description) }),
  } as T;
}

export function createClassesService(db: Db) {
  const list = db.select().from(classes).orderBy(asc(classes.id)).prepare();
  return {
    list: () => list.all(),

    create(input: ClassInput) {
      return db
        .insert(classes)
        .values({ ...toRow(input), level: normalizeLevel(input.level), icon: input.icon ?? DEFAULT_CLASS_ICON })
        .returning()
        .get();
    },

    update(id: number, input: Partial<ClassInput>) {
      const changes = toRow(input);
      if ("level" in input) changes.level = normalizeLevel(input.level);
      const updated = Object.keys(changes).length
        ? db.update(classes).set(changes).where(eq(classes.id, id)).returning().get()
        : db.select().from(classes).where(eq(classes.id, id)).get();
      if (!updated) throw notFound("Class not found");
      return updated;
    },

    remove(id: number) {
      const deleted = db.delete(classes).where(eq(classes.id, id)).returning({ id: classes.id }).get();
      if (!deleted) throw notFound("Class not found");
      return { success: true };
    },
  };
}
