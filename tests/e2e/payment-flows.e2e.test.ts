// Issue 37 item 0: the payment flows (pay, expire, refund, gift) through real HTTP against the server as operators run
// it, the compiled executable, and from source: Stripe's webhooks come back signed by the official SDK (the tests'
// Stripe-protocol server). The routes that read a raw body (the webhook, an upload, the import) work in both.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { compiledExecutable } from "@tests/support/executable.ts";
import { type StripeServer, startStripeServer } from "@tests/support/stripe.ts";
import { type Server, startServer } from "../server.ts";
import { TINY_PNG } from "./admin-helpers.ts";

const ADMIN_PASSWORD = "flows-admin-password";

type Registration = { id: number; email: string; state: string; payment: { status: string } | null };
type Pending = { state: "pending"; checkoutUrl: string; holdUntil: string };

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await read();
    if (done(value)) return value;
    await Bun.sleep(50);
  }
  throw new Error(`not within 5 s: ${what}`);
}

describe.each(["executable", "source"] as const)("payments, from the %s", (kind) => {
  let stripe: StripeServer;
  let server: Server;
  let token: string;
  let ip = 0;
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const admin = (method: string, path: string, body?: unknown) => call(method, `/api/admin${path}`, body, { Authorization: `Bearer ${token}` });
  const registrations = async (eventId: number) => (await (await admin("GET", `/events/${eventId}/registrations`)).json()) as Registration[];
  const register = async (eventId: number, email: string) => {
    const response = await call(
      "POST",
      `/api/events/${eventId}/registrations`,
      { name: "Asha Devi", email, phone: "0400 000 000" },
      { "X-Forwarded-For": `10.9.0.${++ip}` },
    );
    expect(response.status).toBe(201);
    return (await response.json()) as Pending;
  };
  const createEvent = async (name: string) => {
    const response = await admin("POST", "/events", {
      name,
      type: "retreat",
      startDate: "2099-04-10",
      time: "9:30 am - 4:00 pm",
      location: "12 Hill Road, Warburton",
      description: "<p>A day of silence.</p>",
      capacity: 5,
      price: 2500,
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: number }).id;
  };

  beforeAll(async () => {
    stripe = await startStripeServer();
    const executable = kind === "executable" ? await compiledExecutable() : undefined;
    server = await startServer({ executable, env: { ADMIN_PASSWORD, TRUST_PROXY: "1", ...stripe.env() } });
    stripe.setWebhookUrl(`${server.url}/api/payments/stripe`);
    const login = await call("POST", "/api/admin/login", { username: "admin", password: ADMIN_PASSWORD });
    token = ((await login.json()) as { token: string }).token;
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    server?.remove();
    stripe?.stop();
  });

  test("pay: the signed webhook confirms the place", async () => {
    const eventId = await createEvent("Paid in full");
    const answer = await register(eventId, "payer@example.org");
    expect(answer.state).toBe("pending");
    const delivered = await stripe.complete(stripe.sessionOf(answer.checkoutUrl)!.id);
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toEqual({ received: true });
    const [row] = await registrations(eventId);
    expect(row).toMatchObject({ state: "confirmed", payment: { status: "paid" } });
    // A second delivery of the same event does nothing more.
    expect((await stripe.deliver(stripe.sentEvents.at(-1)!)).status).toBe(200);
  });

  test("expire: the session's end gives the held place back", async () => {
    const eventId = await createEvent("Never paid");
    const answer = await register(eventId, "late@example.org");
    expect((await stripe.expire(stripe.sessionOf(answer.checkoutUrl)!.id)).status).toBe(200);
    const [row] = await registrations(eventId);
    expect(row?.state).toBe("cancelled");
  });

  test("refund: the admin's 'Refund' is made at Stripe and recorded", async () => {
    const eventId = await createEvent("Refunded");
    const answer = await register(eventId, "refund@example.org");
    await stripe.complete(stripe.sessionOf(answer.checkoutUrl)!.id);
    const paymentId = ((await (await admin("GET", "/payments")).json()) as { payments: { id: number; email: string }[] }).payments.find(
      (row) => row.email === "refund@example.org",
    )!.id;
    expect((await admin("POST", `/payments/${paymentId}/refund`, {})).status).toBe(200);
    await eventually(
      async () => ((await (await admin("GET", "/payments")).json()) as { payments: { id: number; status: string }[] }).payments,
      (rows) => rows.find((row) => row.id === paymentId)?.status === "refunded",
      "the payment refunded",
    );
    expect(stripe.refunds.filter((refund) => refund.payment_intent === stripe.sessionOf(answer.checkoutUrl)!.payment_intent)).toHaveLength(1);
  });

  test("gift: a paid gift is recorded", async () => {
    const response = await call("POST", "/api/donations", { amount: 5000, monthly: false }, { "X-Forwarded-For": "10.9.1.1" });
    expect(response.status).toBe(201);
    const { checkoutUrl } = (await response.json()) as { checkoutUrl: string };
    expect((await stripe.complete(stripe.sessionOf(checkoutUrl)!.id, "giver@example.org")).status).toBe(200);
    const money = (await (await admin("GET", "/payments")).json()) as { payments: { kind: string; status: string; email: string | null }[] };
    expect(money.payments.find((row) => row.email === "giver@example.org")).toMatchObject({ kind: "donation", status: "paid" });
  });

  test("the routes that read their raw body: an upload and an import", async () => {
    const form = new FormData();
    form.append("image", new File([TINY_PNG], "pixel.png", { type: "image/png" }));
    const uploaded = await fetch(`${server.url}/api/admin/uploads/image`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const exported = await admin("GET", "/export-data");
    expect(exported.status).toBe(200);
    const imported = await admin("POST", "/import-data", await exported.json());
    expect(imported.status).toBe(200);
  });
});
