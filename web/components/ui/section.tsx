// A page section with its anchor, eyebrow, heading and intro, on the site's content width.

import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import type { ReactNode } from "react";

type SectionProps = {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  tone?: "plain" | "muted" | "warm";
  children: ReactNode;
  className?: string;
};

const tones = { plain: css({ bg: "bg" }), muted: css({ bg: "bg.muted" }), warm: css({ bg: "bg.warm" }) };

const containerStyle = css({ w: "full", maxW: "content", mx: "auto", px: "gutter" });

/** The cards of events, classes and the archive: one column on a phone, two on a tablet, three from 1024 px. */
export const cardGridStyle = css({
  display: "grid",
  gap: { base: "5", md: "6" },
  gridTemplateColumns: { base: "1fr", md: "repeat(2, 1fr)", lg: "repeat(3, 1fr)" },
});
/** The width of a card's photo in `cardGridStyle` (a third of the 76rem content width at most). */
export const CARD_IMAGE_SIZES = "(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw";

export function Section({ id, eyebrow, title, intro, tone = "plain", children, className }: SectionProps) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={cx(tones[tone], css({ py: "section", scrollMarginTop: "80px" }), className)}>
      <div className={containerStyle}>
        <header className={css({ maxW: "prose", mb: { base: "8", md: "12" } })}>
          {eyebrow && (
            <p className={css({ fontSize: "xs", fontWeight: "700", letterSpacing: "eyebrow", textTransform: "uppercase", color: "accent", mb: "3" })}>
              {eyebrow}
            </p>
          )}
          <h2 id={headingId} className={css({ fontSize: "display.md", color: "heading", fontWeight: "500", letterSpacing: "-0.01em" })}>
            {title}
          </h2>
          {intro && <div className={css({ mt: "4", color: "fg.muted", fontSize: { base: "md", md: "lg" } })}>{intro}</div>}
        </header>
        {children}
      </div>
    </section>
  );
}
