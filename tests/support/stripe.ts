// A Stripe-protocol server for the tests (issue 32; there is no offline stripe-mock): what the site's official `stripe`
// SDK calls, form-encoded as Stripe takes it — `POST /v1/checkout/sessions`, `GET` one and `POST …/expire`,
// `POST /v1/refunds`, `DELETE /v1/subscriptions/{id}` — a hosted Checkout page with a 'Pay' button, a subscription's
// monthly invoices (`payInvoice`), and webhooks signed with the SDK's own `webhooks.generateTestHeaderString` (its async
// form), posted to the site as Stripe posts them.
import Stripe from "stripe";

export const TEST_SECRET_KEY = "sk_test_fakeStripeKeyForTheTests0123456789";
export const TEST_WEBHOOK_SECRET = "whsec_fakeStripeWebhookSecretForTheTests0123";

type Session = {
  id: string;
  object: "checkout.session";
  mode: "payment" | "subscription";
  allowed_payment_method_types: string[];
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  customer_email: string | null;
  customer_details: { email: string } | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  url: string | null;
  payment_intent: string | null;
  subscription: string | null;
  line_items_name: string;
};

/** `a[b][0][c]=1` form fields as the nested object Stripe reads them as. */
function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node = root as Record<string, unknown>;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

const html = (text: string) => Bun.escapeHTML(text);

export async function startStripeServer() {
  const sdk = new Stripe(TEST_SECRET_KEY);
  const sessions = new Map<string, Session>();
  const refunds: { id: string; payment_intent: string; amount: number }[] = [];
  const cancelledSubscriptions: string[] = [];
  const sentEvents: Stripe.Event[] = [];
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_test_${Date.now().toString(36)}${(counter++).toString(36).padStart(4, "0")}`;
  /** Where webhooks go: set once the site's address is known. */
  let webhookUrl = "";
  /** Calls that fail with a 500 while > 0 (a Stripe outage). */
  let failures = 0;
  /** The Refunds API answers 500 while true (an outage of that API alone). */
  let refundsDown = false;
  /** Stripe keeps each idempotency key's first answer: a repeat with the same key gets it again, and nothing is done twice. */
  const idempotent = new Map<string, { status: number; body: string }>();

  const error = (status: number, message: string) => Response.json({ error: { type: "invalid_request_error", message } }, { status });

  /** Posts `event` to the site, signed as Stripe signs it (at `timestamp`, seconds); the site's answer. */
  async function deliver(event: Stripe.Event, options: { timestamp?: number; secret?: string } = {}) {
    const payload = JSON.stringify(event);
    // Bun loads the SDK's web build, whose crypto signs only asynchronously: generateTestHeaderString's async form.
    const header = await sdk.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: options.secret ?? TEST_WEBHOOK_SECRET,
      timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
    });
    return fetch(webhookUrl, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": header }, body: payload });
  }

  function eventOf(type: string, object: unknown): Stripe.Event {
    const event = {
      id: nextId("evt"),
      object: "event",
      api_version: "2026-01-01",
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    } as unknown as Stripe.Event;
    sentEvents.push(event);
    return event;
  }

  const sessionView = ({ line_items_name, ...session }: Session) => session;

  /**
   * The 'Pay' button: the session completes, the site is told, the browser goes back to the success URL. A delayed
   * method (a direct debit) completes `unpaid`: the bank's answer comes later (`bankAnswers`).
   */
  async function complete(id: string, email = "payer@example.org", paymentStatus: "paid" | "unpaid" = "paid") {
    const session = sessions.get(id);
    if (session?.status !== "open") throw new Error(`Session ${id} is not open`);
    session.status = "complete";
    session.payment_status = paymentStatus;
    session.customer_details = { email: session.customer_email ?? email };
    if (session.mode === "subscription") session.subscription = nextId("sub");
    else session.payment_intent = nextId("pi");
    return deliver(eventOf("checkout.session.completed", sessionView(session)));
  }

  /** The bank's answer to a delayed payment: checkout.session.async_payment_succeeded or _failed. */
  function bankAnswers(id: string, paid: boolean) {
    const session = sessions.get(id);
    if (session?.status !== "complete" || session.payment_status !== "unpaid") throw new Error(`Session ${id} is not waiting for the bank`);
    if (paid) session.payment_status = "paid";
    return deliver(eventOf(`checkout.session.async_payment_${paid ? "succeeded" : "failed"}`, sessionView(session)));
  }

  async function expire(id: string) {
    const session = sessions.get(id);
    if (session?.status !== "open") throw new Error(`Session ${id} is not open`);
    session.status = "expired";
    session.url = null;
    return deliver(eventOf("checkout.session.expired", sessionView(session)));
  }

  /** A month of a subscription paid (`subscription_cycle`; Stripe's first invoice is `subscription_create`): invoice.paid. */
  function payInvoice(subscriptionId: string, billingReason: "subscription_cycle" | "subscription_create" = "subscription_cycle") {
    const session = [...sessions.values()].find((row) => row.subscription === subscriptionId);
    if (!session) throw new Error(`No subscription ${subscriptionId}`);
    return deliver(
      eventOf("invoice.paid", {
        id: nextId("in"),
        object: "invoice",
        status: "paid",
        billing_reason: billingReason,
        amount_paid: session.amount_total,
        currency: session.currency,
        customer_email: session.customer_details?.email ?? null,
        parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId, metadata: {} }, quote_details: null },
      }),
    );
  }

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      const path = url.pathname;
      if (path.startsWith("/v1/")) {
        if (request.headers.get("authorization") !== `Bearer ${TEST_SECRET_KEY}`) return error(401, "Invalid API Key provided");
        if (failures > 0) {
          failures -= 1;
          return error(500, "Stripe is down (test)");
        }
      }
      const key = request.headers.get("idempotency-key");
      const kept = key && idempotent.get(`${path} ${key}`);
      if (kept) return new Response(kept.body, { status: kept.status, headers: { "Content-Type": "application/json" } });
      const body = request.method === "POST" ? parseForm(await request.text()) : {};
      const sessionPath = /^\/v1\/checkout\/sessions\/([\w-]+)(\/expire)?$/.exec(path);
      const subscriptionPath = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
      const payPage = /^\/pay\/([\w-]+)$/.exec(path);
      if (request.method === "POST" && path === "/v1/checkout/sessions") {
        const item = (body.line_items as Record<string, Record<string, Record<string, unknown>>>)?.["0"]?.price_data;
        const id = nextId("cs");
        const session: Session = {
          id,
          object: "checkout.session",
          mode: body.mode === "subscription" ? "subscription" : "payment",
          allowed_payment_method_types: Object.values((body.allowed_payment_method_types as Record<string, string>) ?? {}),
          status: "open",
          payment_status: "unpaid",
          amount_total: Number(item?.unit_amount),
          currency: String(item?.currency),
          customer_email: (body.customer_email as string) ?? null,
          customer_details: null,
          client_reference_id: (body.client_reference_id as string) ?? null,
          metadata: (body.metadata as Record<string, string>) ?? {},
          expires_at: Number(body.expires_at ?? Math.floor(Date.now() / 1000) + 86_400),
          success_url: String(body.success_url),
          cancel_url: String(body.cancel_url),
          url: `${url.origin}/pay/${id}`,
          payment_intent: null,
          subscription: null,
          line_items_name: String((item?.product_data as Record<string, unknown>)?.name ?? ""),
        };
        sessions.set(id, session);
        if (key) idempotent.set(`${path} ${key}`, { status: 200, body: JSON.stringify(sessionView(session)) });
        return Response.json(sessionView(session));
      }
      if (sessionPath) {
        const session = sessions.get(sessionPath[1] ?? "");
        if (!session) return error(404, "No such checkout.session");
        if (sessionPath[2] && request.method === "POST") {
          if (session.status !== "open") return error(400, "Only open sessions can be expired");
          await expire(session.id);
        }
        return Response.json(sessionView(session));
      }
      if (request.method === "POST" && path === "/v1/refunds") {
        if (refundsDown) return error(500, "The Refunds API is down (test)");
        const paymentIntent = String(body.payment_intent);
        const paid = [...sessions.values()].find((session) => session.payment_intent === paymentIntent);
        if (!paid) return error(404, `No such payment_intent: ${paymentIntent}`);
        const amount = body.amount === undefined ? paid.amount_total : Number(body.amount);
        const refunded = refunds.filter((refund) => refund.payment_intent === paymentIntent).reduce((sum, refund) => sum + refund.amount, 0);
        if (amount > paid.amount_total - refunded) return error(400, "Refund amount is greater than unrefunded amount on charge");
        const refund = { id: nextId("re"), object: "refund", payment_intent: paymentIntent, amount, status: "succeeded" };
        refunds.push(refund);
        if (key) idempotent.set(`${path} ${key}`, { status: 200, body: JSON.stringify(refund) });
        await deliver(
          eventOf("charge.refunded", {
            id: nextId("ch"),
            object: "charge",
            payment_intent: paymentIntent,
            amount: paid.amount_total,
            amount_refunded: refunded + amount,
            refunded: refunded + amount === paid.amount_total,
          }),
        );
        return Response.json(refund);
      }
      if (request.method === "DELETE" && subscriptionPath) {
        cancelledSubscriptions.push(subscriptionPath[1] ?? "");
        return Response.json({ id: subscriptionPath[1], object: "subscription", status: "canceled" });
      }
      // The hosted Checkout page: what was asked, a 'Pay' button, and the way back.
      if (payPage) {
        const session = sessions.get(payPage[1] ?? "");
        if (!session) return new Response("Not found", { status: 404 });
        if (request.method === "POST") {
          if (session.status === "open") await complete(session.id, String(body.email || "payer@example.org"));
          return Response.redirect(session.success_url, 303);
        }
        const amount = (session.amount_total / 100).toFixed(2);
        const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Checkout</title></head><body><main>
<h1>${html(session.line_items_name)}</h1><p>${amount} ${html(session.currency.toUpperCase())}${session.mode === "subscription" ? " a month" : ""}</p>
${session.status === "open" ? `<form method="post"><label>Email <input name="email" type="email" value="${html(session.customer_email ?? "")}"></label><button type="submit">Pay</button></form>` : `<p>This session is ${session.status}.</p>`}
<a href="${html(session.cancel_url)}">Back</a></main></body></html>`;
        return new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } });
      }
      return error(404, `Unrecognized request URL (${request.method}: ${path})`);
    },
  });

  return {
    /** STRIPE_API_BASE for the site. */
    url: `http://127.0.0.1:${server.port}`,
    env: () => ({
      STRIPE_SECRET_KEY: TEST_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_BASE: `http://127.0.0.1:${server.port}`,
    }),
    setWebhookUrl: (url: string) => {
      webhookUrl = url;
    },
    sessions,
    refunds,
    cancelledSubscriptions,
    sentEvents,
    /** The session whose hosted page is `checkoutUrl`. */
    sessionOf: (checkoutUrl: string) => sessions.get(checkoutUrl.split("/").pop() ?? ""),
    complete,
    bankAnswers,
    expire,
    payInvoice,
    deliver,
    eventOf,
    /** The next `count` API calls fail with a 500. */
    failNext: (count: number) => {
      failures = count;
    },
    /** The Refunds API fails (500) until set back. */
    setRefundsDown: (down: boolean) => {
      refundsDown = down;
    },
    stop: () => server.stop(true),
  };
}

export type StripeServer = Awaited<ReturnType<typeof startStripeServer>>;
