// Where Stripe's Checkout sends the visitor back (issue 32), and where a monthly gift's stop link lands: a notice at
// the top of the page, rendered by the server with it. Only the webhook marks a payment paid: 'success' says what the
// visitor did, and the receipt follows by mail.

import { css } from "@styled-system/css" with { type: "macro" };
import { LandingNotice, type LandingNoticeProps } from "@web/components/ui/landing-notice.tsx";
import { useSearchParams } from "react-router";

/** The pay link of a held place, as the server wrote it: a path of this site, never a link elsewhere. */
const PAY_PATH = /^\/api\/payments\/pay\?id=\d+&token=[\w-]+$/;

function paymentNotice(params: URLSearchParams): Omit<LandingNoticeProps, "id"> | null {
  const event = params.get("event");
  const gift = params.has("gift");
  switch (params.get("payment")) {
    case "success":
      return gift || !event
        ? { type: "success", title: "Thank you for your gift", text: "Your receipt is on its way by e-mail." }
        : { type: "success", title: `Payment received: you're registered for ${event}`, text: "Your receipt is on its way by e-mail." };
    case "cancelled": {
      const pay = params.get("pay") ?? "";
      if (gift || !event || !PAY_PATH.test(pay)) return { type: "info", title: "No payment was made", text: "Nothing was charged." };
      const until = params.get("until") ?? "";
      return {
        type: "info",
        title: "Your place is held",
        text: (
          <>
            No payment was made. Your place for {event} is held until {until}.{" "}
            <a href={pay} className={css({ fontWeight: "600", textDecoration: "underline" })}>
              Pay now
            </a>
          </>
        ),
      };
    }
    case "expired":
      return { type: "error", title: "This place is no longer held", text: "Its hold has ended. You are welcome to register again." };
  }
  switch (params.get("gift")) {
    case "stop": {
      const [id, token] = [params.get("id") ?? "", params.get("token") ?? ""];
      if (!/^\d{1,15}$/.test(id) || !/^[\w-]{43}$/.test(token)) break;
      return {
        type: "info",
        title: "Stop your monthly gift?",
        text: "Nothing more will be taken after this. Thank you for all you have given.",
        form: { action: `/api/donations/stop?id=${id}&token=${token}`, field: "from", label: "Stop my monthly gift" },
      };
    }
    case "stopped":
      return { type: "success", title: "Your monthly gift is stopped", text: "Thank you for your generosity." };
    case "invalid":
      return { type: "error", title: "This link is not valid", text: "It may be incomplete, or the gift is already stopped." };
  }
  return null;
}

export function PaymentNotice() {
  const [params] = useSearchParams();
  const notice = paymentNotice(params);
  return notice && <LandingNotice id="payment-notice" {...notice} />;
}
