// Where the newsletter's links land (issue 15): `/?newsletter=<state>` shows the outcome at the top of the page, and
// the unsubscribe link's page its one button (web/components/ui/landing-notice.tsx).

import { newsletterNotice, SITE_FORM_FIELD, unsubscribeAction } from "@server/shared/newsletter-links.ts";
import { LandingNotice } from "@web/components/ui/landing-notice.tsx";
import { useSearchParams } from "react-router";

const NOTICES = {
  confirmed: { title: "Subscription confirmed", text: "Thank you! You will receive our newsletter at this address.", type: "success" },
  invalid: { title: "This link is not valid", text: "It may be incomplete, or it belongs to an earlier subscription.", type: "error" },
  unsubscribe: { title: "Unsubscribe from the newsletter", text: "", type: "info" },
  unsubscribed: { title: "You are unsubscribed", text: "You will not receive our newsletter any more.", type: "success" },
} as const;

export function NewsletterNotice() {
  const [params] = useSearchParams();
  const notice = newsletterNotice(params);
  if (!notice) return null;
  const form =
    notice.state === "unsubscribe" ? { action: unsubscribeAction(notice.id, notice.token), field: SITE_FORM_FIELD, label: "Unsubscribe" } : undefined;
  return <LandingNotice id="newsletter-notice" {...NOTICES[notice.state]} form={form} />;
}
