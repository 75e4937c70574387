import { Section, Text } from "react-email";
import { MailLayout, type SiteInfo, styles } from "./layout.tsx";
import { CancelLink, EventFields, type Occasion } from "./registration-confirmation.tsx";

export type RegistrantsMessageData = { name: string; event: Occasion; body: string; cancelUrl: string };

/** The admin's 'Mail registrants': a message about one event (a room change, say) to each confirmed registrant. */
export function RegistrantsMessage({ site, subject, data }: { site: SiteInfo; subject: string; data: RegistrantsMessageData }) {
  return (
    <MailLayout site={site} preview={subject} title={subject}>
      <Text style={styles.text}>Dear {data.name},</Text>
      <Section>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeRichText before it was queued */}
        <div style={styles.text} dangerouslySetInnerHTML={{ __html: data.body }} />
      </Section>
      <EventFields event={data.event} />
      <CancelLink url={data.cancelUrl} />
    </MailLayout>
  );
}
