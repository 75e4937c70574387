// What the 'Support the association' form does on submit, loaded then: the amount in cents, the gift's Checkout.
import { ApiError, call } from "@web/lib/api.ts";

/** "25", "25.5" or "25.50" dollars as integer cents; NaN for anything else. */
export const toCents = (dollars: string) => (/^\s*\d{1,7}(\.\d{1,2})?\s*$/.test(dollars) ? Math.round(Number(dollars) * 100) : Number.NaN);

/** Goes to Stripe's Checkout for the gift; the message to show when it cannot. */
export async function give(form: FormData): Promise<string> {
  const preset = String(form.get("preset") ?? "");
  const amount = preset === "other" ? toCents(String(form.get("other") ?? "")) : Number(preset);
  if (!Number.isInteger(amount) || amount < 100 || amount > 1_000_000) return "Please enter an amount from A$1 to A$10,000.";
  try {
    const { checkoutUrl } = await call((api) => api.donations.post({ amount, monthly: form.get("monthly") === "1" }));
    window.location.assign(checkoutUrl);
    return "";
  } catch (error) {
    return error instanceof ApiError && error.status === 502 ? error.serverMessage : "The gift could not be started. Please try again.";
  }
}
