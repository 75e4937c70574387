// The editor's ProseMirror schema: prosemirror-schema-basic's nodes and marks and prosemirror-schema-list's lists,
// restricted to the rich-text allowlist of src/shared/rich-text.ts (p, h1, h2, strong, em, ul, ol, li, a, br), which
// the server's sanitiser also applies; no attribute the sanitiser would drop is written.

import { isAllowedHref, LINK_REL, LINK_TARGET } from "@server/shared/rich-text.ts";
import { DOMSerializer, DOMParser as PMDOMParser, type Node as PMNode, Schema } from "prosemirror-model";
import { marks, nodes } from "prosemirror-schema-basic";
import { bulletList, listItem, orderedList } from "prosemirror-schema-list";

export const richTextSchema = new Schema({
  nodes: {
    doc: nodes.doc,
    paragraph: nodes.paragraph,
    // biome-ignore lint/style/noNonNullAssertion: prosemirror-schema-basic defines parseDOM for headings
    heading: { ...nodes.heading, parseDOM: nodes.heading.parseDOM!.filter((rule) => rule.tag === "h1" || rule.tag === "h2") },
    // A list starts at 1 on the page (no `start`): the editor shows it so.
    ordered_list: { ...orderedList, content: "list_item+", group: "block", toDOM: () => ["ol", 0] },
    bullet_list: { ...bulletList, content: "list_item+", group: "block" },
    list_item: { ...listItem, content: "paragraph block*" },
    text: nodes.text,
    hard_break: nodes.hard_break,
  },
  marks: {
    link: {
      ...marks.link,
      attrs: { href: { validate: "string" } },
      parseDOM: [
        {
          tag: "a[href]",
          getAttrs: (dom) => {
            const href = (dom as HTMLElement).getAttribute("href") ?? "";
            return isAllowedHref(href) ? { href: href.trim() } : false;
          },
        },
      ],
      toDOM: (mark) => ["a", { href: mark.attrs.href, target: LINK_TARGET, rel: LINK_REL }, 0],
    },
    strong: marks.strong,
    em: marks.em,
  },
});

/** Parses stored HTML into a document (anything outside the allowlist is dropped). */
export function htmlToDoc(html: string): PMNode {
  const container = document.createElement("div");
  container.innerHTML = html;
  return PMDOMParser.fromSchema(richTextSchema).parse(container);
}

/** Serialises a document to HTML; an empty document is the empty string. */
export function docToHtml(doc: PMNode): string {
  // biome-ignore lint/style/noNonNullAssertion: childCount === 1 was checked on this line
  if (doc.childCount === 1 && doc.firstChild!.isTextblock && doc.firstChild!.content.size === 0) return "";
  const container = document.createElement("div");
  container.appendChild(DOMSerializer.fromSchema(richTextSchema).serializeFragment(doc.content));
  return container.innerHTML;
}
