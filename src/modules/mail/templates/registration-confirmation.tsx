import type { Event } from "@db/schema.ts";
import { formatDateRange } from "@server/shared/dates.ts";
import { Button, Section, Text } from "react-email";
import { Field, MailLayout, type SiteInfo, styles } from "./layout.tsx";

/** The registrant's name and the event as it was when they registered. */
export type RegistrationConfirmationData = { name: string; event: Event };

/** To the registrant: what they registered for, a link back to the event, the event as an .ics attachment. */
export function RegistrationConfirmation({ site, data }: { site: SiteInfo; data: RegistrationConfirmationData }) {
  const { event } = data;
  const link = `${site.siteUrl}/?event=${event.id}`;
  return (
    <MailLayout site={site} preview={`You're registered for ${event.name}`} title={`You're registered for ${event.name}`}>
      <Text style={styles.text}>Dear {data.name}, thank you for registering. We look forward to seeing you.</Text>
      <Field label="Event" value={event.name} />
      <Field label="Date" value={formatDateRange(event.startDate, event.endDate)} />
      <Field label="Time" value={event.time} />
      <Field label="Place" value={event.location} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the site's rich text, sanitised on write against the shared allowlist */}
      <div style={styles.text} dangerouslySetInnerHTML={{ __html: event.description }} />
      <Section style={{ margin: "20px 0" }}>
        <Button href={link} style={styles.button}>
          See the event on the site
        </Button>
      </Section>
      <Text style={styles.label}>The attached calendar file adds the event to your calendar.</Text>
    </MailLayout>
  );
}
