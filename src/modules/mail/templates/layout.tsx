import type { ReactNode } from "react";
import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from "react-email";

/** What every template knows about the site. */
export type SiteInfo = { siteName: string; siteUrl: string };

// The site's identity (web/theme/tokens.ts): cream paper, indigo headings, saffron accents.
const colors = { bg: "#fffdf8", fg: "#221f1a", muted: "#6b6459", heading: "#1a1f3d", accent: "#a3540f", border: "#e8e0d0" };
const serif = "Fraunces, Georgia, 'Times New Roman', serif";
const sans = "Inter, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

export const styles = {
  text: { color: colors.fg, fontFamily: sans, fontSize: "15px", lineHeight: "24px", margin: "0 0 12px" },
  label: { color: colors.muted, fontFamily: sans, fontSize: "13px", margin: "0" },
  quote: {
    color: colors.fg,
    fontFamily: sans,
    fontSize: "15px",
    lineHeight: "24px",
    whiteSpace: "pre-wrap",
    borderLeft: `3px solid ${colors.accent}`,
    paddingLeft: "12px",
  },
  link: { color: colors.accent },
  button: {
    backgroundColor: colors.accent,
    color: "#ffffff",
    fontFamily: sans,
    fontSize: "15px",
    padding: "10px 18px",
    borderRadius: "6px",
    textDecoration: "none",
  },
} as const;

export function MailLayout({ site, preview, title, children }: { site: SiteInfo; preview: string; title: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colors.bg, margin: "0", padding: "24px 0" }}>
        <Container style={{ maxWidth: "560px", padding: "0 20px" }}>
          <Text style={{ ...styles.label, textTransform: "uppercase", letterSpacing: "0.08em" }}>{site.siteName}</Text>
          <Heading as="h1" style={{ color: colors.heading, fontFamily: serif, fontSize: "24px", fontWeight: "600", margin: "8px 0 20px" }}>
            {title}
          </Heading>
          <Section>{children}</Section>
          <Hr style={{ borderColor: colors.border, margin: "28px 0 12px" }} />
          <Text style={styles.label}>
            <Link href={site.siteUrl} style={styles.link}>
              {site.siteUrl.replace(/^https?:\/\//, "")}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A labelled line ("Phone: 0400 000 000") as text, so that nothing a visitor typed becomes markup. */
export function Field({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <Text style={styles.text}>
      <strong>{label}:</strong> {value}
    </Text>
  );
}
