import { Link, Section, Text } from "react-email";
import { MailLayout, type SiteInfo, styles } from "./layout.tsx";

export type NewsletterReader = { id: number; email: string; unsubscribeUrl: string };

/**
 * One newsletter to one reader: the body is the admin's rich text, sanitised when it was stored. `reader` is null for
 * the copy the admin sends to themself.
 */
export function Newsletter({ site, subject, body, reader }: { site: SiteInfo; subject: string; body: string; reader: NewsletterReader | null }) {
  return (
    <MailLayout site={site} preview={subject} title={subject}>
      <Section>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeRichText before it was queued */}
        <div style={styles.text} dangerouslySetInnerHTML={{ __html: body }} />
      </Section>
      <Text style={styles.label}>
        {reader ? (
          <>
            You receive this mail because you subscribed to the {site.siteName} newsletter.{" "}
            <Link href={reader.unsubscribeUrl} style={styles.link}>
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
