// Standing bookings (issue 40): every date of a class on one weekday, booked with a credit as soon as it is in the
// booking window, while credits last. A date she cancelled (or was cancelled for) is skipped, not booked again; when
// her passes have no credit left for the class, the standing booking stops and she is mailed.
import type { Db } from "@db/client.ts";
import { eventRegistrations, type StandingBooking, standingBookings } from "@db/schema.ts";
import type { Config } from "@server/config.ts";
import { badRequest, conflict, HttpError, notFound } from "@server/lib/errors.ts";
import { log } from "@server/lib/log.ts";
import { todayIn } from "@server/lib/time.ts";
import { addDays, isoWeekday, WEEKDAY_NAMES } from "@server/shared/calendar.ts";
import { and, asc, eq, isNull } from "drizzle-orm";
import { type Bookings, NO_CREDIT } from "../bookings/index.ts";
import type { ClassesService } from "../classes/index.ts";
import type { Outbox } from "../mail/index.ts";

type Options = {
  db: Db;
  config: Pick<Config, "timezone" | "classBookingWeeks" | "siteUrl">;
  outbox: Outbox;
  now: () => Date;
  bookings: Bookings;
  classes: ClassesService;
};

export function createStanding({ db, config, outbox, now, bookings, classes }: Options) {
  const rows = standingBookings;
  // A standing booking's class is there while it is: deleting a class deletes its standing bookings.
  const className = (classId: number) => classes.byId(classId).name;

  /** Books the open dates of one standing booking: how many it booked, and whether it stopped (no credit left). */
  const bookAhead = (standing: StandingBooking): { booked: number; stopped: boolean } => {
    let booked = 0;
    const today = todayIn(config.timezone, now());
    const dates = classes
      .dates(standing.classId, today, addDays(today, config.classBookingWeeks * 7))
      .dates.filter((date) => isoWeekday(date.date) === standing.weekday && (date.state === "open" || date.state === "full"));
    for (const { date } of dates) {
      const target = { kind: "class" as const, id: standing.classId, date };
      const had = db
        .select({ id: eventRegistrations.id })
        .from(eventRegistrations)
        .where(and(eq(eventRegistrations.email, standing.email), eq(eventRegistrations.classId, target.id), eq(eventRegistrations.classDate, date)))
        .get();
      if (had) continue;
      try {
        bookings.bookWithCredit(target, standing, standing.id);
        booked += 1;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        if (error.message === NO_CREDIT) {
          stop(standing);
          return { booked, stopped: true };
        }
      }
    }
    return { booked, stopped: false };
  };

  const stop = (standing: StandingBooking) => {
    db.transaction(
      () => {
        db.update(rows).set({ endedAt: now().toISOString(), endedBecause: "No credit left for this class" }).where(eq(rows.id, standing.id)).run();
        outbox.add("standing-ended", standing.email, "Your standing booking has stopped", {
          name: standing.name,
          className: className(standing.classId),
          weekday: WEEKDAY_NAMES[standing.weekday - 1] ?? "",
          practiceUrl: `${config.siteUrl}/practice`,
        });
      },
      { behavior: "immediate" },
    );
  };

  return {
    /** Her standing bookings still running, with their class's name. */
    of: (email: string) =>
      db
        .select()
        .from(rows)
        .where(and(eq(rows.email, email), isNull(rows.endedAt)))
        .orderBy(asc(rows.id))
        .all()
        .map((standing) => ({ id: standing.id, classId: standing.classId, title: className(standing.classId), weekday: standing.weekday })),

    /** POST /api/practice/standing: started, and the dates open now booked at once. */
    start(student: { email: string; name: string }, classId: number, weekday: number) {
      const entry = classes.byId(classId);
      if (!entry.schedule?.weekdays.includes(weekday)) throw badRequest(`This class does not run on ${WEEKDAY_NAMES[weekday - 1] ?? "that day"}s`);
      const same = db
        .select()
        .from(rows)
        .where(and(eq(rows.email, student.email), eq(rows.classId, classId), eq(rows.weekday, weekday), isNull(rows.endedAt)))
        .get();
      if (same) throw conflict("You already have this standing booking");
      const standing = db
        .insert(rows)
        .values({ ...student, classId, weekday })
        .returning()
        .get();
      const { stopped } = bookAhead(standing);
      return { id: standing.id, classId, title: entry.name, weekday, running: !stopped };
    },

    /** DELETE /api/practice/standing/:id: ended (her places already booked stay). */
    end(email: string, id: number) {
      const ended = db
        .update(rows)
        .set({ endedAt: now().toISOString() })
        .where(and(eq(rows.id, id), eq(rows.email, email), isNull(rows.endedAt)))
        .returning()
        .get();
      if (!ended) throw notFound("Standing booking not found");
      return { success: true as const };
    },

    /** The job: every running standing booking books its dates as they open; how many places it booked. */
    run(): number {
      let booked = 0;
      for (const standing of db.select().from(rows).where(isNull(rows.endedAt)).all()) {
        try {
          booked += bookAhead(standing).booked;
        } catch (error) {
          log.warn("A standing booking could not book its dates", { id: standing.id, error: (error as Error).message });
        }
      }
      return booked;
    },
  };
}
