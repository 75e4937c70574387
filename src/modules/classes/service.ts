import type { Db } from "@db/client.ts";
import { type ClassSchedule, classes } from "@db/schema.ts";
import { badRequest, notFound } from "@server/lib/errors.ts";
import { sanitizeRichText } from "@server/lib/rich-text.ts";
import { todayIn } from "@server/lib/time.ts";
import { DEFAULT_CLASS_ICON, normalizeLevel } from "@server/shared/constants.ts";
import type { ClassInput } from "@server/shared/schemas.ts";
import { asc, eq } from "drizzle-orm";
import { checkPrices } from "../events/index.ts";
import { datesBetween, upcomingDates } from "./dates.ts";
import type { Class, PublicClass } from "./model.ts";

/** How many dates each class card shows (issue 39). */
const UPCOMING_DATES = 4;
/** The longest range one GET of a class's dates covers. */
const MAX_RANGE_DAYS = 93;

const invalid = (path: string, message: string) => badRequest(message, { issues: [{ path, message }] });

/** An invalid or missing level becomes None (spec §5); rich text is sanitised. */
function toRow<T extends Partial<ClassInput>>(input: T): T {
  return {
    ...input,
    ...(input.description !== undefined && { description: sanitizeRichText(input.description) }),
  } as T;
}

type Rules = Pick<Class, "schedule" | "price" | "concessionPrice" | "byDonation" | "mode" | "joinUrl">;

/**
 * The rules across fields of a class as it is to be stored (its dates in order, its prices, a join link when online):
 * its schedule with the skipped dates sorted once each.
 */
function checked(entry: Rules): ClassSchedule | null {
  const { schedule } = entry;
  if (schedule?.until && schedule.until < schedule.from) throw invalid("schedule.until", "The last date must be on or after the first");
  checkPrices(entry);
  if (entry.mode !== "in-person" && !entry.joinUrl) throw invalid("joinUrl", "An online or hybrid class needs its join link (https://)");
  return schedule && { ...schedule, skip: [...new Set(schedule.skip)].sort() };
}

export function createClassesService(db: Db, { now, zone }: { now: () => Date; zone: string }) {
  const list = db.select().from(classes).orderBy(asc(classes.id)).prepare();
  const byId = (id: number) => {
    const found = db.select().from(classes).where(eq(classes.id, id)).get();
    if (!found) throw notFound("Class not found");
    return found;
  };
  const at = () => {
    const moment = now();
    return { now: moment, zone, today: todayIn(zone, moment) };
  };
  return {
    list: () => list.all(),

    /** The public list: no join link; each scheduled class's next dates. */
    publicList(): PublicClass[] {
      const moment = at();
      return list.all().map(({ joinUrl, ...entry }) => ({
        ...entry,
        upcoming: entry.schedule ? upcomingDates({ schedule: entry.schedule, capacity: entry.capacity }, UPCOMING_DATES, moment) : [],
      }));
    },

    /** A scheduled class's dates from `from` to `to` (at most 93 days). */
    dates(id: number, from: string, to: string) {
      const entry = byId(id);
      if (to < from) throw invalid("to", "to must be on or after from");
      if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= MAX_RANGE_DAYS) throw invalid("to", `A range covers at most ${MAX_RANGE_DAYS} days`);
      if (!entry.schedule) return { dates: [] };
      return { dates: datesBetween({ schedule: entry.schedule, capacity: entry.capacity }, from, to, at()) };
    },

    create(input: ClassInput) {
      const values = { ...toRow(input), level: normalizeLevel(input.level), icon: input.icon ?? DEFAULT_CLASS_ICON };
      const schedule = checked({
        schedule: values.schedule ?? null,
        price: values.price ?? null,
        concessionPrice: values.concessionPrice ?? null,
        byDonation: values.byDonation ?? false,
        mode: values.mode ?? "in-person",
        joinUrl: values.joinUrl ?? null,
      });
      return db
        .insert(classes)
        .values({ ...values, schedule })
        .returning()
        .get();
    },

    update(id: number, input: Partial<ClassInput>) {
      const changes = toRow(input);
      if ("level" in input) changes.level = normalizeLevel(input.level);
      return db.transaction(() => {
        const schedule = checked({ ...byId(id), ...changes } as Rules);
        if (Object.keys(changes).length === 0) return byId(id);
        const updated = db
          .update(classes)
          .set({ ...changes, ...("schedule" in changes && { schedule }) })
          .where(eq(classes.id, id))
          .returning()
          .get();
        if (!updated) throw notFound("Class not found");
        return updated;
      });
    },

    remove(id: number) {
      const deleted = db.delete(classes).where(eq(classes.id, id)).returning({ id: classes.id }).get();
      if (!deleted) throw notFound("Class not found");
      return { success: true };
    },
  };
}
