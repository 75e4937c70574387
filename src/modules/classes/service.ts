import type { Db } from "@db/client.ts";
import { type ClassSchedule, classDateCancellations, classes } from "@db/schema.ts";
import { badRequest, conflict, notFound } from "@server/lib/errors.ts";
import { sanitizeRichText } from "@server/lib/rich-text.ts";
import { todayIn } from "@server/lib/time.ts";
import { addDays } from "@server/shared/calendar.ts";
import { DEFAULT_CLASS_ICON, normalizeLevel } from "@server/shared/constants.ts";
import type { ClassInput } from "@server/shared/schemas.ts";
import { date as dateRule } from "@server/shared/validation.ts";
import { asc, eq, sql } from "drizzle-orm";
import { is } from "superstruct";
import { checkPrices } from "../bookings/index.ts";
import { classDate, datesBetween, runsOn, type Scheduled, upcomingDates } from "./dates.ts";
import type { Class, PublicClass } from "./model.ts";

const dateStruct = dateRule("A date is written YYYY-MM-DD");
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

/** `taken`: a date's places taken, as the bookings core counts them. */
export function createClassesService(
  db: Db,
  { now, zone, taken }: { now: () => Date; zone: string; taken: (classId: number, date: string) => number },
) {
  const list = db.select().from(classes).orderBy(asc(classes.id)).prepare();
  const cancellations = db.select().from(classDateCancellations).prepare();
  const cancellationsOf = db
    .select({ date: classDateCancellations.date, reason: classDateCancellations.reason })
    .from(classDateCancellations)
    .where(eq(classDateCancellations.classId, sql.placeholder("classId")))
    .prepare();
  const byId = (id: number) => {
    const found = db.select().from(classes).where(eq(classes.id, id)).get();
    if (!found) throw notFound("Class not found");
    return found;
  };
  const at = () => {
    const moment = now();
    return { now: moment, zone, today: todayIn(zone, moment) };
  };
  /** Each class's dates called off, by class id: date → her message. */
  const cancelledDates = () => {
    const byClass = new Map<number, Map<string, string>>();
    for (const row of cancellations.all()) byClass.set(row.classId, (byClass.get(row.classId) ?? new Map()).set(row.date, row.reason));
    return byClass;
  };
  const scheduled = (entry: Class, cancelled: ReadonlyMap<string, string>): Scheduled | null =>
    entry.schedule && { schedule: entry.schedule, capacity: entry.capacity, cancelled, taken: (date: string) => taken(entry.id, date) };
  /** One class with its dates called off, or a 404. */
  const scheduledById = (id: number) => {
    const entry = byId(id);
    return scheduled(entry, new Map(cancellationsOf.all({ classId: id }).map((row) => [row.date, row.reason])));
  };
  /** Every class with its next dates (none without a schedule). */
  const withUpcoming = () => {
    const moment = at();
    const cancelled = cancelledDates();
    return list.all().map((entry) => {
      const dated = scheduled(entry, cancelled.get(entry.id) ?? new Map());
      return { ...entry, upcoming: dated ? upcomingDates(dated, UPCOMING_DATES, moment) : [] };
    });
  };

  return {
    cancelledDates,
    /** One class as stored, or a 404. */
    byId,

    /** The online and hybrid class dates of today and tomorrow, whose reminders may be due, as the bookings core names them. */
    startingSoon: () => {
      const { today } = at();
      return list
        .all()
        .filter((entry) => entry.schedule && entry.mode !== "in-person")
        .flatMap((entry) =>
          [today, addDays(today, 1)]
            .filter((date) => entry.schedule && runsOn(entry.schedule, date))
            .map((date) => ({ kind: "class" as const, id: entry.id, date })),
        );
    },

    /** The admin's list: every field, join links included, and each class's next dates. */
    list: withUpcoming,

    /** The public list: no join link; each scheduled class's next dates. */
    publicList: (): PublicClass[] => withUpcoming().map(({ joinUrl, ...entry }) => entry),

    /** A scheduled class's dates from `from` to `to` (at most 93 days). */
    dates(id: number, from: string, to: string) {
      const dated = scheduledById(id);
      if (to < from) throw invalid("to", "to must be on or after from");
      if ((Date.parse(to) - Date.parse(from)) / 86_400_000 >= MAX_RANGE_DAYS) throw invalid("to", `A range covers at most ${MAX_RANGE_DAYS} days`);
      return { dates: dated ? datesBetween(dated, from, to, at()) : [] };
    },

    /** A 400 unless the class runs on `date` (the door adds people only to a real date of it). */
    assertRuns(id: number, date: string) {
      const dated = scheduledById(id);
      if (!is(date, dateStruct) || !dated || !runsOn(dated.schedule, date)) throw badRequest(`This class does not run on ${date}`);
    },

    /**
     * 'Cancel this date' (issue 39): the date is marked off with her message, on the site and in the feed (its places
     * are the bookings core's, cancelled in the caller's transaction).
     */
    cancelDate(id: number, date: string, reason: string) {
      const dated = scheduledById(id);
      if (!is(date, dateStruct)) throw invalid("date", "A date is written YYYY-MM-DD");
      if (!dated || !runsOn(dated.schedule, date)) throw badRequest(`This class does not run on ${date}`);
      const current = classDate(dated, date, at());
      if (current.state === "cancelled") throw conflict(`This class on ${date} is cancelled`);
      if (Date.parse(current.endsAt) <= now().getTime()) throw conflict(`This class on ${date} is over`);
      db.insert(classDateCancellations).values({ classId: id, date, reason }).onConflictDoNothing().run();
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
        const current = byId(id);
        const schedule = checked({ ...current, ...changes } as Rules);
        if (Object.keys(changes).length === 0) return current;
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
