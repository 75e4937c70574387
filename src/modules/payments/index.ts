// Issue 32's routes: Stripe's webhook, the pay link of a held place, gifts and their stop link, and the admin's money.
import type { ModuleContext } from "@server/context.ts";
import { answers } from "@server/lib/answers.ts";
import { PUBLIC_BODY_LIMIT, readBodyWithLimit } from "@server/lib/body.ts";
import { createSpamGuard } from "@server/lib/spam.ts";
import { idParam, linkQuery, standard } from "@server/lib/validate.ts";
import { passCheckoutSchema } from "@server/shared/schemas.ts";
import { Elysia } from "elysia";
import { checkoutAnswer, donationSchema, giftStopped, moneyAnswer, moneyQuerySchema, paymentSummary, refundSchema, webhookAnswer } from "./model.ts";

export { createOwedRefunds } from "./refunds.ts";
export { connectStripe, createPaymentsService, paymentLinks } from "./service.ts";

/** Where a gift's stop link lands: the site's page with one button (a mail scanner that follows links stops nothing). */
const giftPath = (state: "stop" | "stopped" | "invalid", id?: number, token?: string) =>
  state === "stop" ? `/?gift=stop&id=${id}&token=${token}` : `/?gift=${state}`;

export function paymentsModule(ctx: ModuleContext<"payments">) {
  const { payments } = ctx.services;
  const spam = createSpamGuard(ctx, 10);
  const params = idParam("Payment not found");
  return (
    new Elysia({ name: "payments", prefix: "/api" })
      .use(ctx.access)
      // The raw body is what Stripe signed: it is read here, not parsed, and checked before anything else.
      .post(
        "/payments/stripe",
        async ({ request }) => {
          const address = ctx.clientIp(request);
          payments.checkWebhookLimit(address);
          const payload = new TextDecoder().decode(await readBodyWithLimit(request, PUBLIC_BODY_LIMIT));
          const answer = await payments.webhook(payload, request.headers.get("stripe-signature"), address);
          ctx.cache.invalidate();
          return answer;
        },
        { stream: true, response: answers(webhookAnswer) },
      )
      .get("/payments/pay", async ({ query: { id, token }, redirect }) => redirect((await payments.payLink(id, token)) ?? "/?payment=expired", 303), {
        query: linkQuery,
      })
      .post(
        "/donations",
        async ({ body, request, status }) => {
          spam.isBot(request, undefined);
          return status(201, await payments.donate(body));
        },
        { form: true, body: standard(donationSchema), response: answers(checkoutAnswer, 201) },
      )
      // Issue 40: a pass bought through Checkout, issued to its buyer when paid.
      .post(
        "/passes/:id/checkout",
        async ({ params, body, request, status }) => {
          spam.isBot(request, undefined);
          return status(201, await payments.buyPass(params.id, body));
        },
        { form: true, params: idParam("Pass not found"), body: standard(passCheckoutSchema), response: answers(checkoutAnswer, 201) },
      )
      .get(
        "/donations/stop",
        ({ query: { id, token }, redirect }) => redirect(payments.isStopLink(id, token) ? giftPath("stop", id, token) : giftPath("invalid"), 303),
        { query: linkQuery },
      )
      .post(
        "/donations/stop",
        async ({ query: { id, token }, redirect }) => redirect(giftPath((await payments.stopGift(id, token)) ? "stopped" : "invalid"), 303),
        { form: true, query: linkQuery },
      )
      .group("/admin", { admin: true }, (admin) =>
        admin
          .get("/payments", ({ query }) => payments.money(query.abandoned === "1"), {
            query: standard(moneyQuerySchema),
            response: answers(moneyAnswer),
          })
          .post("/payments/:id/stop", ({ params }) => payments.stopGiftByAdmin(params.id), { params, response: answers(giftStopped) })
          .post("/payments/:id/refund", ({ params, body }) => payments.refundByAdmin(params.id, body), {
            params,
            body: standard(refundSchema),
            response: answers(paymentSummary),
          }),
      )
  );
}
