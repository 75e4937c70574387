// My practice (issue 40): a student's own page, without a password. sign-in.ts: the mailed code and the sessions;
// standing.ts: standing bookings. Her passes, bookings and receipts are read from the modules that own them.
import { eventRegistrations, studentPasses } from "@db/schema.ts";
import { todayIn } from "@server/lib/time.ts";
import { desc, eq } from "drizzle-orm";
import type { Passes } from "../passes/index.ts";
import { createPracticeSignIn } from "./sign-in.ts";
import { createStanding } from "./standing.ts";

type Options = Parameters<typeof createStanding>[0] & {
  passes: Passes;
  /** What she paid for (src/modules/payments). */
  receiptsOf: (email: string) => { number: string; date: string; what: string; amount: number; currency: string; refunded: boolean }[];
};

export function createPractice(options: Options) {
  const { db, config, now, bookings, passes } = options;
  const standing = createStanding(options);

  /** The name she gave last: on her newest pass or booking. */
  const nameOf = (email: string) =>
    db.select({ name: studentPasses.name }).from(studentPasses).where(eq(studentPasses.email, email)).orderBy(desc(studentPasses.id)).limit(1).get()
      ?.name ??
    db
      .select({ name: eventRegistrations.name })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.email, email))
      .orderBy(desc(eventRegistrations.id))
      .limit(1)
      .get()?.name ??
    "";

  return {
    ...createPracticeSignIn(options),
    standing,
    student: (email: string) => ({ email, name: nameOf(email) }),

    /** GET /api/practice: her passes still valid, her bookings to come and past, her standing bookings, her receipts. */
    overview(email: string) {
      const at = now().toISOString();
      const today = todayIn(config.timezone, now());
      return {
        email,
        name: nameOf(email),
        today,
        passes: passes
          .of(email)
          .filter((pass) => pass.expiresAt > at)
          .map((pass) => ({ id: pass.id, name: pass.title, creditsLeft: pass.creditsLeft, expiresAt: pass.expiresAt, classIds: pass.classIds })),
        ...bookings.ofStudent(email),
        standing: standing.of(email),
        receipts: options.receiptsOf(email),
      };
    },
  };
}
