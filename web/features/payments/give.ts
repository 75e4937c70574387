// What the 'Support the association' form does on submit, loaded then: the amount in cents, the gift's Checkout.
import { dollarsToCents } from "@server/shared/validation.ts";
import { ApiError, call } from "@web/lib/api.ts";

/** Goes to Stripe's Checkout for the gift; the message to show when it cannot. */
export async function give(form: FormData): Promise<string> {
  const preset = String(form.get("preset") ?? "");
  const amount = preset === "other" ? dollarsToCents(String(form.get("other") ?? "")) : Number(preset);
  if (!Number.isInteger(amount) || amount < 100 || amount > 1_000_000) return "Please enter an amount from A$1 to A$10,000.";
  try {
    const { checkoutUrl } = await call((api) => api.donations.post({ amount, monthly: form.get("monthly") === "1" }));
    window.location.assign(checkoutUrl);
    return "";
  } catch (error) {
    return error instanceof ApiError && error.status === 502 ? error.serverMessage : "The gift could not be started. Please try again.";
  }
}
