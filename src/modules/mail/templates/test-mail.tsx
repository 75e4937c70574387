import { Text } from "react-email";
import { MailLayout, type SiteInfo, styles } from "./layout.tsx";

/** 'Send a test mail' from the admin's Mail card. */
export function TestMail({ site }: { site: SiteInfo }) {
  return (
    <MailLayout site={site} preview="Mail from the site works" title="Mail works">
      <Text style={styles.text}>This test was sent from the admin area. The site can send its notices, confirmations and newsletters.</Text>
    </MailLayout>
  );
}
