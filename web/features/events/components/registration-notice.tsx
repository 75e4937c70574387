// Where a registration's cancel link lands (issue 23): `/?registration=cancel&id&token` is the page with one button
// that gives the place back, and 'Keep my place' beside it; `/?registration=cancelled|invalid` the outcome
// (web/components/ui/landing-notice.tsx). Issue 38: once the page has started, a chunk of its own names what it cancels
// (./cancel-details.tsx).

import { registrationCancelPath, registrationNotice } from "@server/shared/registration-links.ts";
import { LandingNotice } from "@web/components/ui/landing-notice.tsx";
import { useLoaded } from "@web/lib/lazy.ts";
import { createElement } from "react";
import { useSearchParams } from "react-router";

const NOTICES = {
  cancel: { title: "Cancel your registration?", text: "", type: "info" },
  cancelled: { title: "Your registration is cancelled", text: "Thank you for letting us know.", type: "success" },
  invalid: { title: "This link is not valid", text: "It may be incomplete, or the registration no longer exists.", type: "error" },
} as const;

/** Before the page has started (or without script): what the address says. */
const REFUND_TEXT = { full: "Your payment is refunded in full.", none: "It is too close to the event: no refund." };

const loadDetails = () => import("./cancel-details.tsx").then((module) => module.CancelDetails);

export function RegistrationNotice() {
  const [params] = useSearchParams();
  const notice = registrationNotice(params);
  const Details = useLoaded(loadDetails, notice?.state === "cancel");
  if (!notice) return null;
  if (notice.state !== "cancel") return <LandingNotice id="registration-notice" {...NOTICES[notice.state]} />;
  const form = { action: registrationCancelPath(notice.id, notice.token), field: "from", label: "Cancel my place", keep: "Keep my place" };
  const generic = <LandingNotice id="registration-notice" {...NOTICES.cancel} text={notice.refund ? REFUND_TEXT[notice.refund] : ""} form={form} />;
  return Details ? createElement(Details, { id: notice.id, token: notice.token, form, fallback: generic }) : generic;
}
