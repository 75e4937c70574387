// Class passes (issue 40): what the teacher sells (`passes`), what each student holds (`student_passes`), and the one
// place a credit is spent or given back. A credit is taken inside the booking's own transaction (SQLite runs one writer
// at a time) by an UPDATE that only succeeds on a pass with a credit left, under a CHECK that it never goes below zero:
// a credit is never spent twice.
import type { Db } from "@db/client.ts";
import { type PassProduct, passes, type StudentPass, studentPasses } from "@db/schema.ts";
import type { Config } from "@server/config.ts";
import { badRequest, notFound } from "@server/lib/errors.ts";
import { todayIn } from "@server/lib/time.ts";
import { zonedToUtc } from "@server/lib/timezone.ts";
import { addDays } from "@server/shared/calendar.ts";
import { formatLongDate } from "@server/shared/dates.ts";
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Outbox, PassNoticeData, ReceiptData } from "../mail/index.ts";
import type { PassInput, PassIssue } from "./model.ts";

/** The mail "2 credits left" is sent when a pass comes down to this many. */
const LOW_CREDITS = 2;
/** The mail "your pass expires soon" is sent this long before, with credits left. */
const EXPIRY_NOTICE_MS = 7 * 86_400_000;

type Options = { db: Db; config: Pick<Config, "timezone" | "payments" | "siteUrl">; outbox: Outbox; now: () => Date };

/** Whether a held pass covers a class: its own copy of the classes it was sold for (null: every class). */
const covers = (pass: Pick<StudentPass, "classIds">, classId: number) => pass.classIds === null || pass.classIds.includes(classId);

export function createPasses({ db, config, outbox, now }: Options) {
  const { timezone } = config;
  const { currency } = config.payments;
  const practiceUrl = `${config.siteUrl}/practice`;
  const held = studentPasses;

  /** 23:59 in SITE_TIMEZONE on the day `days` after `from`'s day there. */
  const expiryAfter = (days: number, from = now()) => endOfDay(addDays(todayIn(timezone, from), days));
  const endOfDay = (date: string) => new Date(zonedToUtc(timezone, { date, hour: 23, minute: 59 }).getTime() + 59_999);
  const find = (id: number) => db.select().from(passes).where(eq(passes.id, id)).get();
  const product = (id: number) => {
    const found = find(id);
    if (!found) throw notFound("Pass not found");
    return found;
  };
  const heldPass = (id: number) => {
    const found = db.select().from(held).where(eq(held.id, id)).get();
    if (!found) throw notFound("Pass not found");
    return found;
  };

  /** The passes of `email` that can pay for `classId` at `startsAt`, the one that expires first first. */
  const usable = (email: string, classId: number, startsAt: Date) =>
    db
      .select()
      .from(held)
      .where(and(eq(held.email, email), gt(held.creditsLeft, 0), gt(held.expiresAt, now().toISOString()), gt(held.expiresAt, startsAt.toISOString())))
      .orderBy(asc(held.expiresAt), asc(held.id))
      .all()
      .filter((pass) => covers(pass, classId));

  /** A mail to the pass's holder about it, with its link to My practice (inside the caller's transaction). */
  const mailPass = (pass: StudentPass, subject: string, why: PassNoticeData["why"], receipt?: ReceiptData) =>
    outbox.add("pass-notice", pass.email, subject, {
      name: pass.name,
      pass: pass.title,
      creditsLeft: pass.creditsLeft,
      expires: formatLongDate(todayIn(timezone, new Date(pass.expiresAt))),
      practiceUrl,
      why,
      receipt,
    });

  /** The "2 credits left" mail, once (inside the caller's transaction). */
  const mailIfLow = (pass: StudentPass) => {
    if (pass.creditsLeft !== LOW_CREDITS || pass.lowMailedAt) return;
    db.update(held).set({ lowMailedAt: now().toISOString() }).where(eq(held.id, pass.id)).run();
    mailPass(pass, `${LOW_CREDITS} classes left on your pass`, "low");
  };

  return {
    expiryAfter,
    endOfDay,

    /** The Classes tab's 'Passes': every product, the inactive ones too. */
    products: (): PassProduct[] => db.select().from(passes).orderBy(asc(passes.id)).all(),
    /** GET /api/passes: the ones on sale. */
    onSale: () =>
      db
        .select()
        .from(passes)
        .where(eq(passes.active, true))
        .orderBy(asc(passes.price), asc(passes.id))
        .all()
        .map(({ id, name, credits, price, concessionPrice, validDays, classIds }) => ({
          id,
          name,
          credits,
          price,
          concessionPrice,
          validDays,
          classIds,
        })),
    product,
    /** A product as it is now; undefined once deleted. */
    find,
    create: (input: PassInput) => db.insert(passes).values(input).returning().get(),
    update(id: number, input: Partial<PassInput>) {
      product(id);
      return db.update(passes).set(input).where(eq(passes.id, id)).returning().get() as PassProduct;
    },
    remove(id: number) {
      product(id);
      db.delete(passes).where(eq(passes.id, id)).run();
      return { success: true as const };
    },

    /**
     * A pass given to a student (inside the caller's transaction): bought (its payment), at the door, or from a paper
     * card. The receipt, when it was paid, comes in its mail with the link to My practice.
     */
    issue(input: PassIssue, receipt?: ReceiptData): StudentPass {
      const pass = db
        .insert(held)
        .values({ ...input, creditsLeft: input.credits, currency })
        .returning()
        .get();
      mailPass(pass, receipt ? `Your pass: ${pass.title}` : `A pass for you: ${pass.title}`, "issued", receipt);
      return pass;
    },

    /** The credits the bookings core spends (src/modules/bookings: Credits). */
    credits: {
      take(email: string, classId: number, startsAt: Date) {
        for (const pass of usable(email, classId, startsAt)) {
          const spent = db
            .update(held)
            .set({ creditsLeft: sql`${held.creditsLeft} - 1` })
            .where(and(eq(held.id, pass.id), gt(held.creditsLeft, 0)))
            .returning()
            .get();
          if (!spent) continue;
          mailIfLow(spent);
          return { passId: spent.id, creditsLeft: spent.creditsLeft, title: spent.title };
        }
        return undefined;
      },
      has: (email: string, classId: number, startsAt: Date) => usable(email, classId, startsAt).length > 0,
      giveBack(passId: number) {
        db.update(held)
          .set({ creditsLeft: sql`${held.creditsLeft} + 1` })
          .where(eq(held.id, passId))
          .run();
      },
    },

    /** The door's column (issue 40): each address's credits left for a class, on its valid passes. */
    creditsLeftFor(emails: string[], classId: number): Map<string, number> {
      const left = new Map<string, number>();
      if (emails.length === 0) return left;
      const valid = db
        .select()
        .from(held)
        .where(and(inArray(held.email, emails), gt(held.creditsLeft, 0), gt(held.expiresAt, now().toISOString())))
        .all();
      for (const pass of valid) if (covers(pass, classId)) left.set(pass.email, (left.get(pass.email) ?? 0) + pass.creditsLeft);
      return left;
    },

    /** A student's passes, the valid ones first. */
    of: (email: string) => db.select().from(held).where(eq(held.email, email)).orderBy(desc(held.expiresAt)).all(),
    /** The passes given, newest first (the admin's list). */
    issued: (email?: string) =>
      db
        .select()
        .from(held)
        .where(email ? eq(held.email, email) : undefined)
        .orderBy(desc(held.id))
        .limit(500)
        .all(),
    heldPass,
    /** The admin gives credits back, or extends a pass to a later last day. */
    adjust(id: number, change: { credits?: number; expires?: string }) {
      const pass = heldPass(id);
      if (!change.credits && !change.expires) throw badRequest("Give back credits, or choose a later last day");
      const expiresAt = change.expires ? endOfDay(change.expires).toISOString() : pass.expiresAt;
      if (change.expires && expiresAt <= pass.expiresAt)
        throw badRequest("The new last day must be later than the pass's", {
          issues: [{ path: "expires", message: "The new last day must be later than the pass's" }],
        });
      return db
        .update(held)
        .set({ creditsLeft: pass.creditsLeft + (change.credits ?? 0), expiresAt, ...(change.expires && { expiryMailedAt: null }) })
        .where(eq(held.id, id))
        .returning()
        .get() as StudentPass;
    },

    /** A pass whose payment is refunded: no credit left on it (inside the caller's transaction). */
    endForPayment(paymentId: number) {
      db.update(held).set({ creditsLeft: 0 }).where(eq(held.paymentId, paymentId)).run();
    },

    /** The "expires in 7 days" mails due now, each once; how many were queued. */
    mailExpiring(): number {
      return db.transaction(
        () => {
          const at = now();
          const due = db
            .select()
            .from(held)
            .where(
              and(
                isNull(held.expiryMailedAt),
                gt(held.creditsLeft, 0),
                gt(held.expiresAt, at.toISOString()),
                lte(held.expiresAt, new Date(at.getTime() + EXPIRY_NOTICE_MS).toISOString()),
              ),
            )
            .all();
          for (const pass of due) {
            db.update(held).set({ expiryMailedAt: at.toISOString() }).where(eq(held.id, pass.id)).run();
            mailPass(pass, `Your pass expires soon: ${pass.title}`, "expiring");
          }
          return due.length;
        },
        { behavior: "immediate" },
      );
    },

    /** What is still owed in classes: each valid pass's credits left × its price per credit (cents, rounded). */
    owed() {
      const valid = db
        .select()
        .from(held)
        .where(and(gt(held.creditsLeft, 0), gt(held.expiresAt, now().toISOString())))
        .orderBy(asc(held.expiresAt))
        .all();
      const rows = valid.map((pass) => ({
        id: pass.id,
        email: pass.email,
        name: pass.name,
        title: pass.title,
        creditsLeft: pass.creditsLeft,
        expiresAt: pass.expiresAt,
        owed: Math.round((pass.price * pass.creditsLeft) / pass.credits),
      }));
      return { total: rows.reduce((sum, row) => sum + row.owed, 0), credits: rows.reduce((sum, row) => sum + row.creditsLeft, 0), passes: rows };
    },
  };
}

export type Passes = ReturnType<typeof createPasses>;
