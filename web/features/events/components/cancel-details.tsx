// The cancel page once it has started (issue 38): whose place at which event on which day, what is refunded or why
// nothing, the waiting list only when there is one; a link whose place is cancelled already says when.

import { formatMoney } from "@server/shared/money.ts";
import { useQuery } from "@tanstack/react-query";
import { LandingNotice, type LandingNoticeProps } from "@web/components/ui/landing-notice.tsx";
import { call } from "@web/lib/api.ts";
import type { ReactElement } from "react";

type Details = Awaited<ReturnType<typeof getDetails>>;
const getDetails = (id: string, token: string) => call((api) => api.registrations.cancel.details.get({ query: { id: Number(id), token } }));

function refundText(refund: Details["refund"]): string {
  if (!refund) return "";
  const paid = formatMoney(refund.amount, refund.currency);
  if (refund.kind === "full") return `Your payment of ${paid} is refunded in full.`;
  if (refund.kind === "refunded") return `${paid} of your payment was refunded already.`;
  return `Your payment of ${paid} is not refunded: ${refund.because}.`;
}

type Props = { id: string; token: string; form: LandingNoticeProps["form"]; fallback: ReactElement };

export function CancelDetails({ id, token, form, fallback }: Props) {
  const details = useQuery({
    queryKey: ["/api/registrations/cancel/details", id, token],
    queryFn: () => getDetails(id, token),
    retry: false,
  }).data;
  if (!details) return fallback;
  if (details.cancelledOn)
    return (
      <LandingNotice
        id="registration-notice"
        type="info"
        title={`This place was cancelled on ${details.cancelledOn}`}
        text={`${details.name}'s place at ${details.event}, ${details.date}.`}
      />
    );
  const text = [refundText(details.refund), details.waitingList ? "Your place goes to the next person on the waiting list." : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <LandingNotice
      id="registration-notice"
      type="info"
      title={`Cancel ${details.name}'s place at ${details.event}, ${details.date}?`}
      text={text}
      form={form}
    />
  );
}
