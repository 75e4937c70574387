// The rich-text allowlist (DESIGN.md): the editor's ProseMirror schema and the server's sanitiser both follow it.

export const RICH_TEXT_TAGS = ["p", "h1", "h2", "strong", "em", "ul", "ol", "li", "a", "br"] as const;

/** Link schemes allowed in rich text (spec §5). */
export const LINK_SCHEMES = ["http", "https", "ftp", "ftps", "mailto", "tel", "callto", "sms", "cid", "xmpp"] as const;

export const LINK_TARGET = "_blank";
export const LINK_REL = "noopener noreferrer nofollow";

/** Whether a link href uses one of the allowed schemes (relative links are not allowed). */
export function isAllowedHref(href: string): boolean {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(href.trim());
  return !!match && (LINK_SCHEMES as readonly string[]).includes(match[1]!.toLowerCase());
}
