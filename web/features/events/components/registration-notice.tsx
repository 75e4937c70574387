// Where a registration's cancel link lands (issue 23): `/?registration=cancel&id&token` is the page with one button
// that gives the place back; `/?registration=cancelled|invalid` the outcome (web/components/ui/landing-notice.tsx).

import { registrationCancelPath, registrationNotice } from "@server/shared/registration-links.ts";
import { LandingNotice } from "@web/components/ui/landing-notice.tsx";
import { useSearchParams } from "react-router";

const NOTICES = {
  cancel: { title: "Cancel your registration?", text: "Your place goes to the next person on the waiting list.", type: "info" },
  cancelled: { title: "Your registration is cancelled", text: "Thank you for letting us know: your place goes to someone else.", type: "success" },
  invalid: { title: "This link is not valid", text: "It may be incomplete, or the registration no longer exists.", type: "error" },
} as const;

const REFUND_TEXT = { full: "Your payment is refunded in full.", none: "It is too close to the event: no refund." };

export function RegistrationNotice() {
  const [params] = useSearchParams();
  const notice = registrationNotice(params);
  if (!notice) return null;
  const form =
    notice.state === "cancel"
      ? { action: registrationCancelPath(notice.id, notice.token), field: "from", label: "Cancel my registration" }
      : undefined;
  // Issue 32: a paid place's page says before its button whether it is refunded.
  const refund = notice.state === "cancel" && notice.refund;
  const text = refund ? `${NOTICES.cancel.text} ${REFUND_TEXT[refund]}` : NOTICES[notice.state].text;
  return <LandingNotice id="registration-notice" {...NOTICES[notice.state]} text={text} form={form} />;
}
