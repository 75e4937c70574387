// Issue 40 through real HTTP (app.listen on a free port), the suite's real SMTP server and the Stripe-protocol server:
// passes sold and bought, My practice's mailed code and session cookie, bookings with a credit (never spent twice),
// cancels in time and late, the waiting list that books by itself, standing bookings, the mails, the door and the books.
// The clock is injected: Tuesday 9 March 2027, 10:00 in Melbourne.

import { Database } from "bun:sqlite";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type classes, eventRegistrations, outbox, payments, practiceCodes, practiceSessions, studentPasses } from "@db/schema.ts";
import type { MailWorker, TestApp } from "@tests/support/app.ts";
import { createClass } from "@tests/support/factories.ts";
import { type ListeningApp, startListeningApp } from "@tests/support/listening-app.ts";
import type { SmtpServer } from "@tests/support/smtp.ts";
import type { StripeServer } from "@tests/support/stripe.ts";
import { eq } from "drizzle-orm";
import { backupsDir } from "../backups/service.ts";

const START = new Date("2027-03-08T23:00:00Z");
let clock = START;
const now = () => clock;
let smtp: SmtpServer;
let stripe: StripeServer;
let t: TestApp;
let base: string;
let token: string;
let worker: MailWorker;
let ipCounter = 0;

let site: ListeningApp<true>;
beforeAll(async () => {
  site = await startListeningApp({ now, stripe: true, env: { NOTIFY_EMAIL: "teacher@example.org" } });
  ({ t, base, token, worker, smtp, stripe } = site);
});
afterAll(() => site.stop());
afterEach(() => {
  clock = START;
});

const from = () => `10.4.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;
const json = (method: string, body?: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: { "X-Forwarded-For": from(), ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
  body: body === undefined ? undefined : JSON.stringify(body),
});
const answerOf = async (response: Response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> });
const admin = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${base}/api/admin${path}`, json(method, body, { Authorization: `Bearer ${token}` }));
  if (response.status === 401) {
    token = await t.login();
    return fetch(`${base}/api/admin${path}`, json(method, body, { Authorization: `Bearer ${token}` }));
  }
  return response;
};
const mailsTo = async (address: string) => {
  await worker.drain();
  return smtp.received.filter((mail) => mail.envelopeTo.includes(address));
};

/** Tuesdays at 6:30 PM, 75 minutes, from 2 March 2027, with a drop-in of A$20. */
const weekly = (changes: Partial<typeof classes.$inferInsert> = {}) =>
  createClass(t.db, {
    name: "Evening Hatha",
    location: "Carlton Studio",
    schedule: { weekdays: [2], start: "18:30", minutes: 75, from: "2027-03-02", until: null, skip: [] },
    capacity: 10,
    price: 2000,
    ...changes,
  });

/** A pass given at the door (the admin's 'Add a pass'), valid until `expires`. */
const givePass = async (email: string, credits: number, expires = "2027-08-31", amount = 15000) => {
  const response = await admin("POST", "/passes/issued", { email, name: "Asha Rao", credits, expires, amount });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; creditsLeft: number };
};

/** Signs in to My practice with the mailed code: the session cookie's `name=value`. */
const signIn = async (email: string) => {
  expect(await answerOf(await fetch(`${base}/api/practice/sign-in`, json("POST", { email })))).toEqual({ status: 202, body: { sent: true } });
  const mail = (await mailsTo(email)).findLast((received) => received.subject?.startsWith("Your code for My practice"));
  const code = /\b(\d{6})\b/.exec(mail!.text!)![1]!;
  const verified = await fetch(`${base}/api/practice/verify`, json("POST", { email, code }));
  expect(verified.status).toBe(200);
  return verified.headers.get("set-cookie")!.split(";")[0]!;
};
const as = (cookie: string) => ({
  get: () => fetch(`${base}/api/practice`, { headers: { Cookie: cookie } }),
  book: (classId: number, date: string) => fetch(`${base}/api/practice/bookings`, json("POST", { classId, date }, { Cookie: cookie })),
  cancel: (bookingId: number) => fetch(`${base}/api/practice/bookings/${bookingId}`, json("DELETE", undefined, { Cookie: cookie })),
});
const passOf = (id: number) => t.db.select().from(studentPasses).where(eq(studentPasses.id, id)).get()!;

describe("passes for sale", () => {
  test("the admin's passes: made, listed on sale, checked, changed and deleted; a pass held stays valid", async () => {
    const entry = weekly();
    const created = await answerOf(
      await admin("POST", "/passes", { name: "10 classes", credits: 10, price: 15000, concessionPrice: 12000, validDays: 180, classIds: null }),
    );
    expect(created.status).toBe(201);
    const concession = await answerOf(
      await admin("POST", "/passes", { name: "5 classes, concession", credits: 5, price: 6000, validDays: 90, classIds: [entry.id] }),
    );
    expect((await answerOf(await admin("POST", "/passes", { name: "Too many", credits: 101, price: 100, validDays: 10 }))).body).toMatchObject({
      error: "Credits must be a whole number from 1 to 100",
    });
    expect((await answerOf(await admin("POST", "/passes", { name: "Too long", credits: 1, price: 100, validDays: 731 }))).body).toMatchObject({
      error: "Valid days must be a whole number from 1 to 730",
    });
    const onSale = (await (await fetch(`${base}/api/passes`)).json()) as Record<string, unknown>[];
    expect(onSale).toContainEqual({
      id: created.body.id,
      name: "10 classes",
      credits: 10,
      price: 15000,
      concessionPrice: 12000,
      validDays: 180,
      classIds: null,
    });
    expect(onSale).toContainEqual(expect.objectContaining({ id: concession.body.id, classIds: [entry.id], concessionPrice: null }));

    // Off sale, then deleted: a pass issued from it keeps what it was.
    expect((await admin("PATCH", `/passes/${concession.body.id}`, { active: false })).status).toBe(200);
    expect(((await (await fetch(`${base}/api/passes`)).json()) as { id: number }[]).map((pass) => pass.id)).not.toContain(concession.body.id);
    const held = await answerOf(
      await admin("POST", "/passes/issued", {
        email: "held@example.org",
        name: "Held Pass",
        credits: 5,
        expires: "2027-06-30",
        amount: 6000,
        passId: concession.body.id,
      }),
    );
    expect((await admin("DELETE", `/passes/${concession.body.id}`)).status).toBe(200);
    expect(passOf(held.body.id as number)).toMatchObject({ title: "5 classes, concession", creditsLeft: 5, classIds: [entry.id] });
  });

  test("bought through Checkout: issued when Stripe says it is paid, until 23:59 in Melbourne validDays on, with its receipt", async () => {
    const pass = (await (
      await admin("POST", "/passes", { name: "Ten classes", credits: 10, price: 15000, concessionPrice: 12000, validDays: 180 })
    ).json()) as { id: number };
    const bought = await answerOf(
      await fetch(`${base}/api/passes/${pass.id}/checkout`, json("POST", { name: "Bela Kovacs", email: "Bela@Example.org", ticket: "concession" })),
    );
    expect(bought.status).toBe(201);
    const session = stripe.sessionOf(bought.body.checkoutUrl as string)!;
    expect(session.amount_total).toBe(12000);
    expect(session.success_url).toBe(`${base}/practice?payment=success`);
    expect(t.db.select().from(studentPasses).where(eq(studentPasses.email, "bela@example.org")).all()).toEqual([]);
    await stripe.complete(session.id, "bela@example.org");
    const [issued] = t.db.select().from(studentPasses).where(eq(studentPasses.email, "bela@example.org")).all();
    // 9 March + 180 days = 5 September 2027, 23:59 in Melbourne (AEST, UTC+10).
    expect(issued).toMatchObject({ title: "Ten classes", credits: 10, creditsLeft: 10, price: 12000, source: "stripe" });
    expect(issued!.expiresAt).toBe("2027-09-05T13:59:59.999Z");
    const [receipt] = await mailsTo("bela@example.org");
    expect(receipt!.subject).toBe("Your pass: Ten classes");
    expect(receipt!.text).toContain("A$120.00");
    expect(receipt!.text).toContain("Ten classes (concession)");
    expect(receipt!.text).toContain(`${base}/practice`);
    const money = (await (await admin("GET", "/payments")).json()) as { byEvent: { label: string; paid: number; refunded: number }[] };
    // With the 5-class pass sold at the door (A$60.00) in the test before.
    expect(money.byEvent).toContainEqual({ label: "Passes", paid: 18000, refunded: 0 });

    // Refunded by the admin, the pass ends: no credit is left on it.
    const paid = t.db.select().from(payments).where(eq(payments.email, "bela@example.org")).get()!;
    expect((await admin("POST", `/payments/${paid.id}/refund`, {})).status).toBe(200);
    expect(passOf(issued!.id).creditsLeft).toBe(0);
    expect((await mailsTo("bela@example.org")).map((mail) => mail.text).join()).toContain("the organiser has refunded your pass.");

    const refused = await answerOf(
      await fetch(`${base}/api/passes/${pass.id}/checkout`, json("POST", { name: "Bela", email: "b@example.org", ticket: "x" })),
    );
    expect(refused.status).toBe(400);
  });
});

describe("My practice", () => {
  test("the code: the same answer for anyone, mailed to a student only, 5 wrong tries end it, used once; the cookie", async () => {
    await givePass("asha@example.org", 10);
    const stranger = await answerOf(await fetch(`${base}/api/practice/sign-in`, json("POST", { email: "stranger@example.org" })));
    expect(stranger).toEqual({ status: 202, body: { sent: true } });
    expect(await mailsTo("stranger@example.org")).toEqual([]);

    expect((await fetch(`${base}/api/practice/sign-in`, json("POST", { email: "asha@example.org" }))).status).toBe(202);
    const [mail] = (await mailsTo("asha@example.org")).filter((received) => received.subject?.startsWith("Your code"));
    const code = /\b(\d{6})\b/.exec(mail!.text!)![1]!;
    expect(mail!.text).toContain(`${base}/practice#email=asha%40example.org&code=${code}`);
    // Stored as hashes only: no code in the database, in any table, outbox included.
    const stored = JSON.stringify([t.db.select().from(practiceCodes).all(), t.db.select().from(outbox).all()]);
    expect(stored).not.toContain(code);

    const wrong = code === "000000" ? "111111" : "000000";
    for (let n = 1; n <= 4; n += 1)
      expect(await answerOf(await fetch(`${base}/api/practice/verify`, json("POST", { email: "asha@example.org", code: wrong })))).toEqual({
        status: 400,
        body: { error: "That code is not right. Check the mail and try again." },
      });
    expect((await answerOf(await fetch(`${base}/api/practice/verify`, json("POST", { email: "asha@example.org", code: wrong })))).body.error).toBe(
      "This code is not valid any more: it was used, it expired, or it was tried too many times. Ask for a new one.",
    );
    expect((await fetch(`${base}/api/practice/verify`, json("POST", { email: "asha@example.org", code }))).status).toBe(400);

    // A new code works once; the cookie is HttpOnly, SameSite=Lax, 30 days, and its session is stored hashed.
    expect((await fetch(`${base}/api/practice/sign-in`, json("POST", { email: "asha@example.org" }))).status).toBe(202);
    const fresh = /\b(\d{6})\b/.exec((await mailsTo("asha@example.org")).at(-1)!.text!)![1]!;
    const verified = await fetch(`${base}/api/practice/verify`, json("POST", { email: "asha@example.org", code: fresh }));
    const setCookie = verified.headers.get("set-cookie")!;
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain(`Max-Age=${30 * 86_400}`);
    expect(setCookie).toContain("Path=/api/practice");
    const cookie = setCookie.split(";")[0]!;
    expect(JSON.stringify(t.db.select().from(practiceSessions).all())).not.toContain(cookie.split("=")[1]!);
    expect((await fetch(`${base}/api/practice/verify`, json("POST", { email: "asha@example.org", code: fresh }))).status).toBe(400);

    expect((await fetch(`${base}/api/practice`)).status).toBe(401);
    const answered = await as(cookie).get();
    expect(answered.headers.get("cache-control")).toBe("no-store");
    const mine = await answerOf(answered);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ email: "asha@example.org", name: "Asha Rao", upcoming: [], past: [] });
    expect(mine.body.passes).toEqual([expect.objectContaining({ name: "10-class pass", creditsLeft: 10, expiresAt: "2027-08-31T13:59:59.999Z" })]);

    // At most 3 codes an hour to one address.
    for (let n = 0; n < 3; n += 1) await fetch(`${base}/api/practice/sign-in`, json("POST", { email: "asha@example.org" }));
    expect(t.db.select().from(practiceCodes).where(eq(practiceCodes.email, "asha@example.org")).all()).toHaveLength(3);

    // 'Sign out' ends this browser's session; 'Sign out everywhere' every one.
    expect((await fetch(`${base}/api/practice/sign-out`, { method: "POST", headers: { Cookie: cookie } })).status).toBe(200);
    expect((await as(cookie).get()).status).toBe(401);
    clock = new Date(START.getTime() + 2 * 3_600_000);
    const [phone, laptop] = [await signIn("asha@example.org"), await signIn("asha@example.org")];
    expect((await as(laptop!).get()).status).toBe(200);
    expect((await fetch(`${base}/api/practice/sign-out-everywhere`, { method: "POST", headers: { Cookie: phone! } })).status).toBe(200);
    expect((await as(laptop!).get()).status).toBe(401);
  });

  test("booking with a credit: confirmed with the credits left; none: 409; cancelled in time the credit comes back, late it is used", async () => {
    const entry = weekly();
    const other = weekly({ name: "Morning Yin" });
    const pass = await givePass("chen@example.org", 3);
    await t.db
      .update(studentPasses)
      .set({ classIds: [entry.id] })
      .where(eq(studentPasses.id, pass.id))
      .run();
    const cookie = await signIn("chen@example.org");
    const chen = as(cookie);
    const first = await answerOf(await chen.book(entry.id, "2027-03-16"));
    expect(first).toEqual({ status: 201, body: { state: "confirmed", creditsLeft: 2 } });
    expect((await answerOf(await chen.book(entry.id, "2027-03-16"))).body.error).toBe("You're already booked for this class on 2027-03-16");
    expect(await answerOf(await chen.book(other.id, "2027-03-16"))).toEqual({ status: 409, body: { error: "You have no credit for this class" } });
    expect((await answerOf(await chen.book(entry.id, "2027-03-23"))).body).toEqual({ state: "confirmed", creditsLeft: 1 });

    const mine = (await (await chen.get()).json()) as { upcoming: { bookingId: number; date: string; giveBack: boolean; credit: boolean }[] };
    expect(mine.upcoming.map((booking) => [booking.date, booking.credit, booking.giveBack])).toEqual([
      ["2027-03-16", true, true],
      ["2027-03-23", true, true],
    ]);
    expect(await answerOf(await chen.cancel(mine.upcoming[0]!.bookingId))).toEqual({ status: 200, body: { cancelled: true, creditBack: true } });
    expect(passOf(pass.id).creditsLeft).toBe(2);

    // Four hours before the 23rd's class: less than CLASS_CANCEL_HOURS, the credit is used.
    clock = new Date("2027-03-23T03:30:00Z");
    const late = (await (await chen.get()).json()) as { upcoming: { bookingId: number; giveBack: boolean }[] };
    expect(late.upcoming[0]!.giveBack).toBe(false);
    expect((await answerOf(await chen.cancel(late.upcoming[0]!.bookingId))).body).toEqual({ cancelled: true, creditBack: false });
    expect(passOf(pass.id).creditsLeft).toBe(2);
    // Someone else's booking is not hers to cancel.
    expect((await chen.cancel(999_999)).status).toBe(404);
  });

  test("a credit is never spent twice: 50 bookings at once with 3 credits confirm 3; a cancel and a booking at once agree", async () => {
    const daily = weekly({
      name: "Daily Practice",
      schedule: { weekdays: [1, 2, 3, 4, 5, 6, 7], start: "07:00", minutes: 60, from: "2027-03-01", until: null, skip: [] },
    });
    const pass = await givePass("dana@example.org", 3);
    const dana = as(await signIn("dana@example.org"));
    const dates = Array.from({ length: 50 }, (_, n) => new Date(Date.UTC(2027, 2, 10 + n)).toISOString().slice(0, 10));
    const answers = await Promise.all(dates.map(async (date) => (await dana.book(daily.id, date)).status));
    expect(answers.filter((status) => status === 201)).toHaveLength(3);
    expect(answers.filter((status) => status === 409)).toHaveLength(47);
    expect(passOf(pass.id).creditsLeft).toBe(0);

    const booked = t.db.select().from(eventRegistrations).where(eq(eventRegistrations.email, "dana@example.org")).all();
    const [one, two] = booked;
    const free = dates.find((date) => !booked.some((row) => row.classDate === date))!;
    const [first, again, late, second] = await Promise.all([
      dana.cancel(one!.id),
      dana.cancel(one!.id),
      dana.book(daily.id, free),
      dana.cancel(two!.id),
    ]);
    expect([first!.status, again!.status].sort()).toEqual([200, 404]);
    expect(second!.status).toBe(200);
    // The booking came before the cancels (no credit: 409) or after one (201); either way credits and places agree.
    expect([201, 409]).toContain(late!.status);
    const live = t.db.select().from(eventRegistrations).where(eq(eventRegistrations.email, "dana@example.org")).all();
    const spent = live.filter((row) => row.state === "confirmed" && row.studentPassId !== null).length;
    expect(passOf(pass.id).creditsLeft).toBe(3 - spent);
  });

  test("the waiting list books by itself: a place freed more than 8 hours ahead goes to the first waiting with a credit", async () => {
    const entry = weekly({ capacity: 1 });
    await givePass("eli@example.org", 5);
    await givePass("fay@example.org", 5);
    const eli = as(await signIn("eli@example.org"));
    const fay = as(await signIn("fay@example.org"));
    expect((await answerOf(await eli.book(entry.id, "2027-03-16"))).body).toEqual({ state: "confirmed", creditsLeft: 4 });
    expect((await answerOf(await fay.book(entry.id, "2027-03-16"))).body).toEqual({ state: "waiting", position: 1 });
    const eliBooking = ((await (await eli.get()).json()) as { upcoming: { bookingId: number }[] }).upcoming[0]!.bookingId;
    await eli.cancel(eliBooking);
    const fayRow = t.db.select().from(eventRegistrations).where(eq(eventRegistrations.email, "fay@example.org")).get()!;
    expect(fayRow).toMatchObject({ state: "confirmed", ticket: "credit" });
    expect(passOf(fayRow.studentPassId!).creditsLeft).toBe(4);
    const mails = (await mailsTo("fay@example.org")).map((mail) => mail.subject);
    expect(mails).toContain("You're in: Evening Hatha");
    expect(mails.join()).not.toContain("faster");
  });

  test("a standing booking books every Tuesday in the window while credits last, then stops and mails", async () => {
    const entry = weekly();
    await givePass("gia@example.org", 3);
    const cookie = await signIn("gia@example.org");
    const started = await answerOf(await fetch(`${base}/api/practice/standing`, json("POST", { classId: entry.id, weekday: 2 }, { Cookie: cookie })));
    expect(started).toMatchObject({ status: 201, body: { classId: entry.id, weekday: 2, running: false } });
    const booked = t.db.select().from(eventRegistrations).where(eq(eventRegistrations.email, "gia@example.org")).all();
    // Today's 6:30 PM class and the next two Tuesdays take the 3 credits.
    expect(booked.map((row) => row.classDate)).toEqual(["2027-03-09", "2027-03-16", "2027-03-23"]);
    expect((await mailsTo("gia@example.org")).map((mail) => mail.subject)).toContain("Your standing booking has stopped");
    expect(
      (await answerOf(await fetch(`${base}/api/practice/standing`, json("POST", { classId: entry.id, weekday: 3 }, { Cookie: cookie })))).body,
    ).toEqual({
      error: "This class does not run on Wednesdays",
    });
  });

  test("the mails: 2 credits left, and 7 days before the end with credits left, once each", async () => {
    const entry = weekly();
    await givePass("hana@example.org", 3, "2027-03-20");
    const hana = as(await signIn("hana@example.org"));
    await hana.book(entry.id, "2027-03-09");
    await hana.book(entry.id, "2027-03-16");
    const low = (await mailsTo("hana@example.org")).filter((mail) => mail.subject === "2 classes left on your pass");
    expect(low).toHaveLength(1);
    clock = new Date("2027-03-14T00:00:00Z");
    expect(await t.app.jobs.run("pass-expiry")).toBe(1);
    expect(await t.app.jobs.run("pass-expiry")).toBe(0);
    expect((await mailsTo("hana@example.org")).map((mail) => mail.subject)).toContain("Your pass expires soon: 3-class pass");
  });
});

describe("the door", () => {
  test("each person's credits left and first visit; someone added at the door takes a credit by e-mail; absent keeps it used", async () => {
    const entry = weekly();
    await givePass("jude@example.org", 4);
    const jude = as(await signIn("jude@example.org"));
    await jude.book(entry.id, "2027-03-09");
    clock = new Date("2027-03-09T08:00:00Z");
    const added = await answerOf(
      await admin("POST", `/classes/${entry.id}/dates/2027-03-09/bookings`, { name: "Kai Lim", email: "kai@example.org", useCredit: true }),
    );
    expect(added).toEqual({ status: 409, body: { error: "You have no credit for this class" } });
    await givePass("kai@example.org", 2);
    expect(
      (await admin("POST", `/classes/${entry.id}/dates/2027-03-09/bookings`, { name: "Kai Lim", email: "kai@example.org", useCredit: true })).status,
    ).toBe(201);
    const door = (await (await admin("GET", `/classes/${entry.id}/dates/2027-03-09/bookings`)).json()) as Record<string, unknown>[];
    expect(door.map((row) => [row.email, row.creditsLeft, row.firstVisit, row.ticket])).toEqual([
      ["jude@example.org", 3, true, "credit"],
      ["kai@example.org", 1, true, "credit"],
    ]);
    // Jude did not come: her credit stays used, and next week she is still a first visit.
    const judeRow = door[0]!;
    await admin("PUT", `/classes/${entry.id}/dates/2027-03-09/bookings/${judeRow.id}/attendance`, { attended: false });
    expect(passOf(judeRow.studentPassId as number).creditsLeft).toBe(3);
    await jude.book(entry.id, "2027-03-16");
    const next = (await (await admin("GET", `/classes/${entry.id}/dates/2027-03-16/bookings`)).json()) as Record<string, unknown>[];
    expect(next.map((row) => [row.email, row.firstVisit])).toEqual([["jude@example.org", true]]);
  });
});

describe("the admin's books", () => {
  test("a credit given back and a pass extended, with a note in the activity log; imports; what is owed in classes", async () => {
    const pass = await givePass("ivy@example.org", 10, "2027-06-30", 15000);
    const adjusted = await answerOf(
      await admin("POST", `/passes/issued/${pass.id}/adjust`, { credits: 1, expires: "2027-07-31", note: "Sick week" }),
    );
    expect(adjusted.body).toMatchObject({ creditsLeft: 11, expiresAt: "2027-07-31T13:59:59.999Z" });
    const log = (await (await admin("GET", "/activity?kind=passes")).json()) as { summary: string }[];
    expect(log.map((item) => item.summary)).toContain(
      "On the pass '10-class pass' of Asha Rao: gave back 1 credit and extended it to 2027-07-31 ('Sick week')",
    );
    expect((await answerOf(await admin("POST", `/passes/issued/${pass.id}/adjust`, { note: "Nothing" }))).status).toBe(400);

    const imported = await answerOf(
      await admin("POST", "/passes/import", {
        csv: 'email,name,credits,expires\njo@example.org,Jo Bloggs,4,2027-12-31\n"bad",Someone,2,2027-12-31\nkim@example.org,"Kim Lee",200,2027-12-31\nold@example.org,Old Card,3,2026-01-01\n',
      }),
    );
    expect(imported.body).toEqual({
      issued: 1,
      lines: [
        { line: 2, email: "jo@example.org", state: "issued" },
        { line: 3, email: "bad", state: "refused", reason: "The e-mail is not valid" },
        { line: 4, email: "kim@example.org", state: "refused", reason: "Credits must be a whole number from 1 to 100" },
        { line: 5, email: "old@example.org", state: "refused", reason: "Its last day has passed" },
      ],
    });

    const owed = (await (await admin("GET", "/passes/owed")).json()) as { passes: { id: number; owed: number }[] };
    // 11 credits left at A$15 a credit (A$150 for 10).
    expect(owed.passes.find((row) => row.id === pass.id)?.owed).toBe(16500);
    const money = (await (await admin("GET", "/payments")).json()) as { payments: { description: string; amount: number; status: string }[] };
    expect(money.payments).toContainEqual(expect.objectContaining({ description: "10-class pass (at the door)", amount: 15000, status: "paid" }));
  });
});

describe("where a student's data lives", () => {
  test("her passes, bookings and sessions are in a backup; app_data and the export have none of them", async () => {
    const entry = weekly();
    await givePass("lena@example.org", 5);
    const lena = as(await signIn("lena@example.org"));
    expect((await lena.book(entry.id, "2027-03-16")).status).toBe(201);

    const backup = (await (await admin("POST", "/backups")).json()) as { backup: { name: string } };
    const copy = new Database(join(backupsDir(t.app.context.config.dataDir), backup.backup.name, "site.db"), { readonly: true });
    const tables = ["student_passes", "practice_sessions", "event_registrations"];
    const counts = tables.map(
      (table) => copy.query<{ n: number }, []>(`SELECT count(*) AS n FROM ${table} WHERE email = 'lena@example.org'`).get()!.n,
    );
    copy.close();
    expect(counts).toEqual([1, 1, 1]);

    expect((await admin("POST", "/sync-to-app-data", {})).status).toBe(200);
    const appData = readdirSync(t.app.context.config.appDataDir)
      .filter((file) => file.endsWith(".json"))
      .map((file) => readFileSync(join(t.app.context.config.appDataDir, file), "utf8"))
      .join();
    const exported = await (await admin("GET", "/export-data")).text();
    for (const copyOf of [appData, exported]) expect(copyOf).not.toContain("lena@example.org");
  });
});
