import { Link, Section, Text } from "@react-email/components";
import { MailLayout, type SiteInfo, styles } from "./layout.tsx";

/**
 * One newsletter to one reader: the body is the admin's rich text, sanitised when it was stored. `subscriber` is null
 * for the copy the admin sends to themself.
 */
export type NewsletterData = {
  newsletterId: number | null;
  body: string;
  subscriber: { id: number; email: string; unsubscribeUrl: string } | null;
};

export function Newsletter({ site, subject, data }: { site: SiteInfo; subject: string; data: NewsletterData }) {
  return (
    <MailLayout site={site} preview={subject} title={subject}>
      <Section>
        {/* Sanitised by sanitizeRichText before it was queued. */}
        <div style={styles.text} dangerouslySetInnerHTML={{ __html: data.body }} />
      </Section>
      <Text style={styles.label}>
        {data.subscriber ? (
          <>
            You receive this mail because you subscribed to the {site.siteName} newsletter.{" "}
            <Link href={data.subscriber.unsubscribeUrl} style={styles.link}>
              Unsubscribe
            </Link>
          </>
        ) : (
          "A test copy: readers find an unsubscribe link here."
        )}
      </Text>
    </MailLayout>
  );
}
