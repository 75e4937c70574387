// The bookings core (issue 39): the places of anything booked, an event or a class date (bookable.ts), run by
// themselves (issue 23): places taken in one transaction, held for their payment, a waiting list that moves up, signed
// cancel links, reminders queued once, the door. Every mail is an outbox row written in the transaction of its cause.
// Its parts: store.ts (the table), mails.ts, places.ts (the places' states), door.ts (the lists and the door), links.ts.
import type { Db } from "@db/client.ts";
import { eventRegistrations } from "@db/schema.ts";
import type { Config } from "@server/config.ts";
import { notFound } from "@server/lib/errors.ts";
import { todayIn } from "@server/lib/time.ts";
import { formatDateRange, formatLongDate, formatWeekdayDate } from "@server/shared/dates.ts";
import { and, eq, sql } from "drizzle-orm";
import type { Outbox } from "../mail/index.ts";
import { type Credits, type Describe, placesOf, type Target, targetOf } from "./bookable.ts";
import { createDoor } from "./door.ts";
import { JOIN_OPENS_MS, type JoinAnswer, type RegistrationLinks } from "./links.ts";
import { createPlaceMails, type PaidPlaces } from "./mails.ts";
import { createPlaces } from "./places.ts";
import { createStore } from "./store.ts";
import { createStudentBookings } from "./student.ts";

export { registrationLinks } from "./links.ts";
export type { BookingInput } from "./places.ts";

type Options = {
  db: Db;
  outbox: Outbox;
  links: RegistrationLinks;
  config: Pick<Config, "timezone" | "payments" | "waitlistAutoHours">;
  now: () => Date;
  /** What each target is now (events and classes describe their own). */
  describe: Describe;
  paidPlaces?: PaidPlaces;
  /** Issue 40: class passes' credits. */
  credits?: Credits;
};

export function createBookings({ db, outbox, links, config, now, describe, paidPlaces, credits }: Options) {
  const { timezone } = config;
  const rows = eventRegistrations;
  const store = createStore({ db, describe, now });
  const mails = createPlaceMails({ outbox, links, config, paidPlaces, store });
  const { cancelPlace, refundDueFor, ...places } = createPlaces({ db, outbox, config, now, describe, paidPlaces, credits, store, mails });
  const { byId, countIn, find } = store;

  const linked = (id: number, token: string) => {
    const registration = id > 0 ? byId.get({ id }) : undefined;
    return registration && links.verify(registration, token) ? registration : undefined;
  };

  return {
    ...places,
    ...createDoor({ db, outbox, links, store, credits }),
    ...createStudentBookings({ db, describe, links, now, store, refundDue: refundDueFor, cancelPlace }),

    /**
     * `GET /join/{token}` (issue 39): the class's meeting room from 15 minutes before the start until the end, for a
     * confirmed booking of a date that is on; undefined for a token that names none.
     */
    join(joinToken: string): JoinAnswer | undefined {
      if (!/^[\w-]{43}$/.test(joinToken)) return undefined;
      const registration = db.select().from(rows).where(eq(rows.joinToken, joinToken)).get();
      const bookable = registration && describe(targetOf(registration));
      if (!registration || !bookable?.online) return undefined;
      if (bookable.cancelled) return { kind: "gone", message: "This class was cancelled" };
      if (registration.state === "cancelled") return { kind: "gone", message: "This booking was cancelled" };
      if (registration.state !== "confirmed") return undefined;
      const at = now().getTime();
      if (at >= bookable.online.endsAt.getTime()) return { kind: "gone", message: "This class has ended" };
      const opensAt = new Date(bookable.startsAt.getTime() - JOIN_OPENS_MS);
      return at < opensAt.getTime() ? { kind: "early", opensAt } : { kind: "open", url: bookable.online.joinUrl };
    },

    /** A cancel link's page: does the link name a registration? (It reveals nothing else.) */
    isCancelLink: (id: number, token: string) => linked(id, token) !== undefined,

    /**
     * What the cancel page names (issue 38), for the holder of the link only: whose place at which event on which day,
     * whether it is cancelled already (and when), whether anyone waits for it, and when it starts.
     */
    cancelDetails(id: number, token: string) {
      const registration = linked(id, token);
      if (!registration) throw notFound("This link is not valid");
      const bookable = find(targetOf(registration));
      const { occasion } = bookable;
      return {
        registration,
        name: registration.name,
        event: occasion.name,
        date:
          "classDate" in occasion
            ? `${formatWeekdayDate(occasion.startDate)}, ${occasion.time}`
            : formatDateRange(occasion.startDate, occasion.endDate),
        cancelledOn:
          registration.state === "cancelled" && registration.cancelledAt
            ? formatLongDate(todayIn(timezone, new Date(registration.cancelledAt)))
            : null,
        waitingList: registration.state !== "waiting" && countIn(bookable.target, "waiting") > 0,
        lateCancel: bookable.lateCancel,
        refundDue: refundDueFor(bookable),
      };
    },

    /** The page's button: gives the place back (a second press changes nothing). False for a link that is not valid. */
    cancelByLink(id: number, token: string): boolean {
      return db.transaction(
        () => {
          const registration = linked(id, token);
          if (!registration) return false;
          cancelPlace(find(targetOf(registration)), registration, false);
          return true;
        },
        { behavior: "immediate" },
      );
    },

    /**
     * Queues every reminder whose moment has come (before its start), each with its place marked in the same
     * transaction: after a restart none is queued twice and none is lost. `soon`: the targets that start around now.
     */
    queueDueReminders(soon: Target[]): number {
      if (!outbox.enabled) return 0;
      const at = now();
      return db.transaction(
        () => {
          let queued = 0;
          for (const target of soon) {
            const bookable = describe(target);
            if (!bookable?.remindAt || at < bookable.remindAt || at >= bookable.startsAt) continue;
            const due = db
              .select()
              .from(rows)
              .where(and(placesOf(target), eq(rows.state, "confirmed"), sql`${rows.remindedAt} is null`))
              .all();
            for (const registration of due) mails.remindIfDue(bookable, registration, at);
            queued += due.length;
          }
          return queued;
        },
        { behavior: "immediate" },
      );
    },
  };
}

export type Bookings = ReturnType<typeof createBookings>;
