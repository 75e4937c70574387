import type { Event } from "@db/schema.ts";
import { Text } from "react-email";
import { MailLayout, type SiteInfo, styles } from "./layout.tsx";
import { EventFields } from "./registration-confirmation.tsx";

export type RegistrationCancelledData = { name: string; event: Event; byAdmin: boolean };

/** To the registrant: their registration is cancelled, by their own link or by the teacher. */
export function RegistrationCancelled({ site, data }: { site: SiteInfo; data: RegistrationCancelledData }) {
  const { event } = data;
  return (
    <MailLayout site={site} preview={`Your registration for ${event.name} is cancelled`} title="Your registration is cancelled">
      <Text style={styles.text}>
        Dear {data.name},{" "}
        {data.byAdmin
          ? "your registration has been cancelled by the organiser. Reply to this mail if that is a surprise."
          : "your registration is cancelled, as you asked. Thank you for giving your place to someone else."}
      </Text>
      <EventFields event={event} />
    </MailLayout>
  );
}
