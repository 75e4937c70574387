// Issue 40 in the compiled executable operators run, through real HTTP with the suite's SMTP server and the
// Stripe-protocol server: a pass bought and issued by the signed webhook, My practice's mailed code and cookie, a date
// booked with a credit, its cancel giving the credit back, and the session and the credits kept across a restart.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { todayIn } from "@server/lib/time.ts";
import { addDays } from "@server/shared/calendar.ts";
import { compiledExecutable } from "@tests/support/executable.ts";
import { type SmtpServer, startSmtpServer } from "@tests/support/smtp.ts";
import { type StripeServer, startStripeServer } from "@tests/support/stripe.ts";
import { type Server, startServer } from "../server.ts";
import { adminApi, apiToken, createClassViaApi } from "./admin-helpers.ts";

const ADMIN_PASSWORD = "practice-admin-password";
let smtp: SmtpServer;
let stripe: StripeServer;
let server: Server;
let executable: string;
let env: Record<string, string>;

beforeAll(async () => {
  [smtp, stripe, executable] = await Promise.all([startSmtpServer(), startStripeServer(), compiledExecutable()]);
  env = {
    ADMIN_PASSWORD,
    TRUST_PROXY: "1",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Vedanta & Yoga <hello@example.org>",
    MAIL_PER_MINUTE: "6000",
    ...stripe.env(),
  };
  server = await startServer({ executable, env });
  stripe.setWebhookUrl(`${server.url}/api/payments/stripe`);
}, 240_000);
afterAll(async () => {
  await server?.stop();
  server?.remove();
  stripe?.stop();
  await smtp?.close();
});

const json = (method: string, body?: unknown, headers: Record<string, string> = {}) => ({
  method,
  headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), "X-Forwarded-For": "10.61.0.1", ...headers },
  body: body === undefined ? undefined : JSON.stringify(body),
});

test("in the executable: a pass bought, the mailed code, a date booked with a credit and given back, all kept across a restart", async () => {
  const site = { ...server, env };
  const token = await apiToken(site, ADMIN_PASSWORD, smtp);
  const date = addDays(todayIn("Australia/Melbourne"), 2);
  const { id: classId } = await createClassViaApi(site, token, "Evening Hatha", {
    schedule: { weekdays: [1, 2, 3, 4, 5, 6, 7], start: "20:00", minutes: 60, from: date, until: null, skip: [] },
    capacity: 5,
    price: 2500,
  });
  const pass = await adminApi<{ id: number }>(site, token, "POST", "/api/admin/passes", {
    name: "Ten classes",
    credits: 10,
    price: 15000,
    validDays: 180,
  });

  const bought = await fetch(
    `${server.url}/api/passes/${pass.id}/checkout`,
    json("POST", { name: "Asha Devi", email: "asha@example.org", ticket: "full" }),
  );
  expect(bought.status).toBe(201);
  const { checkoutUrl } = (await bought.json()) as { checkoutUrl: string };
  await stripe.complete(stripe.sessionOf(checkoutUrl)!.id, "asha@example.org");
  const held = await adminApi<{ creditsLeft: number }[]>(site, token, "GET", "/api/admin/passes/issued?email=asha@example.org");
  expect(held.map((row) => row.creditsLeft)).toEqual([10]);

  const seen = smtp.received.length;
  expect((await fetch(`${server.url}/api/practice/sign-in`, json("POST", { email: "asha@example.org" }))).status).toBe(202);
  const mail = (await smtp.waitFor(seen + 1)).slice(seen).find((received) => received.subject === "Your code for My practice");
  const code = /\b(\d{6})\b/.exec(mail?.text ?? "")![1]!;
  const verified = await fetch(`${server.url}/api/practice/verify`, json("POST", { email: "asha@example.org", code }));
  expect(verified.status).toBe(200);
  const cookie = verified.headers.get("set-cookie")!.split(";")[0]!;

  const booked = await fetch(`${server.url}/api/practice/bookings`, json("POST", { classId, date }, { Cookie: cookie }));
  expect(await booked.json()).toEqual({ state: "confirmed", creditsLeft: 9 });
  const second = await fetch(`${server.url}/api/practice/bookings`, json("POST", { classId, date: addDays(date, 1) }, { Cookie: cookie }));
  expect(await second.json()).toEqual({ state: "confirmed", creditsLeft: 8 });

  // A restart keeps her session, her places and her credits.
  await server.stop();
  server = await startServer({ executable, env, dir: server.dir });
  const mine = (await (await fetch(`${server.url}/api/practice`, { headers: { Cookie: cookie } })).json()) as {
    passes: { creditsLeft: number }[];
    upcoming: { bookingId: number; giveBack: boolean }[];
  };
  expect(mine.passes.map((row) => row.creditsLeft)).toEqual([8]);
  expect(mine.upcoming.map((row) => row.giveBack)).toEqual([true, true]);
  const cancelled = await fetch(`${server.url}/api/practice/bookings/${mine.upcoming[0]!.bookingId}`, json("DELETE", undefined, { Cookie: cookie }));
  expect(await cancelled.json()).toEqual({ cancelled: true, creditBack: true });
  const after = (await (await fetch(`${server.url}/api/practice`, { headers: { Cookie: cookie } })).json()) as { passes: { creditsLeft: number }[] };
  expect(after.passes.map((row) => row.creditsLeft)).toEqual([9]);
}, 120_000);
