// Renders HTML the server has already sanitised on write (DESIGN.md, Rich text), with the site's prose styles.

import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";

const proseStyle = css({
  color: "inherit",
  // A long link or address wraps rather than widening its column past a phone's screen (the reset gives paragraphs and
  // headings `break-word`, which still counts the whole word in the column's width).
  "&, & p, & h1, & h2": { overflowWrap: "anywhere" },
  "& p": { mb: "3", _last: { mb: "0" } },
  "& h1, & h2": { fontFamily: "display", color: "heading", fontWeight: "600", mt: "5", mb: "2", lineHeight: "1.25" },
  "& h1": { fontSize: "xl" },
  "& h2": { fontSize: "lg" },
  "& ul, & ol": { pl: "5", mb: "3" },
  "& ul": { listStyle: "disc" },
  "& ol": { listStyle: "decimal" },
  "& li": { mb: "1" },
  "& strong": { fontWeight: "650" },
  "& a": { color: "accent.strong", textDecoration: "underline", textUnderlineOffset: "2px", _hover: { color: "accent" } },
});

type RichTextProps = { html: string; className?: string; as?: "div" | "span" };

export function RichText({ html, className, as: Tag = "div" }: RichTextProps) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: rich text comes sanitised from the server (sanitizeRichText on every write)
  return <Tag className={cx(proseStyle, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
