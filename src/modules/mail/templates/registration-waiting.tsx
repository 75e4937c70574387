import { Text } from "react-email";
import { MailLayout, type SiteInfo, styles } from "./layout.tsx";
import { CancelLink, EventFields, type Occasion } from "./registration-confirmation.tsx";

export type RegistrationWaitingData = { name: string; event: Occasion; position: number; cancelUrl: string };

/** To a registrant of a full event: their position on the waiting list, which moves up by itself (issue 23). */
export function RegistrationWaiting({ site, data }: { site: SiteInfo; data: RegistrationWaitingData }) {
  const { event } = data;
  const title = `You're on the waiting list for ${event.name}`;
  return (
    <MailLayout site={site} preview={title} title={title}>
      <Text style={styles.text}>
        Dear {data.name}, every place is taken for now. You are number {data.position} on the waiting list: when a place comes free, it goes to the
        first on the list, and we will write to you at once.
      </Text>
      <EventFields event={event} />
      <CancelLink url={data.cancelUrl} />
    </MailLayout>
  );
}
