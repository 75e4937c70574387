// A test app through real HTTP (the API tests of bookings, classes, payments and passes): listening on a free loopback
// port, with the suite's SMTP server and, when asked, the Stripe-protocol server (its webhook pointed at the app), the
// app's mail worker, and an admin token.
import { freePort } from "../server.ts";
import { createTestApp } from "./app.ts";
import { startSmtpServer } from "./smtp.ts";
import { type StripeServer, startStripeServer } from "./stripe.ts";

type Options<Paid extends boolean> = { now: () => Date; env?: Record<string, string>; stripe?: Paid };

export async function startListeningApp<Paid extends boolean = false>({ now, env = {}, stripe: paid }: Options<Paid>) {
  const smtp = await startSmtpServer();
  const stripe = paid ? await startStripeServer() : undefined;
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await createTestApp({
    now,
    env: { SITE_URL: base, SMTP_URL: smtp.url, MAIL_FROM: "Vedanta & Yoga <hello@example.org>", TRUST_PROXY: "1", ...env, ...stripe?.env() },
  });
  t.app.listen({ port, hostname: "127.0.0.1", reusePort: false });
  stripe?.setWebhookUrl(`${base}/api/payments/stripe`);
  const token = await t.login();
  const worker = t.mailWorker();
  return {
    t,
    base,
    smtp,
    stripe: stripe as Paid extends true ? StripeServer : undefined,
    token,
    worker,
    async stop() {
      await worker.stop();
      await t.app.stop();
      t.cleanup();
      stripe?.stop();
      await smtp.close();
    },
  };
}

export type ListeningApp<Paid extends boolean = false> = Awaited<ReturnType<typeof startListeningApp<Paid>>>;
