// The rich-text allowlist (DESIGN.md): the editor's ProseMirror schema and the server's sanitiser both follow it; and
// the one reading of rich text as plain text.

export const RICH_TEXT_TAGS = ["p", "h1", "h2", "strong", "em", "ul", "ol", "li", "a", "br"] as const;

/** Link schemes allowed in rich text (spec §5). */
export const LINK_SCHEMES = ["http", "https", "ftp", "ftps", "mailto", "tel", "callto", "sms", "cid", "xmpp"] as const;

export const LINK_TARGET = "_blank";
export const LINK_REL = "noopener noreferrer nofollow";

/** Whether a link href uses one of the allowed schemes (relative links are not allowed). */
export function isAllowedHref(href: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href.trim())?.[1];
  return !!scheme && (LINK_SCHEMES as readonly string[]).includes(scheme.toLowerCase());
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** Decodes named (the common ones) and numeric character references; others are left as they are. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * The visible text of rich text: tags dropped, entities decoded, each paragraph, heading, list item and line break a
 * new line. One line with whitespace collapsed (lengths, search, descriptions), or with `lines` the lines kept and
 * list items bulleted (calendar descriptions).
 */
export function htmlToText(html: string, { lines = false } = {}): string {
  const text = decodeEntities(
    html
      .replace(/<br\s*\/?>|<\/(?:p|h[1-6]|li|ul|ol|div)>/gi, "\n")
      .replace(/<li\b[^>]*>/gi, lines ? "• " : "")
      .replace(/<[^>]*>/g, ""),
  );
  if (!lines) return text.replace(/\s+/g, " ").trim();
  return text
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
