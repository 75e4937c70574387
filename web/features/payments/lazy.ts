// Issue 32 adds almost nothing to `/`'s first script (its budget, scripts/budgets.ts): the 'Support the association'
// block and Checkout's return notices are each a chunk of their own, loaded once the page has started. The block is
// far below the fold; a notice is asked for only by an address that names one (?payment=…, ?gift=…). The server and
// the hydrating browser both render nothing for them, so the markup always matches.
import { useLoaded } from "@web/lib/lazy.ts";
import { type ComponentProps, createElement } from "react";
import { useSearchParams } from "react-router";

const loadSupport = () => import("./support-section.tsx").then((module) => module.SupportSection);
const loadNotice = () => import("./payment-notice.tsx").then((module) => module.PaymentNotice);

export function SupportSection(props: ComponentProps<Awaited<ReturnType<typeof loadSupport>>>) {
  const Section = useLoaded(loadSupport, true);
  return Section && createElement(Section, props);
}

export function PaymentNotice() {
  const [params] = useSearchParams();
  const Notice = useLoaded(loadNotice, params.has("payment") || params.has("gift"));
  return Notice && createElement(Notice);
}
