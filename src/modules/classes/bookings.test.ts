// Issue 39 through real HTTP (app.listen on a free port), the suite's real SMTP server and the Stripe-protocol server:
// a class date booked in two fields, its places and waiting list, each refusal in the words, the drop-in paid
// through Checkout, the cancel link's refund by CLASS_CANCEL_HOURS, and 'Cancel this date' cancelling, mailing and
// refunding everyone in one go. The clock is injected: Tuesday 9 March 2027, 10:00 in Melbourne.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { type classes, eventRegistrations, payments } from "@db/schema.ts";
import type { MailWorker, TestApp } from "@tests/support/app.ts";
import { createClass } from "@tests/support/factories.ts";
import { type ListeningApp, startListeningApp } from "@tests/support/listening-app.ts";
import type { SmtpServer } from "@tests/support/smtp.ts";
import type { StripeServer } from "@tests/support/stripe.ts";
import { eq } from "drizzle-orm";

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

/** Tuesdays at 6:30 PM for 75 minutes from 2 March 2027, not on 23 March. */
const weekly = (changes: Partial<typeof classes.$inferInsert> = {}) =>
  createClass(t.db, {
    name: "Evening Hatha",
    location: "Carlton Studio",
    schedule: { weekdays: [2], start: "18:30", minutes: 75, from: "2027-03-02", until: null, skip: ["2027-03-23"] },
    capacity: 2,
    ...changes,
  });

const book = (classId: number, date: string, email: string, extra: Record<string, unknown> = {}) =>
  fetch(`${base}/api/classes/${classId}/dates/${date}/bookings`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.2.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}` },
    body: JSON.stringify({ name: `Student ${email.split("@")[0]}`, email, ...extra }),
  });
const answerOf = async (response: Response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> });
const admin = (method: string, path: string, body?: unknown) =>
  fetch(`${base}/api/admin${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const stateOf = (email: string) => t.db.select().from(eventRegistrations).where(eq(eventRegistrations.email, email)).get()?.state;
const paymentOf = (email: string) => t.db.select().from(payments).where(eq(payments.email, email)).get();
const mailsTo = async (address: string) => {
  await worker.drain();
  return smtp.received.filter((mail) => mail.envelopeTo.includes(address));
};
const linkIn = (text: string) => /https?:\/\/\S+\/api\/registrations\/cancel\?id=(\d+)&token=([\w-]+)/.exec(text);
const dateOf = async (classId: number, date: string) => {
  const answer = (await (await fetch(`${base}/api/classes/${classId}/dates?from=${date}&to=${date}`)).json()) as { dates: Record<string, unknown>[] };
  return answer.dates[0];
};

describe("booking a class date", () => {
  test("two fields book a place; the same address again is a 409; a full date puts the next on its waiting list", async () => {
    const entry = weekly();
    expect(await answerOf(await book(entry.id, "2027-03-16", "asha@example.org"))).toEqual({ status: 201, body: { state: "confirmed" } });
    expect(await answerOf(await book(entry.id, "2027-03-16", "Asha@Example.org"))).toMatchObject({
      status: 409,
      body: { error: "You're already booked for this class on 2027-03-16" },
    });
    expect(await dateOf(entry.id, "2027-03-16")).toMatchObject({ capacity: 2, placesLeft: 1, state: "open" });
    expect((await answerOf(await book(entry.id, "2027-03-16", "bela@example.org"))).body).toEqual({ state: "confirmed" });
    expect(await dateOf(entry.id, "2027-03-16")).toMatchObject({ placesLeft: 0, state: "full" });
    expect((await answerOf(await book(entry.id, "2027-03-16", "chen@example.org"))).body).toEqual({ state: "waiting", position: 1 });
    // Another date of the same class has its own places.
    expect((await answerOf(await book(entry.id, "2027-03-30", "chen@example.org"))).body).toEqual({ state: "confirmed" });

    // The confirmation names the class and its date, links to the class, attaches that date and has a cancel link.
    const [confirmation] = await mailsTo("asha@example.org");
    expect(confirmation!.subject).toBe("You're registered: Evening Hatha");
    expect(confirmation!.text).toContain("Tuesday, March 16, 2027");
    expect(confirmation!.text).toContain("6:30 PM – 7:45 PM");
    expect(confirmation!.text).toContain(`${base}/?class=${entry.id}`);
    const calendar = confirmation!.attachments[0]!.content.toString("utf8");
    expect(calendar).toContain(`UID:class-${entry.id}-2027-03-16@127.0.0.1`);
    expect(calendar).toContain("DTSTART:20270316T073000Z");
    expect(calendar).toContain("DTEND:20270316T084500Z");
    expect(linkIn(confirmation!.text!)).not.toBeNull();
    expect((await mailsTo("chen@example.org")).map((mail) => mail.subject)).toContain("On the waiting list: Evening Hatha");

    // Asha gives her place back by her link: Chen has it, and is mailed so.
    const [, id, linkToken] = linkIn(confirmation!.text!)!;
    const cancelled = await fetch(`${base}/api/registrations/cancel?id=${id}&token=${linkToken}`, { method: "POST", redirect: "manual" });
    expect(cancelled.headers.get("location")).toBe("/?registration=cancelled");
    const chen = t.db.select().from(eventRegistrations).where(eq(eventRegistrations.email, "chen@example.org")).all();
    expect(chen.map((row) => [row.classDate, row.state])).toEqual([
      ["2027-03-16", "confirmed"],
      ["2027-03-30", "confirmed"],
    ]);
    expect((await mailsTo("chen@example.org")).map((mail) => mail.subject)).toContain("A place is yours: Evening Hatha");
  });

  test("each refusal in the issue's words", async () => {
    const entry = weekly();
    const refused = async (date: string, status: number, error: string) =>
      expect(await answerOf(await book(entry.id, date, "refused@example.org"))).toMatchObject({ status, body: { error } });
    await refused("2027-03-17", 400, "This class does not run on 2027-03-17");
    await refused("2027-03-23", 400, "This class does not run on 2027-03-23");
    await refused("2027-02-23", 400, "This class does not run on 2027-02-23");
    // Today's date started at 6:30 PM: at 7:00 PM its bookings have closed.
    clock = new Date("2027-03-09T08:00:00Z");
    await refused("2027-03-09", 409, "Bookings for this class on 2027-03-09 have closed");
    clock = START;
    // Eight weeks ahead is the window (CLASS_BOOKING_WEEKS).
    expect((await book(entry.id, "2027-05-04", "window@example.org")).status).toBe(201);
    await refused("2027-05-11", 400, "Bookings for this class on 2027-05-11 open 8 weeks ahead");
    expect((await admin("POST", `/classes/${entry.id}/dates/2027-03-30/cancel`, { reason: "Swamiji is travelling" })).status).toBe(200);
    await refused("2027-03-30", 409, "This class on 2027-03-30 is cancelled");
    expect((await book(999, "2027-03-16", "nobody@example.org")).status).toBe(404);
    const walkIn = weekly({ capacity: null });
    expect(await answerOf(await book(walkIn.id, "2027-03-16", "walk@example.org"))).toMatchObject({
      status: 400,
      body: { error: "This class needs no booking: just come along" },
    });
    expect((await book(entry.id, "2027-03-16", "x@example.org", { name: "" })).status).toBe(400);
  });
});

describe("a drop-in paid through Checkout", () => {
  test("the place is held and paid; given back 12 hours ahead it is refunded, later the page says it is not", async () => {
    const entry = weekly({ price: 2000, concessionPrice: 1500, capacity: 5 });
    const held = await answerOf(await book(entry.id, "2027-03-16", "payer@example.org", { ticket: "concession" }));
    expect(held.status).toBe(201);
    expect(held.body).toMatchObject({ state: "pending", holdUntil: new Date(START.getTime() + 30 * 60_000).toISOString() });
    const session = stripe.sessionOf(held.body.checkoutUrl as string)!;
    expect(session.amount_total).toBe(1500);
    expect(session.success_url).toBe(`${base}/?payment=success&class=${entry.id}&date=2027-03-16`);
    expect(paymentOf("payer@example.org")).toMatchObject({ description: "Evening Hatha, Tuesday, March 16, 2027 (concession)", eventId: null });
    expect(await dateOf(entry.id, "2027-03-16")).toMatchObject({ placesLeft: 4 });
    await stripe.complete(session.id);
    expect(stateOf("payer@example.org")).toBe("confirmed");
    const [receipt] = await mailsTo("payer@example.org");
    expect(receipt!.text).toContain("A$15.00");

    // A week ahead: the cancel page says it is refunded, and it is.
    const [, id, linkToken] = linkIn(receipt!.text!)!;
    const details = await (await fetch(`${base}/api/registrations/cancel/details?id=${id}&token=${linkToken}`)).json();
    expect(details).toMatchObject({
      name: "Student payer",
      event: "Evening Hatha",
      date: "Tuesday, March 16, 2027, 6:30 PM – 7:45 PM",
      refund: { kind: "full", amount: 1500 },
    });
    await fetch(`${base}/api/registrations/cancel?id=${id}&token=${linkToken}`, { method: "POST", redirect: "manual" });
    expect(stripe.refunds.at(-1)).toMatchObject({ payment_intent: paymentOf("payer@example.org")!.paymentIntentId, amount: 1500 });

    // Today's class at 6:30 PM, booked and paid at 10:00: less than 12 hours ahead, nothing is refunded.
    const late = await answerOf(await book(entry.id, "2027-03-09", "late@example.org", { ticket: "full" }));
    await stripe.complete(stripe.sessionOf(late.body.checkoutUrl as string)!.id);
    const [lateMail] = await mailsTo("late@example.org");
    const [, lateId, lateToken] = linkIn(lateMail!.text!)!;
    const lateDetails = await (await fetch(`${base}/api/registrations/cancel/details?id=${lateId}&token=${lateToken}`)).json();
    expect(lateDetails.refund).toEqual({ kind: "none", amount: 2000, currency: "aud", because: "the class starts in less than 12 hours" });
    const refundsBefore = stripe.refunds.length;
    await fetch(`${base}/api/registrations/cancel?id=${lateId}&token=${lateToken}`, { method: "POST", redirect: "manual" });
    expect(stateOf("late@example.org")).toBe("cancelled");
    expect(stripe.refunds).toHaveLength(refundsBefore);
  });
});

describe("'Cancel this date'", () => {
  test("every booked and waiting person is mailed her message, every drop-in refunded; a second time is a 409", async () => {
    const entry = weekly({ price: 2000, capacity: 1 });
    const paid = await answerOf(await book(entry.id, "2027-03-16", "paid@example.org", { ticket: "full" }));
    await stripe.complete(stripe.sessionOf(paid.body.checkoutUrl as string)!.id);
    expect((await answerOf(await book(entry.id, "2027-03-16", "waits@example.org", { ticket: "full" }))).body).toEqual({
      state: "waiting",
      position: 1,
    });

    const response = await admin("POST", `/classes/${entry.id}/dates/2027-03-16/cancel`, { reason: "Swamiji is unwell" });
    expect(await response.json()).toEqual({ cancelled: 2, refunded: 1 });
    expect([stateOf("paid@example.org"), stateOf("waits@example.org")]).toEqual(["cancelled", "cancelled"]);
    expect(stripe.refunds.at(-1)).toMatchObject({ payment_intent: paymentOf("paid@example.org")!.paymentIntentId, amount: 2000 });
    for (const address of ["paid@example.org", "waits@example.org"]) {
      const off = (await mailsTo(address)).find((mail) => mail.subject === "Cancelled: Evening Hatha");
      expect(off?.text).toContain("Swamiji is unwell");
    }
    expect(await dateOf(entry.id, "2027-03-16")).toMatchObject({ state: "cancelled", reason: "Swamiji is unwell" });
    expect(await answerOf(await admin("POST", `/classes/${entry.id}/dates/2027-03-16/cancel`, { reason: "" }))).toMatchObject({
      status: 409,
      body: { error: "This class on 2027-03-16 is cancelled" },
    });
  });
});

describe("an online class date's join links", () => {
  const ROOM = "https://meet.example.org/private-room-7";
  const joinOf = async (email: string) => {
    const [mail] = await mailsTo(email);
    expect(mail!.text).not.toContain(ROOM);
    expect(mail!.html).not.toContain(ROOM);
    return /https?:\/\/\S+\/join\/[\w-]{43}/.exec(mail!.text ?? "")?.[0] as string;
  };
  const open = (link: string) => fetch(link, { redirect: "manual" });

  test("each booking has its own link: a page before, the room from 15 minutes before the start until its end, 410 after", async () => {
    const entry = weekly({ mode: "online", joinUrl: ROOM, capacity: 10 });
    await book(entry.id, "2027-03-09", "online@example.org");
    await book(entry.id, "2027-03-09", "other@example.org");
    const link = await joinOf("online@example.org");
    expect(link.startsWith(`${base}/join/`)).toBe(true);
    expect(await joinOf("other@example.org")).not.toBe(link);

    // 10:00, the class at 6:30 PM: it opens at 6:15.
    const early = await open(link);
    expect(early.status).toBe(200);
    expect(await early.text()).toContain("This class opens at 6:15 pm, Tuesday 9 March");
    clock = new Date("2027-03-09T07:16:00Z");
    const inside = await open(link);
    expect([inside.status, inside.headers.get("location")]).toEqual([303, ROOM]);
    clock = new Date("2027-03-09T08:45:00Z");
    const ended = await open(link);
    expect(ended.status).toBe(410);
    expect(await ended.text()).toContain("This class has ended");
    expect((await open(`${base}/join/${"x".repeat(43)}`)).status).toBe(404);
    expect((await open(`${base}/join/short`)).status).toBe(404);
    // The room is in no public answer.
    expect(await (await fetch(`${base}/api/classes`)).text()).not.toContain(ROOM);
  });

  test("a cancelled booking's link and a cancelled date's are 410 with their reasons", async () => {
    const entry = weekly({ mode: "hybrid", joinUrl: ROOM, capacity: 10 });
    await book(entry.id, "2027-03-16", "gives-back@example.org");
    await book(entry.id, "2027-03-30", "called-off@example.org");
    const [confirmation] = await mailsTo("gives-back@example.org");
    const [, id, linkToken] = linkIn(confirmation!.text!)!;
    await fetch(`${base}/api/registrations/cancel?id=${id}&token=${linkToken}`, { method: "POST", redirect: "manual" });
    const cancelled = await open(await joinOf("gives-back@example.org"));
    expect(cancelled.status).toBe(410);
    expect(await cancelled.text()).toContain("This booking was cancelled");
    await admin("POST", `/classes/${entry.id}/dates/2027-03-30/cancel`, { reason: "Swamiji is travelling" });
    const off = await open(await joinOf("called-off@example.org"));
    expect(off.status).toBe(410);
    expect(await off.text()).toContain("This class was cancelled");
  });

  test("CLASS_REMINDER_MINUTES (60) before the start, each booking is mailed its own link once", async () => {
    const entry = weekly({ mode: "online", joinUrl: ROOM, capacity: 10 });
    await book(entry.id, "2027-03-09", "reminded@example.org");
    const reminders = () => t.app.jobs.run("reminders");
    clock = new Date("2027-03-09T06:00:00Z"); // 5:00 PM: not yet
    await reminders();
    expect((await mailsTo("reminded@example.org")).map((mail) => mail.subject)).not.toContain("Reminder: Evening Hatha");
    clock = new Date("2027-03-09T06:31:00Z"); // 5:31 PM
    await reminders();
    await reminders();
    const sent = (await mailsTo("reminded@example.org")).filter((mail) => mail.subject === "Reminder: Evening Hatha");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("STARTING SOON: EVENING HATHA");
    expect(sent[0]!.text).toContain(await joinOf("reminded@example.org"));
    expect(sent[0]!.text).not.toContain(ROOM);
  });
});

describe("the door of a class date", () => {
  test("its counts, its rows, who came, and someone added at the door after the class", async () => {
    const entry = weekly({ capacity: 2 });
    for (const email of ["door-a@example.org", "door-b@example.org", "door-c@example.org"])
      expect((await book(entry.id, "2027-03-16", email)).status).toBe(201);
    const counts = async () => {
      const answer = (await (await admin("GET", `/classes/${entry.id}/dates?from=2027-03-16&to=2027-03-16`)).json()) as {
        dates: Record<string, unknown>[];
      };
      return answer.dates[0];
    };
    expect(await counts()).toMatchObject({ date: "2027-03-16", booked: 2, waiting: 1, attended: 0, placesLeft: 0, state: "full" });
    // Nobody marked yet, and no waiting list: still counted 0, never null.
    const quiet = weekly({ capacity: 5 });
    await book(quiet.id, "2027-03-16", "quiet@example.org");
    const listed = (await (await admin("GET", "/classes")).json()) as { id: number; upcoming: Record<string, unknown>[] }[];
    expect(listed.find((item) => item.id === quiet.id)!.upcoming.find((date) => date.date === "2027-03-16")).toMatchObject({
      booked: 1,
      waiting: 0,
      attended: 0,
    });
    const rows = (await (await admin("GET", `/classes/${entry.id}/dates/2027-03-16/bookings`)).json()) as Record<string, unknown>[];
    expect(rows.map((row) => [row.email, row.state, row.attended, (row.payment as { status: string }).status])).toEqual([
      ["door-a@example.org", "confirmed", null, "none"],
      ["door-b@example.org", "confirmed", null, "none"],
      ["door-c@example.org", "waiting", null, "none"],
    ]);
    const [first, second, waiting] = rows as { id: number }[];
    const mark = (id: number, attended: boolean) => admin("PUT", `/classes/${entry.id}/dates/2027-03-16/bookings/${id}/attendance`, { attended });
    expect(await (await mark(first!.id, true)).json()).toMatchObject({ attended: true });
    expect(await (await mark(second!.id, false)).json()).toMatchObject({ attended: false });
    expect(await answerOf(await mark(waiting!.id, true))).toMatchObject({
      status: 400,
      body: { error: "Only a confirmed booking can be marked at the door" },
    });

    // After the class, she records a walk-in: a place that came, whatever the places.
    clock = new Date("2027-03-16T09:00:00Z");
    token = await t.login();
    const walkIn = await admin("POST", `/classes/${entry.id}/dates/2027-03-16/bookings`, { name: "Walk In", email: "walkin@example.org" });
    expect(walkIn.status).toBe(201);
    expect(await walkIn.json()).toMatchObject({ state: "confirmed", attended: true, classDate: "2027-03-16" });
    expect(await counts()).toMatchObject({ booked: 3, waiting: 1, attended: 2 });
    expect((await admin("POST", `/classes/${entry.id}/dates/2027-03-17/bookings`, { name: "Nobody", email: "n@example.org" })).status).toBe(400);
    expect((await fetch(`${base}/api/admin/classes/${entry.id}/dates/2027-03-16/bookings`)).status).toBe(401);
  });
});
