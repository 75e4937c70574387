// Every event and archive entry has a link of its own on the one page (issue 16): `/?event=<id>` opens an event's
// detail dialog while it is upcoming and its archive details once it has passed; `/?archive=<id>` an archive entry;
// `/?class=<id>` a weekly class with its dates (issue 39).
type LinkKind = "event" | "archive" | "class";

export const linkPath = (kind: LinkKind, id: number) => `/?${kind}=${id}`;

export const eventPath = (id: number) => linkPath("event", id);
export const classPath = (id: number) => linkPath("class", id);

/** A past event keeps its event link; an archive row has its own. */
export const archiveItemPath = (item: { id: number; source: "event" | "archive" }) => linkPath(item.source, item.id);

/**
 * The dialog a page address names (`event` first when both are given), or null. Checkout's return
 * (`/?payment=success&event=<id>`, issue 37) names its event for the notice, and opens no dialog over it.
 */
export function linkedDialog(params: URLSearchParams): { kind: LinkKind; id: number } | null {
  if (params.has("payment")) return null;
  for (const kind of ["event", "archive", "class"] as const) {
    const value = params.get(kind);
    if (value && /^[1-9]\d{0,9}$/.test(value)) return { kind, id: Number(value) };
  }
  return null;
}
