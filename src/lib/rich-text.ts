import type sanitizeHtml from "sanitize-html";
import { isAllowedHref, LINK_REL, LINK_SCHEMES, LINK_TARGET, RICH_TEXT_TAGS } from "../shared/rich-text.ts";

const options: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: [...LINK_SCHEMES],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "iframe", "template", "xmp", "noembed", "noframes"],
  transformTags: {
    a: (_tagName, attribs) => {
      const allowed: sanitizeHtml.Attributes =
        attribs.href && isAllowedHref(attribs.href) ? { href: attribs.href.trim(), target: LINK_TARGET, rel: LINK_REL } : {};
      return { tagName: "a", attribs: allowed };
    },
  },
};

// sanitize-html (with its parser and postcss) is loaded on the first write, not at start: about 12 MB and 20 ms.
let sanitizer: typeof sanitizeHtml | undefined;

/** Sanitises an HTML field to the rich-text allowlist; links open in a new tab with a safe rel. */
export function sanitizeRichText(html: string): string {
  sanitizer ??= require("sanitize-html") as typeof sanitizeHtml;
  // A link whose href was refused keeps its text and loses the tag (anchors cannot nest, so the next </a> is its own).
  return sanitizer(html, options)
    .replace(/<a>([\s\S]*?)<\/a>/g, "$1")
    .trim();
}
