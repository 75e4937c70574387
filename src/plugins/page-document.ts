// The page as data in, HTML out: the built shell (web/index.html) is cut once at its markers, and each page is the
// shell with its slots filled. A slot is `<!--page:name-->default<!--/page:name-->`: `head` holds the shell's own
// title, description and icon (what /admin and the 404 page keep), `root` the empty #root.

const SLOT = /<!--page:(\w+)-->[\s\S]*?<!--\/page:\1-->/g;
const SLOTS = ["head", "root"] as const;

type Slot = (typeof SLOTS)[number];

/** The shell's text around its slots, in order: text, slot, text, slot, text. */
export type Shell = { texts: string[]; slots: Slot[] };

/** What fills a page: the head's tags, and the rendered #root with what follows it (without it, the empty #root). */
export type PageContent = { head: string; root?: { html: string; tail: string } };

/** Cuts the built shell at its markers; null when it has not every slot once (then `/` is the shell as it is). */
export function parseShell(html: string): Shell | null {
  const texts: string[] = [];
  const slots: Slot[] = [];
  let at = 0;
  for (const match of html.matchAll(SLOT)) {
    const name = match[1] as Slot;
    if (!SLOTS.includes(name) || slots.includes(name)) return null;
    texts.push(html.slice(at, match.index));
    slots.push(name);
    at = match.index + match[0].length;
  }
  texts.push(html.slice(at));
  return slots.length === SLOTS.length ? { texts, slots } : null;
}

/**
 * The document of a page. A rendered page reads without its script, which only makes it interactive: the script
 * then yields the network to the portrait and the fonts the visitor sees (`fetchpriority="low"`).
 */
export function renderDocument(shell: Shell, { head, root }: PageContent): string {
  const fill: Record<Slot, string> = {
    head,
    root: root ? `<div id="root">${root.html}</div>${root.tail}` : '<div id="root"></div>',
  };
  let html = shell.texts[0]!;
  shell.slots.forEach((slot, index) => {
    html += fill[slot] + shell.texts[index + 1]!;
  });
  return root ? html.replaceAll('<script type="module"', '<script type="module" fetchpriority="low"') : html;
}
