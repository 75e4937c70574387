// Money as the site shows it (issue 32): integer cents in, "A$25.00" out, on the server and in the browser alike.

/** `amount` cents in `currency` as "A$25.00" (the currency's symbol as an international reader knows it). */
export const formatMoney = (amount: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);
