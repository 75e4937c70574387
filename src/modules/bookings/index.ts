// The bookings core (issue 39): one place, whatever it is a place in. Its routes are the ones every booking shares: the
// cancel link of each registrant's mail. Events and classes have their own routes for what is booked.
import type { AppContext } from "@server/context.ts";
import { answers } from "@server/lib/answers.ts";
import { linkQuery } from "@server/lib/validate.ts";
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
export { checkPrices } from "./pricing.ts";
export { type BookingInput, type Bookings, createBookings, registrationLinks } from "./service.ts";

export function bookingsModule(ctx: AppContext) {
  const { bookings, payments } = ctx.services;
  return (
    new Elysia({ name: "bookings", prefix: "/api" })
      // The cancel link of every registrant's mail lands on the site's page with one button
      // (src/shared/registration-links.ts): a mail scanner that follows links cancels nothing.
      .get(
        "/registrations/cancel",
        ({ query: { id, token }, redirect }) => {
          if (!bookings.isCancelLink(id, token)) return redirect(registrationPath("invalid"), 303);
          // Issue 32: a paid place's page says before its button whether cancelling now refunds it.
          const refund = payments.isPaid(id) ? (bookings.refundDue(id) ? "full" : "none") : undefined;
          return redirect(cancelPagePath(id, token, refund), 303);
        },
        { query: linkQuery },
      )
      .get(
        "/registrations/cancel/details",
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
        "/registrations/cancel",
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
