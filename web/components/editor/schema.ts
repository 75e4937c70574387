// The editor's ProseMirror schema: exactly the rich-text allowlist of src/shared/rich-text.ts
// (p, h1, h2, strong, em, ul, ol, li, a, br), which the server's sanitiser also applies.
import { DOMParser as PMDOMParser, DOMSerializer, Schema, type Node as PMNode } from "prosemirror-model";
import { isAllowedHref, LINK_REL, LINK_TARGET } from "../../../src/shared/rich-text.ts";

export const richTextSchema = new Schema({
  nodes: {
    doc: { content: "block+" },
    paragraph: { group: "block", content: "inline*", parseDOM: [{ tag: "p" }], toDOM: () => ["p", 0] },
    heading: {
      group: "block",
      content: "inline*",
      attrs: { level: { default: 1 } },
      defining: true,
      parseDOM: [
        { tag: "h1", attrs: { level: 1 } },
        { tag: "h2", attrs: { level: 2 } },
      ],
      toDOM: (node) => [`h${node.attrs.level}`, 0],
    },
    bullet_list: { group: "block", content: "list_item+", parseDOM: [{ tag: "ul" }], toDOM: () => ["ul", 0] },
    ordered_list: { group: "block", content: "list_item+", parseDOM: [{ tag: "ol" }], toDOM: () => ["ol", 0] },
    list_item: { content: "paragraph block*", defining: true, parseDOM: [{ tag: "li" }], toDOM: () => ["li", 0] },
    text: { group: "inline" },
    hard_break: { inline: true, group: "inline", selectable: false, parseDOM: [{ tag: "br" }], toDOM: () => ["br"] },
  },
  marks: {
    link: {
      attrs: { href: {} },
      inclusive: false,
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
    strong: { parseDOM: [{ tag: "strong" }, { tag: "b" }], toDOM: () => ["strong", 0] },
    em: { parseDOM: [{ tag: "em" }, { tag: "i" }], toDOM: () => ["em", 0] },
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
  if (doc.childCount === 1 && doc.firstChild!.isTextblock && doc.firstChild!.content.size === 0) return "";
  const container = document.createElement("div");
  container.appendChild(DOMSerializer.fromSchema(richTextSchema).serializeFragment(doc.content));
  return container.innerHTML;
}
