// The page as data in, HTML out: the built shell (web/index.html) is cut once at its markers, and each page is the
// shell with its slots filled. A slot is `<!--page:name-->default<!--/page:name-->`: `head` holds the shell's own
// title, description and icon (what /admin and the 404 page keep), `root` the empty #root.

const SLOT = /<!--page:(\w+)-->[\s\S]*?<!--\/page:\1-->/g;
const SLOTS = ["head", "root"] as const;

type Slot = (typeof SLOTS)[number];

/** The shell's text before its first slot, then each slot with the text after it. */
export type Shell = { start: string; slots: [Slot, string][] };

/** What fills a page: the head's tags, and the rendered #root with what follows it (without it, the empty #root). */
export type PageContent = { head: string; root?: { html: string; tail: string } };

/** Cuts the built shell at its markers; null when it has not every slot once (then `/` is the shell as it is). */
export function parseShell(html: string): Shell | null {
  const matches = [...html.matchAll(SLOT)];
  const names = matches.map((match) => match[1] as Slot);
  if (names.length !== SLOTS.length || SLOTS.some((slot) => !names.includes(slot))) return null;
  const ends = matches.map((match) => match.index + match[0].length);
  const slots = matches.map((match, i): [Slot, string] => [match[1] as Slot, html.slice(ends[i], matches[i + 1]?.index ?? html.length)]);
  return { start: html.slice(0, matches[0]?.index ?? 0), slots };
}

/** The document of a page: the shell with its slots filled, nothing else of it touched. */
export function renderDocument(shell: Shell, { head, root }: PageContent): string {
  const fill: Record<Slot, string> = {
    head,
    root: root ? `<div id="root">${root.html}</div>${root.tail}` : '<div id="root"></div>',
  };
  return shell.start + shell.slots.map(([slot, text]) => fill[slot] + text).join("");
}
