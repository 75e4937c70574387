import { formatDateRange } from "@server/shared/dates.ts";
import { Field, MailLayout, type SiteInfo } from "./layout.tsx";

export type RegistrationNoticeData = {
  event: { name: string; startDate: string; endDate: string | null; time: string };
  registration: { name: string; email: string; phone: string; additionalInfo: string | null };
};

/** To the teacher: someone registered for an event. */
export function RegistrationNotice({ site, data }: { site: SiteInfo; data: RegistrationNoticeData }) {
  const { event, registration } = data;
  return (
    <MailLayout site={site} preview={`${registration.name} registered for ${event.name}`} title="New event registration">
      <Field label="Event" value={`${event.name}, ${formatDateRange(event.startDate, event.endDate)}, ${event.time}`} />
      <Field label="Name" value={registration.name} />
      <Field label="Email" value={registration.email} />
      <Field label="Phone" value={registration.phone} />
      <Field label="Notes" value={registration.additionalInfo} />
    </MailLayout>
  );
}
