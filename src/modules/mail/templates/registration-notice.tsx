import { formatDateRange } from "@server/shared/dates.ts";
import { formatMoney } from "@server/shared/money.ts";
import { Field, MailLayout, type SiteInfo } from "./layout.tsx";

export type RegistrationNoticeData = {
  event: { name: string; startDate: string; endDate: string | null; time: string };
  /** Issue 38: `ticket` and `amountDue` (cents, in `currency`) name what the place costs (rows queued before have none). */
  registration: {
    name: string;
    email: string;
    phone: string;
    additionalInfo: string | null;
    ticket?: "full" | "concession" | "donation" | "credit" | null;
    amountDue?: number | null;
  };
  /** Issue 23: what happened (rows queued before it are registrations). */
  action?: "registered" | "waiting" | "cancelled";
  currency?: string;
};

const TICKETS = { full: "Full price", concession: "Concession", donation: "By donation", credit: "A credit of a pass" };

const titles = { registered: "New event registration", waiting: "New on the waiting list", cancelled: "A registration was cancelled" };

/** To the teacher: someone registered for an event, joined its waiting list, or cancelled. */
export function RegistrationNotice({ site, data }: { site: SiteInfo; data: RegistrationNoticeData }) {
  const { event, registration } = data;
  const action = data.action ?? "registered";
  return (
    <MailLayout site={site} preview={`${registration.name}: ${titles[action]}, ${event.name}`} title={titles[action]}>
      <Field label="Event" value={`${event.name}, ${formatDateRange(event.startDate, event.endDate)}, ${event.time}`} />
      <Field label="Name" value={registration.name} />
      <Field label="Email" value={registration.email} />
      <Field label="Phone" value={registration.phone} />
      {data.currency && (
        <Field
          label="Ticket"
          value={
            registration.ticket === "credit"
              ? TICKETS.credit
              : registration.ticket
                ? `${TICKETS[registration.ticket]}: ${formatMoney(registration.amountDue ?? 0, data.currency)}`
                : "Free"
          }
        />
      )}
      <Field label="Notes" value={registration.additionalInfo} />
    </MailLayout>
  );
}
