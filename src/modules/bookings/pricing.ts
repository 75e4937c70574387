// What a place costs (issue 32): decided from the event's row alone (and, by donation, the amount chosen), in integer
// cents; the browser never names what is charged.
import type { Event } from "@db/schema.ts";
import { badRequest } from "@server/lib/errors.ts";
import type { RegistrationInput } from "@server/shared/schemas.ts";

/** What a registration is charged, from the event alone (and, by donation, the amount chosen). */
export type Charge = { amount: number; ticket: "full" | "concession" | "donation" } | null;

/** The charge of a registration: null for a free event or a by-donation A$0. A price field sent for a free event is a 400. */
export function chargeFor(
  event: Pick<Event, "price" | "concessionPrice" | "byDonation">,
  input: Pick<RegistrationInput, "ticket" | "amount">,
): Charge {
  if (event.byDonation) {
    if (input.ticket !== undefined) throw badRequest("This event is by donation: send an amount, not a ticket");
    const amount = input.amount ?? 0;
    return amount > 0 ? { amount, ticket: "donation" } : null;
  }
  if (input.amount !== undefined) throw badRequest("This event has a set price: choose a ticket, not an amount");
  if (event.price === null) {
    if (input.ticket !== undefined) throw badRequest("This event is free: no ticket is needed");
    return null;
  }
  if (input.ticket === "concession") {
    if (event.concessionPrice === null) throw badRequest("This event has no concession price");
    return { amount: event.concessionPrice, ticket: "concession" };
  }
  return { amount: event.price, ticket: "full" };
}

/** An event's prices as the admin may store them: the concession below the price, a by-donation event's price a suggestion. */
export function checkPrices(event: Pick<Event, "price" | "concessionPrice" | "byDonation">) {
  if (event.concessionPrice !== null && (event.price === null || event.concessionPrice >= event.price))
    throw badRequest("Concession price must be below the price", {
      issues: [{ path: "concessionPrice", message: "Concession price must be below the price" }],
    });
  if (event.byDonation && event.concessionPrice !== null) throw badRequest("An event by donation has no concession price");
}
