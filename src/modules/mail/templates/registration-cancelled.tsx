import { Text } from "react-email";
import { MailLayout, type SiteInfo, styles } from "./layout.tsx";
import { EventFields, type Occasion } from "./registration-confirmation.tsx";

/** `eventCancelled`: the event itself is off ('Cancel this event', issue 38), with the teacher's message. */
export type RegistrationCancelledData = {
  name: string;
  event: Occasion;
  byAdmin: boolean;
  eventCancelled?: { reason: string | null };
  /** Issue 40: the credit it took is back on the pass. */
  creditBack?: boolean;
};

/** To the registrant: their registration is cancelled, by their own link or by the teacher, or the event is off. */
export function RegistrationCancelled({ site, data }: { site: SiteInfo; data: RegistrationCancelledData }) {
  const { event } = data;
  if (data.eventCancelled)
    return (
      <MailLayout site={site} preview={`${event.name} is cancelled`} title={`${event.name} is cancelled`}>
        <Text style={styles.text}>
          Dear {data.name}, we are sorry: {event.name} is cancelled and will not take place. Your registration is cancelled with it, and any payment
          you made for it is refunded in full.
        </Text>
        {data.eventCancelled.reason && <Text style={styles.quote}>{data.eventCancelled.reason}</Text>}
        {data.creditBack && <Text style={styles.text}>The credit it took is back on your pass.</Text>}
        <EventFields event={event} />
      </MailLayout>
    );
  return (
    <MailLayout site={site} preview={`Your registration for ${event.name} is cancelled`} title="Your registration is cancelled">
      <Text style={styles.text}>
        Dear {data.name},{" "}
        {data.byAdmin
          ? "your registration has been cancelled by the organiser. Reply to this mail if that is a surprise."
          : "your registration is cancelled, as you asked. Thank you for giving your place to someone else."}
      </Text>
      {data.creditBack && <Text style={styles.text}>The credit it took is back on your pass.</Text>}
      <EventFields event={event} />
    </MailLayout>
  );
}
