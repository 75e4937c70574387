// The footer: mission line, the same quick links as the header, contact e-mail, newsletter and the legal dialogs.

import { css } from "@styled-system/css" with { type: "macro" };
import { EmailText } from "@web/components/ui/email-text.tsx";
import { Mail } from "lucide-react";
import type { MouseEvent, ReactNode } from "react";
import { NAV_SECTIONS } from "../sections.ts";
import { scrollToSection } from "../use-page-scroll.ts";
import { LotusMark } from "./lotus-mark.tsx";

const MISSION = "Guiding seekers on the path of Vedanta with clarity, simplicity and humour.";

/** `support`: the site takes gifts (issue 32), linked to the 'Support the association' section. */
type SiteFooterProps = { brand: string; email: string | null; newsletter: ReactNode; legal: ReactNode; support?: boolean };

const headingStyle = css({
  fontSize: "xs",
  fontWeight: "700",
  letterSpacing: "eyebrow",
  textTransform: "uppercase",
  color: "accent.bright",
  mb: "4",
});
const linkStyle = css({
  color: "fg.onDeepMuted",
  _hover: { color: "fg.onDeep", textDecoration: "underline" },
  borderRadius: "control",
  _focusVisible: { outlineColor: "accent.bright!" },
});

export function SiteFooter({ brand, email, newsletter, legal, support }: SiteFooterProps) {
  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    event.preventDefault();
    scrollToSection(id);
  };
  return (
    <footer className={css({ bg: "bg.deep", color: "fg.onDeep", pt: { base: "14", md: "20" }, pb: "8", position: "relative", overflow: "hidden" })}>
      <div
        aria-hidden
        className={css({
          position: "absolute",
          top: "-40%",
          right: "-10%",
          w: "640px",
          h: "640px",
          borderRadius: "full",
          bg: "radial-gradient(circle, rgba(245,182,107,0.18), transparent 65%)",
          pointerEvents: "none",
        })}
      />
      <div className={css({ position: "relative", maxW: "content", mx: "auto", px: "gutter" })}>
        <div className={css({ display: "grid", gap: { base: "10", md: "12" }, gridTemplateColumns: { base: "1fr", md: "1.3fr 0.8fr 1.3fr" } })}>
          <div>
            <div className={css({ display: "flex", alignItems: "center", gap: "3", mb: "4" })}>
              <span className={css({ bg: "cream.50", borderRadius: "full", p: "1.5", display: "grid" })}>
                <LotusMark size={34} />
              </span>
              <span className={css({ fontFamily: "display", fontSize: "xl", fontWeight: "600" })}>{brand}</span>
            </div>
            <p
              className={css({
                color: "fg.onDeepMuted",
                maxW: "22rem",
                fontFamily: "display",
                fontSize: "lg",
                fontStyle: "italic",
                lineHeight: "1.5",
              })}
            >
              {MISSION}
            </p>
            {email && (
              <a
                href={`mailto:${email}`}
                className={css({
                  mt: "5",
                  display: "inline-flex",
                  alignItems: "center",
                  gap: "2",
                  color: "fg.onDeep",
                  _hover: { textDecoration: "underline" },
                  overflowWrap: "anywhere",
                })}
              >
                <Mail size={18} aria-hidden /> <EmailText email={email} />
              </a>
            )}
          </div>
          <nav aria-label="Quick links">
            <h2 className={headingStyle}>Quick Links</h2>
            <ul className={css({ display: "grid", gap: "2.5" })}>
              {[...NAV_SECTIONS, ...(support ? [{ id: "support", label: "Support the association" }] : [])].map(({ id, label }) => (
                <li key={id}>
                  <a href={`#${id}`} className={linkStyle} onClick={(event) => go(event, id)}>
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2 className={headingStyle}>Newsletter</h2>
            <p className={css({ color: "fg.onDeepMuted", mb: "4", fontSize: "sm" })}>
              News of retreats, courses and celebrations, a few times a year.
            </p>
            {newsletter}
          </div>
        </div>
        <div
          className={css({
            mt: { base: "12", md: "16" },
            pt: "6",
            borderTopWidth: "1px",
            borderColor: "rgba(194,203,232,0.2)",
            display: "flex",
            flexDirection: { base: "column", md: "row" },
            gap: "4",
            justifyContent: "space-between",
            alignItems: { base: "flex-start", md: "center" },
            fontSize: "sm",
            color: "fg.onDeepMuted",
          })}
        >
          <p>© {new Date().getFullYear()} Vedanta and Yoga Association of Melbourne</p>
          <div className={css({ display: "flex", gap: "5" })}>{legal}</div>
        </div>
      </div>
    </footer>
  );
}
