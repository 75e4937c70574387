// Issue 32 through real HTTP: the site (app.listen on a free port) talks to the tests' Stripe-protocol server through
// the official SDK, Stripe's webhooks come back signed by the SDK, and mail goes to the suite's real SMTP server.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Event, eventRegistrations, events, outbox, payments } from "@db/schema.ts";
import { configureLog } from "@server/lib/log.ts";
import { createMailWorker } from "@server/modules/mail/worker.ts";
import { paymentLinks } from "@server/modules/payments/index.ts";
import { freePort } from "@tests/server.ts";
import { createTestApp, type MailWorker, type TestApp } from "@tests/support/app.ts";
import { createEvent as createEventRow, SILENT_RETREAT } from "@tests/support/factories.ts";
import { type ListeningApp, startListeningApp } from "@tests/support/listening-app.ts";
import type { SmtpServer } from "@tests/support/smtp.ts";
import { type StripeServer, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from "@tests/support/stripe.ts";
import { eq } from "drizzle-orm";
import Stripe from "stripe";

// 2027-03-09 10:00 in Melbourne (AEDT, UTC+11).
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
  const env = { ORG_NAME: "Vedanta Association of Victoria", ORG_ABN: "12 345 678 901", DONATIONS_DEDUCTIBLE: "1" };
  site = await startListeningApp({ now, stripe: true, env });
  ({ t, base, token, worker, smtp, stripe } = site);
});
afterAll(() => site.stop());
afterEach(() => {
  clock = START;
});

const createEvent = (changes: Partial<typeof events.$inferInsert> = {}): Event =>
  createEventRow(t.db, { ...SILENT_RETREAT, price: 2500, ...changes });

const register = (eventId: number, email: string, extra: Record<string, unknown> = {}) =>
  fetch(`${base}/api/events/${eventId}/registrations`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.1.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}` },
    body: JSON.stringify({ name: "Asha Devi", email, phone: "0400 000 000", ...extra }),
  });
type Pending = { state: "pending"; checkoutUrl: string; holdUntil: string };
const pending = async (eventId: number, email: string, extra: Record<string, unknown> = {}) => {
  const response = await register(eventId, email, extra);
  expect(response.status).toBe(201);
  const answer = (await response.json()) as Pending;
  expect(answer.state).toBe("pending");
  return answer;
};
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
const pay = (answer: Pending) => stripe.complete(stripe.sessionOf(answer.checkoutUrl)!.id);

describe("paid places", () => {
  test("a priced place is held until paid: 201 pending with Checkout's link and the hold, counted against the places", async () => {
    const event = createEvent({ capacity: 3, name: "Held places" });
    const answer = await pending(event.id, "held@example.org", { ticket: "full" });
    expect(answer.holdUntil).toBe(new Date(START.getTime() + 30 * 60_000).toISOString());
    const session = stripe.sessionOf(answer.checkoutUrl)!;
    // The amount is the event's, in cents, from the database.
    expect(session).toMatchObject({ amount_total: 2500, currency: "aud", mode: "payment", customer_email: "held@example.org" });
    const list = (await (await fetch(`${base}/api/events`)).json()) as { id: number; placesLeft: number; price: number; currency: string }[];
    expect(list.find((row) => row.id === event.id)).toMatchObject({ placesLeft: 2, price: 2500, currency: "aud" });
  });

  test("the browser never names the price: a price field is a 400 and nothing is stored", async () => {
    const event = createEvent({ name: "No haggling" });
    for (const field of [{ price: 1 }, { concessionPrice: 1 }, { currency: "usd" }, { amountDue: 1 }]) {
      const response = await register(event.id, "haggler@example.org", field);
      expect(response.status).toBe(400);
    }
    expect((await register(event.id, "haggler@example.org", { amount: 100 })).status).toBe(400);
    expect((await register(event.id, "haggler@example.org", { ticket: "concession" })).status).toBe(400);
    expect(stateOf("haggler@example.org")).toBeUndefined();
  });

  test("paid through Checkout: the webhook confirms the place and mails the receipt; the concession price is charged", async () => {
    const event = createEvent({ name: "Paid retreat", concessionPrice: 1500 });
    const answer = await pending(event.id, "payer@example.org", { ticket: "concession" });
    expect(stripe.sessionOf(answer.checkoutUrl)!.amount_total).toBe(1500);
    const response = await pay(answer);
    expect(response.status).toBe(200);
    expect(stateOf("payer@example.org")).toBe("confirmed");
    expect(paymentOf("payer@example.org")).toMatchObject({ status: "paid", amount: 1500, currency: "aud" });
    const [mail] = await mailsTo("payer@example.org");
    expect(mail!.subject).toBe("You're registered: Paid retreat");
    expect(mail!.text).toContain("Paid retreat (concession)");
    expect(mail!.text).toContain("A$15.00 AUD");
    expect(mail!.text).toContain("Vedanta Association of Victoria");
    expect(mail!.text).toContain("12 345 678 901");
    expect(mail!.text).toContain("Date: March 9, 2027");
    // Issue 38 item 9: every receipt has a number.
    expect(mail!.text).toMatch(/Receipt number: R-\d{6}/);
  });

  test("a bad or old signature is a 400 and changes nothing; a replayed event answers 200 and does nothing", async () => {
    const event = createEvent({ name: "Signed only" });
    const answer = await pending(event.id, "signed@example.org");
    const session = stripe.sessionOf(answer.checkoutUrl)!;
    const completed = stripe.eventOf("checkout.session.completed", {
      ...session,
      status: "complete",
      payment_status: "paid",
      payment_intent: "pi_test_forged",
    });
    const forged = await stripe.deliver(completed, { secret: "whsec_notTheSitesSecret" });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: "Invalid signature" });
    const old = await stripe.deliver(completed, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(old.status).toBe(400);
    const unsigned = await fetch(`${base}/api/payments/stripe`, { method: "POST", body: JSON.stringify(completed) });
    expect(unsigned.status).toBe(400);
    expect(stateOf("signed@example.org")).toBe("pending");
    expect(paymentOf("signed@example.org")?.status).toBe("pending");

    expect((await stripe.deliver(completed)).status).toBe(200);
    expect(stateOf("signed@example.org")).toBe("confirmed");
    expect((await stripe.deliver(completed)).status).toBe(200);
    expect((await mailsTo("signed@example.org")).map((mail) => mail.subject)).toEqual(["You're registered: Signed only"]);
  });

  test("an expired hold gives its place to the waiting list: mailed 'A place is yours' with a link that pays", async () => {
    const event = createEvent({ capacity: 1, name: "One mat" });
    const first = await pending(event.id, "slow@example.org");
    expect(await (await register(event.id, "next@example.org")).json()).toEqual({ state: "waiting", position: 1 });
    expect((await stripe.expire(stripe.sessionOf(first.checkoutUrl)!.id)).status).toBe(200);
    expect(stateOf("slow@example.org")).toBe("cancelled");
    expect(stateOf("next@example.org")).toBe("pending");
    const [mail] = await mailsTo("next@example.org").then((mails) => mails.filter((m) => (m.subject ?? "").startsWith("A place is yours")));
    expect(mail!.subject).toBe("A place is yours: One mat");
    expect(mail!.text).toContain("It is held for you until 10:30 am, Tuesday 9 March");
    const link = /https?:\/\/\S+\/api\/payments\/pay\?id=\d+&token=[\w-]+/.exec(mail!.text as string)![0];
    const toCheckout = await fetch(link, { redirect: "manual" });
    expect(toCheckout.status).toBe(303);
    const checkoutUrl = toCheckout.headers.get("location")!;
    expect(checkoutUrl.startsWith(`${stripe.url}/pay/`)).toBe(true);
    await stripe.complete(stripe.sessionOf(checkoutUrl)!.id);
    expect(stateOf("next@example.org")).toBe("confirmed");
    // A forged link pays for nothing.
    expect((await fetch(link.replace(/token=[\w-]+/, "token=x"), { redirect: "manual" })).headers.get("location")).toBe("/?payment=expired");
  });

  test("a hold that ends unpaid is released by the sweep, and its Checkout session closed", async () => {
    const event = createEvent({ capacity: 1, name: "Swept" });
    const answer = await pending(event.id, "sweep@example.org");
    clock = new Date(START.getTime() + 31 * 60_000);
    expect(await t.app.context.services.payments.releaseExpiredHolds()).toBeGreaterThanOrEqual(1);
    expect(stateOf("sweep@example.org")).toBe("cancelled");
    expect(stripe.sessionOf(answer.checkoutUrl)!.status).toBe("expired");
  });

  test("a payment after its hold ended, with the event full, is refunded at once and mailed", async () => {
    const event = createEvent({ capacity: 1, name: "Too late" });
    const late = await pending(event.id, "late@example.org");
    clock = new Date(START.getTime() + 40 * 60_000);
    // The lapsed hold no longer counts: someone else takes the place and pays.
    await pay(await pending(event.id, "prompt@example.org"));
    expect(stateOf("prompt@example.org")).toBe("confirmed");
    expect((await pay(late)).status).toBe(200);
    expect(stateOf("late@example.org")).not.toBe("confirmed");
    await t.app.jobs.run("refunds");
    expect(paymentOf("late@example.org")?.status).toBe("refunded");
    expect(stripe.refunds.map((refund) => refund.payment_intent)).toContain(paymentOf("late@example.org")!.paymentIntentId!);
    const mails = await mailsTo("late@example.org");
    expect(mails.map((mail) => mail.subject)).toEqual(["Refunded: Too late"]);
    expect(mails[0]!.text).toContain("A$25.00 AUD");
  });

  test("cancelled at least REFUND_UNTIL_DAYS before the start: refunded in full; later: the page says so and nothing is refunded", async () => {
    const early = createEvent({ name: "Far ahead", startDate: "2027-04-10" });
    const soon = createEvent({ name: "Next week", startDate: "2027-03-14" });
    for (const [event, email] of [
      [early, "early@example.org"],
      [soon, "soon@example.org"],
    ] as const) {
      await pay(await pending(event.id, email));
      const [confirmation] = await mailsTo(email);
      const cancelLink = /https?:\/\/\S+\/api\/registrations\/cancel\?id=\d+&token=[\w-]+/.exec(confirmation!.text as string)![0];
      const page = (await fetch(cancelLink, { redirect: "manual" })).headers.get("location")!;
      expect(page).toEndWith(email === "early@example.org" ? "&refund=full" : "&refund=none");
      expect((await fetch(cancelLink, { method: "POST", redirect: "manual" })).headers.get("location")).toBe("/?registration=cancelled");
    }
    expect(paymentOf("early@example.org")?.status).toBe("refunded");
    expect(paymentOf("soon@example.org")?.status).toBe("paid");
    expect((await mailsTo("early@example.org")).map((mail) => mail.subject)).toContain("Refunded: Far ahead");
    expect((await mailsTo("soon@example.org")).map((mail) => mail.subject)).not.toContain("Refunded: Next week");
  });

  test("by donation: A$0 confirms at once as a free place; A$15 goes through Checkout", async () => {
    const event = createEvent({ name: "Dana evening", byDonation: true, price: 2000 });
    expect(await (await register(event.id, "free@example.org", { amount: 0 })).json()).toEqual({ state: "confirmed" });
    const answer = await pending(event.id, "fifteen@example.org", { amount: 1500 });
    expect(stripe.sessionOf(answer.checkoutUrl)!.amount_total).toBe(1500);
    expect((await register(event.id, "ticket@example.org", { ticket: "full" })).status).toBe(400);
    expect((await register(event.id, "toomuch@example.org", { amount: 100_001 })).status).toBe(400);
  });

  test("Stripe unreachable: a 502 that says to try again, and the held place is given back", async () => {
    const event = createEvent({ capacity: 1, name: "Outage" });
    stripe.failNext(10);
    const response = await register(event.id, "outage@example.org");
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: "Payments are not available right now. Please try again in a few minutes." });
    stripe.failNext(0);
    expect(stateOf("outage@example.org")).toBe("cancelled");
    await pending(event.id, "after@example.org");
  });

  test("the admin's rows carry their payment; 'Refund' refunds a paid place; the Money tab lists every payment", async () => {
    const event = createEvent({ name: "Ledger day" });
    await pay(await pending(event.id, "ledger@example.org"));
    await pending(event.id, "unpaid@example.org");
    const rows = (await (await admin("GET", `/events/${event.id}/registrations`)).json()) as {
      email: string;
      payment: { status: string; id: number };
    }[];
    expect(rows.map((row) => [row.email, row.payment.status])).toEqual([
      ["ledger@example.org", "paid"],
      ["unpaid@example.org", "pending"],
    ]);
    expect(rows[0]!.payment).toMatchObject({ status: "paid", amount: 2500, currency: "aud" });
    const refunded = await admin("POST", `/payments/${rows[0]!.payment.id}/refund`, {});
    expect(await refunded.json()).toEqual({ status: "refunded", amount: 2500, currency: "aud" });
    expect((await admin("POST", `/payments/${rows[0]!.payment.id}/refund`, {})).status).toBe(400);
    const money = (await (await admin("GET", "/payments")).json()) as { payments: { email: string; status: string }[]; byEvent: unknown[] };
    expect(money.payments.find((row) => row.email === "ledger@example.org")?.status).toBe("refunded");
    expect(money.byEvent).toContainEqual({ label: "Ledger day", paid: 2500, refunded: 2500 });
    expect((await fetch(`${base}/api/admin/payments`)).status).toBe(401);
  });
});

describe("without STRIPE_SECRET_KEY", () => {
  test("a priced event's registration confirms at once, and its mail says to pay at the door; gifts are off", async () => {
    const port = freePort();
    const off = await createTestApp({
      now,
      env: { SITE_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url, MAIL_FROM: "Vedanta & Yoga <hello@example.org>" },
    });
    try {
      off.app.listen({ port, hostname: "127.0.0.1", reusePort: false });
      const event = off.db
        .insert(events)
        .values({
          name: "At the door",
          type: "class",
          startDate: "2027-04-10",
          time: "7 pm",
          location: "Hall",
          description: "<p>Come.</p>",
          price: 2500,
        })
        .returning()
        .get();
      const response = await fetch(`http://127.0.0.1:${port}/api/events/${event.id}/registrations`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "Asha Devi", email: "door@example.org", phone: "0400 000 000", ticket: "full" }),
      });
      expect(await response.json()).toEqual({ state: "confirmed" });
      expect(((await (await fetch(`http://127.0.0.1:${port}/api/profile`)).json()) as { payments: unknown }).payments).toEqual({
        enabled: false,
        currency: "aud",
      });
      const gift = await fetch(`http://127.0.0.1:${port}/api/donations`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: '{"amount":1000,"monthly":false}',
      });
      expect(gift.status).toBe(404);
      const offWorker = createMailWorker({
        db: off.db,
        config: { ...off.config, mail: off.config.mail! },
        jwtSecret: off.app.context.jwtSecret,
        now,
      });
      await offWorker.drain();
      await offWorker.stop();
      const [mail] = smtp.received.filter((received) => received.envelopeTo.includes("door@example.org"));
      expect(mail!.subject).toBe("You're registered: At the door");
      expect(mail!.text).toContain("Pay at the door: A$25.00.");
    } finally {
      await off.app.stop();
      off.cleanup();
    }
  });
});

describe("cancelling an event", () => {
  test("'Cancel this event' mails every registrant and refunds every payment", async () => {
    const event = createEvent({ capacity: 2, name: "Called off" });
    await pay(await pending(event.id, "off1@example.org"));
    await pay(await pending(event.id, "off2@example.org"));
    expect(await (await register(event.id, "off3@example.org")).json()).toEqual({ state: "waiting", position: 1 });
    const answer = await admin("POST", `/events/${event.id}/cancel`, { reason: "" });
    expect(await answer.json()).toEqual({ cancelled: 3, refunded: 2 });
    for (const email of ["off1@example.org", "off2@example.org", "off3@example.org"]) {
      expect(stateOf(email)).toBe("cancelled");
      expect((await mailsTo(email)).map((mail) => mail.subject)).toContain("Cancelled: Called off");
    }
    expect((await mailsTo("off3@example.org")).map((mail) => mail.subject)).not.toContain("A place is yours: Called off");
    expect(paymentOf("off1@example.org")?.status).toBe("refunded");
    expect((await mailsTo("off2@example.org")).map((mail) => mail.subject)).toContain("Refunded: Called off");
  });
});

describe("gifts", () => {
  test("a gift once: Checkout in payment mode, then a receipt with the deductible gift's words", async () => {
    const response = await fetch(`${base}/api/donations`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ amount: 5000, monthly: false }),
    });
    expect(response.status).toBe(201);
    const { checkoutUrl } = (await response.json()) as { checkoutUrl: string };
    const session = stripe.sessionOf(checkoutUrl)!;
    expect(session).toMatchObject({ mode: "payment", amount_total: 5000, currency: "aud" });
    await stripe.complete(session.id, "giver@example.org");
    const [mail] = await mailsTo("giver@example.org");
    expect(mail!.subject).toBe("Thank you for your gift");
    expect(mail!.text).toContain("A$50.00 AUD");
    expect(mail!.text).toContain("No goods or services were received for it.");
    expect(mail!.text).not.toContain("Stop my monthly gift");
  });

  test("a monthly gift: subscription mode; its receipt's 'Stop my monthly gift' link leads to one button that cancels it at Stripe", async () => {
    const response = await fetch(`${base}/api/donations`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ amount: 2500, monthly: true }),
    });
    const { checkoutUrl } = (await response.json()) as { checkoutUrl: string };
    const session = stripe.sessionOf(checkoutUrl)!;
    expect(session.mode).toBe("subscription");
    await stripe.complete(session.id, "monthly@example.org");
    const [mail] = await mailsTo("monthly@example.org");
    expect(mail!.subject).toBe("Thank you for your monthly gift");
    const stop = /https?:\/\/\S+\/api\/donations\/stop\?id=\d+&token=[\w-]+/.exec(mail!.text as string)![0];
    // Following the link stops nothing: it lands on the page with the button.
    const page = (await fetch(stop, { redirect: "manual" })).headers.get("location")!;
    expect(page).toStartWith("/?gift=stop&id=");
    expect(stripe.cancelledSubscriptions).toEqual([]);
    expect((await fetch(stop, { method: "POST", redirect: "manual" })).headers.get("location")).toBe("/?gift=stopped");
    expect(stripe.cancelledSubscriptions).toEqual([stripe.sessions.get(session.id)!.subscription!]);
    expect((await fetch(stop.replace(/token=[\w-]+/, "token=forged"), { method: "POST", redirect: "manual" })).headers.get("location")).toBe(
      "/?gift=invalid",
    );
  });

  test("each later month of a monthly gift is a payment of its own with its receipt, once; the first invoice is not counted twice", async () => {
    const response = await fetch(`${base}/api/donations`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ amount: 3000, monthly: true }),
    });
    const session = stripe.sessionOf(((await response.json()) as { checkoutUrl: string }).checkoutUrl)!;
    await stripe.complete(session.id, "cycle@example.org");
    const subscription = stripe.sessions.get(session.id)!.subscription!;
    expect((await stripe.payInvoice(subscription, "subscription_create")).status).toBe(200);
    clock = new Date("2027-04-08T23:00:00Z");
    expect((await stripe.payInvoice(subscription)).status).toBe(200);
    const replay = stripe.sentEvents.at(-1)!;
    clock = new Date("2027-05-08T23:00:00Z");
    expect((await stripe.payInvoice(subscription)).status).toBe(200);
    expect((await stripe.deliver(replay)).status).toBe(200);
    // Back to the day the admin signed in (a month on, their session has ended).
    clock = START;

    const money = (await (await admin("GET", "/payments")).json()) as {
      payments: { email: string; status: string; amount: number; currency: string; description: string; paidAt: string }[];
    };
    const gifts = money.payments.filter((row) => row.email === "cycle@example.org");
    expect(gifts.map(({ status, amount, currency, description }) => ({ status, amount, currency, description }))).toEqual(
      Array(3).fill({ status: "paid", amount: 3000, currency: "aud", description: "Monthly gift" }),
    );
    expect(gifts.map((row) => row.paidAt).sort()).toEqual([START.toISOString(), "2027-04-08T23:00:00.000Z", "2027-05-08T23:00:00.000Z"]);
    const mails = await mailsTo("cycle@example.org");
    expect(mails.map((mail) => mail.subject)).toEqual(Array(3).fill("Thank you for your monthly gift"));
    expect(mails.map((mail) => /Date: (.+)/.exec(mail.text as string)?.[1]?.trim())).toEqual(["March 9, 2027", "April 9, 2027", "May 9, 2027"]);
    for (const mail of mails) {
      expect(mail.text).toContain("A$30.00 AUD");
      expect(mail.text).toContain("Stop my monthly gift");
    }
  });

  test("an invoice in another currency, or of a subscription the site did not make, records nothing", async () => {
    const before = t.db.select().from(payments).all().length;
    const foreign = stripe.eventOf("invoice.paid", {
      id: "in_test_foreign",
      object: "invoice",
      billing_reason: "subscription_cycle",
      amount_paid: 3000,
      currency: "aud",
      parent: { type: "subscription_details", subscription_details: { subscription: "sub_test_unknown" } },
    });
    expect((await stripe.deliver(foreign)).status).toBe(200);
    const gift = t.db.select().from(payments).where(eq(payments.email, "cycle@example.org")).get()!;
    const otherCurrency = stripe.eventOf("invoice.paid", {
      id: "in_test_usd",
      object: "invoice",
      billing_reason: "subscription_cycle",
      amount_paid: 3000,
      currency: "usd",
      parent: { type: "subscription_details", subscription_details: { subscription: gift.subscriptionId } },
    });
    expect((await stripe.deliver(otherCurrency)).status).toBe(200);
    expect(t.db.select().from(payments).all().length).toBe(before);
  });

  test("amounts outside 100 to 1000000 cents are refused", async () => {
    for (const amount of [99, 1_000_001, 10.5, "ten"]) {
      const response = await fetch(`${base}/api/donations`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ amount, monthly: false }),
      });
      expect(response.status).toBe(400);
    }
  });
});

describe("secrets", () => {
  test("the pay link and the stop link are sealed in the outbox, never in its data in clear (issue 30's class)", () => {
    const rows = t.db.select().from(outbox).all();
    const withLinks = rows.filter(
      (row) => row.kind === "gift-receipt" || (row.kind === "registration-confirmation" && row.subject.startsWith("A place is yours")),
    );
    expect(withLinks.length).toBeGreaterThan(1);
    for (const row of withLinks) expect(JSON.stringify(row.data)).not.toMatch(/\/api\/(payments\/pay|donations\/stop)\?/);
  });

  test("the secret key and the webhook secret are in no answer or mail", async () => {
    await worker.drain();
    const answers = [
      await (await fetch(`${base}/api/profile`)).text(),
      await (await admin("GET", "/payments")).text(),
      await (await fetch(`${base}/api/events`)).text(),
    ];
    const mails = t.db
      .select()
      .from(outbox)
      .all()
      .map((row) => JSON.stringify(row));
    for (const text of [...answers, ...mails, ...smtp.received.map((mail) => mail.raw)]) {
      expect(text).not.toContain(TEST_SECRET_KEY);
      expect(text).not.toContain(TEST_WEBHOOK_SECRET);
    }
  });
});

describe("app_data and Git", () => {
  test("a payment is kept in the database only: 'Sync to Git' writes no payment to APP_DATA_DIR nor to its commits", async () => {
    const event = createEvent({ name: "Synced retreat" });
    expect((await pay(await pending(event.id, "synced@example.org"))).status).toBe(200);
    const { status, sessionId, paymentIntentId } = paymentOf("synced@example.org")!;
    expect(status).toBe("paid");
    expect(sessionId).toStartWith("cs_");
    expect(paymentIntentId).toStartWith("pi_");
    expect((await admin("POST", "/sync-to-app-data")).status).toBe(200);

    const files = [...new Bun.Glob("**/*").scanSync({ cwd: t.config.appDataDir, dot: true })].filter((path) => !path.startsWith(".git/"));
    expect(files.some((path) => path.endsWith(".json"))).toBe(true);
    const history = Bun.spawnSync(["git", "-C", t.config.appDataDir, "log", "-p", "--all"]).stdout.toString();
    expect(history).toContain("Synced retreat");
    for (const secretOfTheTreasurer of [sessionId!, paymentIntentId!]) {
      for (const path of files) expect(readFileSync(join(t.config.appDataDir, path)).toString("latin1")).not.toContain(secretOfTheTreasurer);
      expect(history).not.toContain(secretOfTheTreasurer);
    }
  });
});

// Issue 37: money that cannot go wrong.
describe("only paid is paid (issue 37 item 2)", () => {
  test("Checkout offers cards only unless PAYMENT_METHODS says otherwise", async () => {
    const answer = await pending(createEvent({ name: "Cards only" }).id, "card@example.org");
    expect(stripe.sessionOf(answer.checkoutUrl)!.allowed_payment_method_types).toEqual(["card"]);
  });

  test("an unpaid completion (a direct debit) holds the place, confirms nothing and mails no receipt; the bank's yes confirms it", async () => {
    const event = createEvent({ capacity: 1, name: "By the bank" });
    const answer = await pending(event.id, "debit@example.org");
    const session = stripe.sessionOf(answer.checkoutUrl)!;
    expect((await stripe.complete(session.id, "debit@example.org", "unpaid")).status).toBe(200);
    expect(stateOf("debit@example.org")).toBe("pending");
    expect(paymentOf("debit@example.org")?.status).toBe("processing");
    expect(await mailsTo("debit@example.org")).toEqual([]);
    // Past the 30-minute hold the place is still held while the bank answers: nobody else takes it.
    clock = new Date(START.getTime() + 2 * 60 * 60_000);
    await t.app.jobs.run("holds");
    expect(stateOf("debit@example.org")).toBe("pending");
    expect(await (await register(event.id, "other@example.org")).json()).toMatchObject({ state: "waiting" });
    expect((await stripe.bankAnswers(session.id, true)).status).toBe(200);
    expect(stateOf("debit@example.org")).toBe("confirmed");
    expect(paymentOf("debit@example.org")?.status).toBe("paid");
    expect((await mailsTo("debit@example.org")).map((mail) => mail.subject)).toEqual(["You're registered: By the bank"]);
  });

  test("the bank's no releases the place as an expiry does: the waiting list moves and the payer is mailed", async () => {
    const event = createEvent({ capacity: 1, name: "Debit refused" });
    const answer = await pending(event.id, "refused@example.org");
    const session = stripe.sessionOf(answer.checkoutUrl)!;
    await stripe.complete(session.id, "refused@example.org", "unpaid");
    expect(await (await register(event.id, "waiting@example.org")).json()).toEqual({ state: "waiting", position: 1 });
    expect((await stripe.bankAnswers(session.id, false)).status).toBe(200);
    expect(stateOf("refused@example.org")).toBe("cancelled");
    expect(paymentOf("refused@example.org")?.status).toBe("failed");
    expect(stateOf("waiting@example.org")).toBe("pending");
    const [mail] = await mailsTo("refused@example.org");
    expect(mail!.subject).toBe("Your payment did not go through: Debit refused");
    expect(mail!.text).toContain("The place we held for you has been released.");
    expect((await mailsTo("waiting@example.org")).map((m) => m.subject)).toContain("A place is yours: Debit refused");
  });

  test("a gift completed unpaid is recorded only when the bank pays it", async () => {
    const response = await fetch(`${base}/api/donations`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ amount: 4000, monthly: false }),
    });
    const session = stripe.sessionOf(((await response.json()) as { checkoutUrl: string }).checkoutUrl)!;
    await stripe.complete(session.id, "slow-giver@example.org", "unpaid");
    expect(await mailsTo("slow-giver@example.org")).toEqual([]);
    await stripe.bankAnswers(session.id, true);
    expect((await mailsTo("slow-giver@example.org")).map((mail) => mail.subject)).toEqual(["Thank you for your gift"]);
  });

  test("a completion whose amount or currency is not the payment's confirms nothing: logged at error, shown on the Money tab", async () => {
    const logged: string[] = [];
    configureLog({ sink: (line) => void logged.push(line) });
    try {
      const answer = await pending(createEvent({ name: "Wrong sum" }).id, "sum@example.org");
      const session = stripe.sessionOf(answer.checkoutUrl)!;
      const forged = { ...session, status: "complete", payment_status: "paid", amount_total: 100, payment_intent: "pi_test_sum" };
      expect((await stripe.deliver(stripe.eventOf("checkout.session.completed", forged))).status).toBe(200);
      expect(stateOf("sum@example.org")).toBe("pending");
      expect(paymentOf("sum@example.org")?.status).toBe("pending");
      expect(logged.some((line) => line.includes("ERROR") && line.includes("differs from its payment"))).toBe(true);
      const money = (await (await admin("GET", "/payments")).json()) as { payments: { email: string; attention: string | null }[] };
      expect(money.payments.find((row) => row.email === "sum@example.org")?.attention).toBe(
        "Stripe's Checkout says A$1.00 AUD; this payment is A$25.00 AUD. Not confirmed.",
      );
    } finally {
      configureLog({ sink: null });
    }
  });
});

describe("nobody pays twice for one place (issue 37 item 3)", () => {
  test("two registrations at once with one e-mail: one payment, one Checkout link", async () => {
    const event = createEvent({ capacity: 5, name: "Twice asked" });
    const [first, second] = await Promise.all([pending(event.id, "twice@example.org"), pending(event.id, "twice@example.org")]);
    expect(second.checkoutUrl).toBe(first.checkoutUrl);
    expect(t.db.select().from(payments).where(eq(payments.email, "twice@example.org")).all()).toHaveLength(1);
  });

  test("the pay link of a place paid at Checkout whose webhook has not landed goes to the success page, not a new Checkout", async () => {
    const event = createEvent({ name: "Webhook late" });
    const answer = await pending(event.id, "slow-hook@example.org");
    const session = stripe.sessionOf(answer.checkoutUrl)!;
    session.status = "complete";
    const registration = t.db.select().from(eventRegistrations).where(eq(eventRegistrations.email, "slow-hook@example.org")).get()!;
    const payLink = `${base}${paymentLinks(t.app.context.services.signer, base).payPath(registration)}`;
    const to = await fetch(payLink, { redirect: "manual" });
    expect(to.headers.get("location")).toBe(`${base}/?payment=success&event=${event.id}`);
    expect(t.db.select().from(payments).where(eq(payments.email, "slow-hook@example.org")).all()).toHaveLength(1);
  });

  test("whatever happens, a second payment for a place already paid is refunded in full at once and mailed", async () => {
    const event = createEvent({ name: "Paid twice" });
    const answer = await pending(event.id, "double@example.org");
    await pay(answer);
    // A second session for the same place (as one made before this fix could be), then paid too.
    const registration = t.db.select().from(eventRegistrations).where(eq(eventRegistrations.email, "double@example.org")).get()!;
    const first = paymentOf("double@example.org")!;
    const second = t.db
      .insert(payments)
      .values({ ...first, id: undefined, status: "expired", sessionId: null, paymentIntentId: null, paidAt: null, registrationId: registration.id })
      .returning()
      .get();
    const secondSession = await new Stripe(TEST_SECRET_KEY, {
      host: "127.0.0.1",
      port: Number(new URL(stripe.url).port),
      protocol: "http",
    }).checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "aud", unit_amount: 2500, product_data: { name: "Paid twice" } } }],
      customer_email: "double@example.org",
      success_url: `${base}/`,
    });
    t.db.update(payments).set({ sessionId: secondSession.id }).where(eq(payments.id, second.id)).run();
    expect((await stripe.complete(secondSession.id)).status).toBe(200);
    await t.app.jobs.run("refunds");
    const rows = t.db.select().from(payments).where(eq(payments.email, "double@example.org")).all();
    expect(rows.map((row) => row.status).sort()).toEqual(["paid", "refunded"]);
    expect(stateOf("double@example.org")).toBe("confirmed");
    const refunded = (await mailsTo("double@example.org")).find((mail) => mail.subject === "Refunded: Paid twice");
    expect(refunded!.text).toContain("this place was already paid for.");
  });
});

describe("a refund owed is a refund made (issue 37 item 4)", () => {
  test("with the Refunds API down, a late payment answers 200 and is owed; a redelivery does nothing more; once back, refunded once", async () => {
    const event = createEvent({ capacity: 1, name: "Refunds down" });
    const late = await pending(event.id, "owed@example.org");
    clock = new Date(START.getTime() + 40 * 60_000);
    await pay(await pending(event.id, "first@example.org"));
    stripe.setRefundsDown(true);
    try {
      const delivered = await pay(late);
      expect(delivered.status).toBe(200);
      await t.app.jobs.run("refunds");
      expect(paymentOf("owed@example.org")?.status).toBe("refunding");
      // Stripe's redelivery of the same event: handled already, nothing more.
      expect((await stripe.deliver(stripe.sentEvents.findLast((e) => e.type === "checkout.session.completed")!)).status).toBe(200);
      const owed = (await (await admin("GET", "/payments")).json()) as {
        owedRefunds: { description: string; attempts: number; lastError: string }[];
      };
      expect(owed.owedRefunds).toEqual([expect.objectContaining({ description: "Refunds down", amount: 2500, attempts: 1 })]);
      expect(owed.owedRefunds[0]!.lastError).toContain("The Refunds API is down");
      // Tried again no sooner than its back-off (15 s after the first try), and no later than every 5 minutes.
      await t.app.jobs.run("refunds");
      expect(((await (await admin("GET", "/payments")).json()) as { owedRefunds: { attempts: number }[] }).owedRefunds[0]!.attempts).toBe(1);
      clock = new Date(clock.getTime() + 5 * 60_000);
      await t.app.jobs.run("refunds");
      expect(((await (await admin("GET", "/payments")).json()) as { owedRefunds: { attempts: number }[] }).owedRefunds[0]!.attempts).toBe(2);
    } finally {
      stripe.setRefundsDown(false);
    }
    clock = new Date(clock.getTime() + 5 * 60_000);
    await t.app.jobs.run("refunds");
    await t.app.jobs.run("refunds");
    expect(paymentOf("owed@example.org")?.status).toBe("refunded");
    expect(stripe.refunds.filter((refund) => refund.payment_intent === paymentOf("owed@example.org")!.paymentIntentId)).toHaveLength(1);
    expect((await mailsTo("owed@example.org")).filter((mail) => mail.subject === "Refunded: Refunds down")).toHaveLength(1);
    expect(((await (await admin("GET", "/payments")).json()) as { owedRefunds: unknown[] }).owedRefunds).toEqual([]);
  });

  test("'Refund' with Stripe down is owed, shown as 'refunding', and made later; a second 'Refund' is a 400", async () => {
    const event = createEvent({ name: "Refund later" });
    await pay(await pending(event.id, "later@example.org"));
    const id = paymentOf("later@example.org")!.id;
    stripe.setRefundsDown(true);
    try {
      const answer = await admin("POST", `/payments/${id}/refund`, {});
      expect(await answer.json()).toEqual({ status: "refunding", amount: 2500, currency: "aud" });
      expect((await admin("POST", `/payments/${id}/refund`, {})).status).toBe(400);
    } finally {
      stripe.setRefundsDown(false);
    }
    clock = new Date(clock.getTime() + 60_000);
    await t.app.jobs.run("refunds");
    expect(paymentOf("later@example.org")?.status).toBe("refunded");
  });
});

describe("one address cannot hold an event's places (issue 37 item 5)", () => {
  test("a 4th unpaid hold from one address is a 429 that holds nothing; so is a 4th for one e-mail from anywhere", async () => {
    const event = createEvent({ capacity: 5, name: "Five places" });
    const from = (email: string, ip: string) =>
      fetch(`${base}/api/events/${event.id}/registrations`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": ip },
        body: JSON.stringify({ name: "Asha Devi", email, phone: "0400 000 000" }),
      });
    for (let i = 1; i <= 3; i++) expect((await from(`throwaway${i}@example.org`, "10.7.7.7")).status).toBe(201);
    const fourth = await from("throwaway4@example.org", "10.7.7.7");
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toEqual({ error: "You already have places waiting for payment. Please complete or cancel them first." });
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(stateOf("throwaway4@example.org")).toBeUndefined();
    // A real visitor still gets a place.
    expect((await from("visitor@example.org", "10.7.7.8")).status).toBe(201);
    for (const [i, name] of ["A", "B", "C", "D"].entries()) {
      const other = createEvent({ capacity: 5, name: `Other ${name}` });
      const response = await fetch(`${base}/api/events/${other.id}/registrations`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.8.0.${i}` },
        body: JSON.stringify({ name: "Asha Devi", email: "hoarder@example.org", phone: "0400 000 000" }),
      });
      expect(response.status).toBe(i < 3 ? 201 : 429);
    }
  });
});

describe("the smaller faults (issue 37 items 6, 8, 9, 13)", () => {
  test("by donation, an amount above 0 below the card minimum is a 400 naming the field", async () => {
    const event = createEvent({ name: "Small change", byDonation: true, price: 2000 });
    const response = await register(event.id, "small@example.org", { amount: 30 });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "A payment by card must be at least A$0.50, or 0",
      issues: [{ path: "amount", message: "A payment by card must be at least A$0.50, or 0" }],
    });
    expect((await register(event.id, "fifty@example.org", { amount: 50 })).status).toBe(201);
  });

  test("an unsigned webhook: one log line without stack or body; past 10 refusals from one address, 429 before the body is read", async () => {
    const logged: string[] = [];
    configureLog({ sink: (line) => void logged.push(line) });
    try {
      const post = (ip: string) =>
        fetch(`${base}/api/payments/stripe`, { method: "POST", headers: { "X-Forwarded-For": ip }, body: '{"secret-body":"x"}' });
      expect((await post("10.66.0.1")).status).toBe(400);
      const lines = logged.filter((line) => line.includes("Stripe webhook refused"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).not.toContain("secret-body");
      expect(lines[0]).not.toContain("\n    at ");
      for (let i = 0; i < 9; i++) await post("10.66.0.1");
      expect((await post("10.66.0.1")).status).toBe(429);
      expect((await post("10.66.0.2")).status).toBe(400);
    } finally {
      configureLog({ sink: null });
    }
  });

  test("Checkout's return names the event by its id, and nothing else", async () => {
    const event = createEvent({ name: "By id" });
    const session = stripe.sessionOf((await pending(event.id, "byid@example.org")).checkoutUrl)!;
    expect(session.success_url).toBe(`${base}/?payment=success&event=${event.id}`);
    expect(new URL(session.cancel_url).searchParams.get("event")).toBe(String(event.id));
  });

  test("a hold released by the job frees the place in the public answers at once, as an admin write would", async () => {
    const event = createEvent({ capacity: 1, name: "Freed by the job" });
    await pending(event.id, "lapse@example.org");
    const placesLeft = async () =>
      ((await (await fetch(`${base}/api/events`)).json()) as { id: number; placesLeft: number }[]).find((row) => row.id === event.id)?.placesLeft;
    expect(await placesLeft()).toBe(0);
    clock = new Date(START.getTime() + 31 * 60_000);
    expect(await placesLeft()).toBe(0);
    await t.app.jobs.run("holds");
    expect(await placesLeft()).toBe(1);
  });
});

describe("a refund that says what becomes of the place (issue 38 item 3)", () => {
  test("a part refund keeps a deposit and the place; a full one with 'cancelPlace' frees the place for the waiting list", async () => {
    const event = createEvent({ capacity: 1, name: "Deposit kept" });
    await pay(await pending(event.id, "part@example.org"));
    expect(await (await register(event.id, "next-in-line@example.org")).json()).toEqual({ state: "waiting", position: 1 });
    const id = paymentOf("part@example.org")!.id;
    expect((await admin("POST", `/payments/${id}/refund`, { amount: 2501 })).status).toBe(400);
    const part = await admin("POST", `/payments/${id}/refund`, { amount: 1000, cancelPlace: false });
    expect(await part.json()).toEqual({ status: "refunded", amount: 2500, currency: "aud" });
    expect(paymentOf("part@example.org")).toMatchObject({ status: "refunded", refundedAmount: 1000 });
    expect(stateOf("part@example.org")).toBe("confirmed");
    expect(stripe.refunds.at(-1)).toMatchObject({ amount: 1000 });
    const [mail] = (await mailsTo("part@example.org")).filter((m) => m.subject === "Refunded: Deposit kept");
    expect(mail!.text).toContain("the organiser has refunded your payment. Your place stands.");
    expect(mail!.text).toContain("A$10.00 AUD of your payment of A$25.00 AUD for Deposit kept has been refunded.");
    const money = (await (await admin("GET", "/payments")).json()) as { byEvent: { label: string; paid: number; refunded: number }[] };
    expect(money.byEvent).toContainEqual({ label: "Deposit kept", paid: 2500, refunded: 1000 });

    const full = createEvent({ capacity: 1, name: "Place freed" });
    await pay(await pending(full.id, "gone@example.org"));
    expect(await (await register(full.id, "waiter@example.org")).json()).toEqual({ state: "waiting", position: 1 });
    await admin("POST", `/payments/${paymentOf("gone@example.org")!.id}/refund`, { cancelPlace: true });
    expect(stateOf("gone@example.org")).toBe("cancelled");
    expect(stateOf("waiter@example.org")).toBe("pending");
    const refunded = (await mailsTo("gone@example.org")).find((m) => m.subject === "Refunded: Place freed");
    expect(refunded!.text).toContain("the organiser has refunded your payment and cancelled your place.");
    expect(refunded!.text).toContain("has been refunded in full");
  });
});

describe("the Money tab tells gifts apart (issue 38 item 4)", () => {
  const monthlyGift = async (email: string) => {
    const response = await fetch(`${base}/api/donations`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ amount: 2500, monthly: true }),
    });
    const session = stripe.sessionOf(((await response.json()) as { checkoutUrl: string }).checkoutUrl)!;
    await stripe.complete(session.id, email);
    return session;
  };
  type Money = { payments: { id: number; email: string | null; active: boolean; status: string }[] };
  const rowOf = async (email: string, query = "") =>
    ((await (await admin("GET", `/payments${query}`)).json()) as Money).payments.find((row) => row.email === email);

  test("a monthly gift is active until the teacher stops it (at Stripe too), and the donor is mailed", async () => {
    const session = await monthlyGift("stop-by-admin@example.org");
    const row = (await rowOf("stop-by-admin@example.org"))!;
    expect(row.active).toBe(true);
    const stopped = await admin("POST", `/payments/${row.id}/stop`, {});
    expect(await stopped.json()).toEqual({ success: true, message: "The monthly gift is stopped, and the donor is mailed." });
    expect(stripe.cancelledSubscriptions).toContain(stripe.sessions.get(session.id)!.subscription!);
    expect((await rowOf("stop-by-admin@example.org"))!.active).toBe(false);
    const mail = (await mailsTo("stop-by-admin@example.org")).find((m) => m.subject === "Your monthly gift is stopped");
    expect(mail!.text).toContain("The organiser has stopped your monthly gift of A$25.00 AUD");
    // Stopping again mails nothing more; a one-off payment is no gift to stop.
    await admin("POST", `/payments/${row.id}/stop`, {});
    expect((await mailsTo("stop-by-admin@example.org")).filter((m) => m.subject === "Your monthly gift is stopped")).toHaveLength(1);
  });

  test("a gift stopped at Stripe (customer.subscription.deleted) is stopped here too, and the donor mailed", async () => {
    const session = await monthlyGift("stop-at-stripe@example.org");
    const subscription = stripe.sessions.get(session.id)!.subscription!;
    expect((await stripe.deliver(stripe.eventOf("customer.subscription.deleted", { id: subscription, object: "subscription" }))).status).toBe(200);
    expect((await rowOf("stop-at-stripe@example.org"))!.active).toBe(false);
    expect((await mailsTo("stop-at-stripe@example.org")).map((m) => m.subject)).toContain("Your monthly gift is stopped");
  });

  test("a Checkout abandoned a day ago is out of the list unless asked for", async () => {
    await fetch(`${base}/api/donations`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ amount: 1234, monthly: false }),
    });
    const abandoned = t.db.select().from(payments).where(eq(payments.amount, 1234)).get()!;
    t.db
      .update(payments)
      .set({ email: "left@example.org", createdAt: new Date(START.getTime() - 25 * 60 * 60_000).toISOString() })
      .where(eq(payments.id, abandoned.id))
      .run();
    expect(await rowOf("left@example.org")).toBeUndefined();
    expect(await rowOf("left@example.org", "?abandoned=1")).toMatchObject({ status: "pending" });
  });
});
