// Where Stripe's Checkout sends the visitor back (issue 32), and where a monthly gift's stop link lands: a notice at
// the top of the page. Only the webhook marks a payment paid: 'success' says what the visitor did, and the receipt
// follows by mail. The address names the event by its id, and the hold's end as a moment: the notice shows the
// event's name as the site has it and the moment in the site's time zone, never a text from the address (issue 37 item 9).

import { formatWeekdayDate } from "@server/shared/dates.ts";
import { formatMoment } from "@server/shared/moments.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { useQuery } from "@tanstack/react-query";
import { LandingNotice, type LandingNoticeProps } from "@web/components/ui/landing-notice.tsx";
import { call } from "@web/lib/api.ts";
import { classesQueryOptions } from "@web/lib/queries/classes.ts";
import { useProfile } from "@web/lib/queries/profile.ts";
import { useSearchParams } from "react-router";

/** The pay link of a held place, as the server wrote it: a path of this site, never a link elsewhere. */
const PAY_PATH = /^\/api\/payments\/pay\?id=\d+&token=[\w-]+$/;
/** An id, a date and a moment, as the server wrote them. */
const EVENT_ID = /^\d{1,15}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

/**
 * What the address names by its id: an event (`event=`), or a class date (`class=` and `date=`, issue 39): its name as
 * the site has it, the class's with its date (null while unknown, or when it is none).
 */
function usePlaceName(params: URLSearchParams) {
  const [eventId, classId] = ["event", "class"].map((key) => {
    const id = params.get(key);
    return id && EVENT_ID.test(id) ? Number(id) : null;
  });
  const date = params.get("date") ?? "";
  const event = useQuery({
    queryKey: ["/api/events", eventId],
    queryFn: () => call((api) => api.events({ id: eventId ?? 0 }).get()).then((answer) => answer.event),
    enabled: eventId !== null,
  });
  const classes = useQuery({ ...classesQueryOptions(), enabled: classId !== null });
  const entry = classes.data?.find((item) => item.id === classId);
  if (entry) return DATE.test(date) ? `${entry.name}, ${formatWeekdayDate(date)}` : entry.name;
  return event.data?.name ?? null;
}

function paymentNotice(params: URLSearchParams, event: string | null, timezone: string): Omit<LandingNoticeProps, "id"> | null {
  const gift = params.has("gift");
  switch (params.get("payment")) {
    case "success":
      return gift
        ? { type: "success", title: "Thank you for your gift", text: "Your receipt is on its way by e-mail." }
        : {
            type: "success",
            title: event ? `Payment received: you're registered for ${event}` : "Payment received: you're registered",
            text: "Your receipt is on its way by e-mail.",
          };
    case "cancelled": {
      const pay = params.get("pay") ?? "";
      if (gift || !PAY_PATH.test(pay)) return { type: "info", title: "No payment was made", text: "Nothing was charged." };
      const moment = params.get("until") ?? "";
      const until = MOMENT.test(moment) && timezone ? ` until ${formatMoment(moment, timezone)}` : "";
      return {
        type: "info",
        title: "Your place is held",
        text: (
          <>
            No payment was made. Your place{event ? ` for ${event}` : ""} is held{until}.{" "}
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
  const event = usePlaceName(params);
  const timezone = useProfile().data?.timezone ?? "";
  const notice = paymentNotice(params, event, timezone);
  return notice && <LandingNotice id="payment-notice" {...notice} />;
}
