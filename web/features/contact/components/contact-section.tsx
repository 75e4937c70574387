// 'Get in Touch' (anchor "contact"): address, e-mail, phone and social links, and the contact form (contact-form.tsx).

import { css } from "@styled-system/css" with { type: "macro" };
import { EmailText } from "@web/components/ui/email-text.tsx";
import { Section } from "@web/components/ui/section.tsx";
import { Mail, MapPin, Phone } from "lucide-react";
import { ContactForm } from "./contact-form.tsx";

const FACEBOOK_URL = "https://www.facebook.com/vedantayogamelbourne";

type ContactSectionProps = { address: string | null; email: string | null; phone: string | null; channelUrl: string };

const FacebookGlyph = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden>
    <circle cx="12" cy="12" r="10" fill="currentColor" />
    <path d="M13.2 19v-6h2l.3-2.4h-2.3V9.2c0-.7.2-1.2 1.2-1.2h1.2V5.9c-.2 0-1-.1-1.8-.1-1.8 0-3 1.1-3 3.1v1.7h-2V13h2v6h2.4Z" fill="#1a1f3d" />
  </svg>
);
const YouTubeGlyph = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden>
    <rect x="2" y="5" width="20" height="14" rx="4" fill="currentColor" />
    <path d="M10 9v6l5-3-5-3Z" fill="#1a1f3d" />
  </svg>
);

const infoRow = css({ display: "flex", gap: "4", alignItems: "flex-start" });
const infoIcon = css({
  display: "grid",
  placeItems: "center",
  w: "11",
  h: "11",
  borderRadius: "full",
  bg: "rgba(255,255,255,0.1)",
  color: "accent.bright",
  flexShrink: 0,
});
const infoLabel = css({ fontSize: "xs", letterSpacing: "eyebrow", textTransform: "uppercase", color: "fg.onDeepMuted", mb: "0.5" });
const socialLink = css({
  display: "inline-flex",
  alignItems: "center",
  gap: "2",
  px: "4",
  h: "10",
  borderRadius: "pill",
  bg: "rgba(255,255,255,0.1)",
  color: "fg.onDeep",
  fontSize: "sm",
  fontWeight: "600",
  _hover: { bg: "rgba(255,255,255,0.2)" },
  _focusVisible: { outlineColor: "accent.bright!" },
});

export function ContactSection({ address, email, phone, channelUrl }: ContactSectionProps) {
  return (
    <Section
      id="contact"
      eyebrow="Contact"
      title="Get in Touch"
      intro="Questions about classes, retreats or the teaching? Write to us; we are happy to help."
    >
      <div className={css({ display: "grid", gap: { base: "6", lg: "8" }, gridTemplateColumns: { base: "1fr", lg: "0.85fr 1.15fr" } })}>
        <div
          className={css({
            bg: "bg.deep",
            color: "fg.onDeep",
            borderRadius: "card",
            p: { base: "6", md: "10" },
            display: "flex",
            flexDirection: "column",
            gap: "6",
            position: "relative",
            overflow: "hidden",
          })}
        >
          <div
            aria-hidden
            className={css({
              position: "absolute",
              bottom: "-120px",
              right: "-120px",
              w: "320px",
              h: "320px",
              borderRadius: "full",
              bg: "radial-gradient(circle, rgba(245,182,107,0.35), transparent 70%)",
            })}
          />
          <h3 className={css({ fontSize: "2xl", fontWeight: "500" })}>Visit, call or write</h3>
          <ul className={css({ display: "grid", gap: "5", position: "relative" })}>
            <li className={infoRow}>
              <span className={infoIcon}>
                <MapPin size={20} aria-hidden />
              </span>
              <div>
                <p className={infoLabel}>Address</p>
                <p data-testid="contact-address">{address || "Melbourne, Victoria, Australia"}</p>
              </div>
            </li>
            {email && (
              <li className={infoRow}>
                <span className={infoIcon}>
                  <Mail size={20} aria-hidden />
                </span>
                <div>
                  <p className={infoLabel}>Email</p>
                  <a href={`mailto:${email}`} className={css({ overflowWrap: "anywhere", _hover: { textDecoration: "underline" } })}>
                    <EmailText email={email} />
                  </a>
                </div>
              </li>
            )}
            {phone && (
              <li className={infoRow}>
                <span className={infoIcon}>
                  <Phone size={20} aria-hidden />
                </span>
                <div>
                  <p className={infoLabel}>Phone</p>
                  <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className={css({ _hover: { textDecoration: "underline" } })}>
                    {phone}
                  </a>
                </div>
              </li>
            )}
          </ul>
          <div className={css({ mt: "auto", pt: "4", display: "flex", gap: "3", flexWrap: "wrap", position: "relative" })}>
            <a href={FACEBOOK_URL} target="_blank" rel="noopener noreferrer" className={socialLink}>
              <FacebookGlyph /> Facebook
            </a>
            <a href={channelUrl} target="_blank" rel="noopener noreferrer" className={socialLink}>
              <YouTubeGlyph /> YouTube
            </a>
          </div>
        </div>

        <ContactForm />
      </div>
    </Section>
  );
}
