// Where the newsletter's links land (issue 15): the site's page with a notice at its top, `/?newsletter=<state>`. The
// unsubscribe link's page carries the link's id and token, for its one button to post back to the link.

type Outcome = "confirmed" | "invalid" | "unsubscribed";
export type NewsletterNotice = { state: Outcome } | { state: "unsubscribe"; id: string; token: string };

export const newsletterPath = (state: Outcome) => `/?newsletter=${state}`;

export const unsubscribePagePath = (id: number | string, token: string) => `/?newsletter=unsubscribe&id=${id}&token=${token}`;

/** What the page's button posts to: the unsubscribe link itself, with this field that says it comes from the page. */
export const unsubscribeAction = (id: string, token: string) => `/api/newsletter/unsubscribe?id=${id}&token=${token}`;
export const SITE_FORM_FIELD = "from";

/** The notice a page address names, or null (an unknown state is the plain page). */
export function newsletterNotice(params: URLSearchParams): NewsletterNotice | null {
  const state = params.get("newsletter");
  if (state === "unsubscribe") {
    const [id, token] = [params.get("id") ?? "", params.get("token") ?? ""];
    // The links' own shapes: a row id and an HMAC-SHA256 in base64url (src/modules/subscribers/service.ts).
    return /^[1-9]\d{0,14}$/.test(id) && /^[\w-]{43}$/.test(token) ? { state, id, token } : { state: "invalid" };
  }
  return state === "confirmed" || state === "invalid" || state === "unsubscribed" ? { state } : null;
}
