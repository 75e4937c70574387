// Where a registration's cancel link lands (issue 23), as the newsletter's links do (src/shared/newsletter-links.ts):
// the link checks itself and sends the visitor to the site's page with one button, `/?registration=cancel&id&token`;
// the button posts back to the link and lands on `/?registration=cancelled|invalid`. A GET cancels nothing.

type Outcome = "cancelled" | "invalid";
/** Issue 32: a paid place's cancel page says whether cancelling now refunds it in full, or not at all. */
type Refund = "full" | "none";
export type RegistrationNotice = { state: Outcome } | { state: "cancel"; id: string; token: string; refund?: Refund };

/** The link in every registrant's mail (the server's SITE_URL before it). */
export const registrationCancelPath = (id: number | string, token: string) => `/api/registrations/cancel?id=${id}&token=${token}`;

export const registrationPath = (state: Outcome) => `/?registration=${state}`;

export const cancelPagePath = (id: number | string, token: string, refund?: Refund) =>
  `/?registration=cancel&id=${id}&token=${token}${refund ? `&refund=${refund}` : ""}`;

/** The notice a page address names, or null (an unknown state is the plain page). */
export function registrationNotice(params: URLSearchParams): RegistrationNotice | null {
  const state = params.get("registration");
  if (state === "cancel") {
    const [id, token] = [params.get("id") ?? "", params.get("token") ?? ""];
    // The link's own shapes: a row id and an HMAC-SHA256 in base64url (src/modules/bookings/service.ts).
    const refund = params.get("refund");
    if (!/^[1-9]\d{0,14}$/.test(id) || !/^[\w-]{43}$/.test(token)) return { state: "invalid" };
    return refund === "full" || refund === "none" ? { state, id, token, refund } : { state, id, token };
  }
  return state === "cancelled" || state === "invalid" ? { state } : null;
}
