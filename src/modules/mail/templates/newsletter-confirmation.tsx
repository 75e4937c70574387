import { Button, Section, Text } from "react-email";
import { MailLayout, type SiteInfo, styles } from "./layout.tsx";

/** Double opt-in: the address receives nothing else until this link is followed. */
export function NewsletterConfirmation({ site, confirmUrl }: { site: SiteInfo; confirmUrl: string }) {
  return (
    <MailLayout site={site} preview="One click to confirm your subscription" title="Please confirm your subscription">
      <Text style={styles.text}>
        Someone, hopefully you, asked to receive the {site.siteName} newsletter at this address. Confirm it with the button below.
      </Text>
      <Section style={{ margin: "20px 0" }}>
        <Button href={confirmUrl} style={styles.button}>
          Confirm my subscription
        </Button>
      </Section>
      <Text style={styles.label}>If you did not ask for it, ignore this mail: you will not hear from us again.</Text>
    </MailLayout>
  );
}
