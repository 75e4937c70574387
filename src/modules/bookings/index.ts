// The bookings core (issue 39): one place, whatever it is a place in. Its routes are the ones every booking shares: the
// cancel link of each registrant's mail. Events and classes have their own routes for what is booked.
import type { ModuleContext } from "@server/context.ts";
import { answers } from "@server/lib/answers.ts";
import { linkQuery } from "@server/lib/validate.ts";
import { formatMoment } from "@server/shared/moments.ts";
import { cancelPagePath, registrationPath } from "@server/shared/registration-links.ts";
import { Elysia } from "elysia";
import { cancelDetails } from "./model.ts";

export { type Bookable, type Target, targetOf } from "./bookable.ts";
export {
  adminRegistration,
  checkInSchema,
  type RegistrationAnswer,
  type RegistrationWithPayment,
  registrantsMailed,
  registrationAnswer,
  registrationList,
  registrationsPage,
  registrationsQuerySchema,
} from "./model.ts";
export { NO_CREDIT } from "./places.ts";
export { checkPrices } from "./pricing.ts";
export { type BookingInput, type Bookings, createBookings, registrationLinks } from "./service.ts";

/** The join link's own small page: what the link does now, and the way back to the site (nothing of the visitor's). */
function joinPage(status: number, title: string, text: string, headers: Record<string, unknown>) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p><p><a href="/">Back to the site</a></p></main></body></html>`;
  return new Response(html, { status, headers: { ...headers, "content-type": "text/html; charset=utf-8" } } as ResponseInit);
}

export function bookingsModule(ctx: ModuleContext<"bookings" | "payments">) {
  const { bookings, payments } = ctx.services;
  const { timezone } = ctx.config;
  return (
    new Elysia({ name: "bookings" })
      // Issue 39: a booking's own join link. The meeting room is behind it only, from 15 minutes before the start.
      .get("/join/:token", ({ params, set }) => {
        set.headers["cache-control"] = "no-store";
        set.headers["referrer-policy"] = "no-referrer";
        const answer = bookings.join(params.token);
        if (answer?.kind === "open") return new Response(null, { status: 303, headers: { ...set.headers, location: answer.url } } as ResponseInit);
        if (answer?.kind === "early")
          return joinPage(
            200,
            `This class opens at ${formatMoment(answer.opensAt.toISOString(), timezone)}`,
            "Come back then: this link takes you in.",
            set.headers,
          );
        if (answer?.kind === "gone") return joinPage(410, answer.message, "This link no longer leads into the class.", set.headers);
        return joinPage(404, "This link is not valid", "It may be incomplete. Use the link in your booking's mail.", set.headers);
      })
      // The cancel link of every registrant's mail lands on the site's page with one button
      // (src/shared/registration-links.ts): a mail scanner that follows links cancels nothing.
      .get(
        "/api/registrations/cancel",
        ({ query: { id, token }, redirect }) => {
          if (!bookings.isCancelLink(id, token)) return redirect(registrationPath("invalid"), 303);
          // Issue 32: a paid place's page says before its button whether cancelling now refunds it.
          const refund = payments.isPaid(id) ? (bookings.refundDue(id) ? "full" : "none") : undefined;
          return redirect(cancelPagePath(id, token, refund), 303);
        },
        { query: linkQuery },
      )
      .get(
        "/api/registrations/cancel/details",
        ({ query: { id, token } }) => {
          const { registration, lateCancel, refundDue, ...details } = bookings.cancelDetails(id, token);
          const paid = payments.paidFor(registration.id);
          const money = paid && { amount: paid.refundedAmount ?? paid.amount, currency: paid.currency };
          const refund = !money
            ? null
            : paid.status !== "paid"
              ? { kind: "refunded" as const, ...money }
              : refundDue
                ? { kind: "full" as const, ...money }
                : { kind: "none" as const, ...money, because: lateCancel };
          return { ...details, refund };
        },
        { query: linkQuery, response: answers(cancelDetails) },
      )
      .post(
        "/api/registrations/cancel",
        async ({ query: { id, token }, redirect }) => {
          // The refund due is owed in the cancel's transaction, and made at once.
          const done = bookings.cancelByLink(id, token);
          if (done) {
            ctx.cache.invalidate();
            await payments.makeOwedRefunds();
          }
          return redirect(registrationPath(done ? "cancelled" : "invalid"), 303);
        },
        { form: true, query: linkQuery },
      )
  );
}
