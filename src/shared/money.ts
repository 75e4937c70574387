// Money as the site shows it (issue 32): integer cents in, "A$25.00" out, on the server and in the browser alike.

/** `amount` cents in `currency` as "A$25.00" (the currency's symbol as an international reader knows it). */
export const formatMoney = (amount: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);

type Priced = { price: number | null; concessionPrice: number | null; byDonation: boolean };

/** Issue 32: "A$25.00 · concession A$15.00", "By donation (A$20.00 suggested)"; null for a free event. */
export function priceText(event: Priced, currency: string): string | null {
  const money = (cents: number) => formatMoney(cents, currency);
  if (event.byDonation) return event.price ? `By donation (${money(event.price)} suggested)` : "By donation";
  if (event.price === null) return null;
  return event.concessionPrice === null ? money(event.price) : `${money(event.price)} · concession ${money(event.concessionPrice)}`;
}
