// The pages of a long list (the archive, the admin's lists): Previous, at most PAGINATION_SLOTS numbered pages with
// the first and the last always reachable, Next, and a line under them that says where the reader is.

import { css } from "@styled-system/css" with { type: "macro" };
import { Button } from "@web/components/ui/button.tsx";
import { PAGINATION_SLOTS } from "@web/lib/constants.ts";
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";

/** How many pages `total` rows fill, `size` to a page (one, when there are none). */
export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

type PageSlot = number | "ellipsis-start" | "ellipsis-end";

/** At most `slots` numbered slots, the first and last page always reachable, ellipses where pages are skipped. */
export function pageSlots(current: number, total: number, slots = PAGINATION_SLOTS): PageSlot[] {
  if (total <= slots) return Array.from({ length: total }, (_, i) => i + 1);
  const inner = slots - 2; // slots between the first and the last page
  let start = Math.max(2, current - Math.floor((inner - 1) / 2));
  let end = start + inner - 1;
  if (end > total - 1) {
    end = total - 1;
    start = end - inner + 1;
  }
  const result: PageSlot[] = [1];
  if (start > 2) result.push("ellipsis-start");
  for (let page = start; page <= end; page++) result.push(page);
  if (end < total - 1) result.push("ellipsis-end");
  result.push(total);
  return result;
}

const pageButton = css({
  minW: "10",
  h: "10",
  px: "2",
  borderRadius: "control",
  fontWeight: "600",
  fontSize: "sm",
  cursor: "pointer",
  color: "fg",
  _hover: { bg: "bg.muted" },
  "&[aria-current=page]": { bg: "accent", color: "white" },
});

const pageNumber = new Intl.NumberFormat("en-US");

/**
 * `label` names the navigation ('Archive pages'); `note` is the line under the buttons ('Page 2 of 400' unless told),
 * found by `noteTestId`. Nothing is shown while everything fits on one page.
 */
export function Pager({
  label,
  page,
  pages,
  onPage,
  note,
  noteTestId,
}: {
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  note?: ReactNode;
  noteTestId?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className={css({ mt: "10", display: "flex", flexDirection: "column", alignItems: "center", gap: "3" })}>
      <div className={css({ display: "flex", alignItems: "center", gap: "1", flexWrap: "wrap", justifyContent: "center" })}>
        <Button variant="ghost" size="sm" disabled={page === 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft size={16} aria-hidden /> Previous
        </Button>
        {pageSlots(page, pages).map((slot) =>
          typeof slot === "number" ? (
            <button
              key={slot}
              type="button"
              className={pageButton}
              aria-current={slot === page ? "page" : undefined}
              aria-label={`Page ${slot}`}
              onClick={() => onPage(slot)}
            >
              {slot}
            </button>
          ) : (
            <span key={slot} aria-hidden className={css({ px: "1", color: "fg.muted" })}>
              …
            </span>
          ),
        )}
        <Button variant="ghost" size="sm" disabled={page === pages} onClick={() => onPage(page + 1)}>
          Next <ChevronRight size={16} aria-hidden />
        </Button>
      </div>
      <p className={css({ fontSize: "sm", color: "fg.muted" })} data-testid={noteTestId}>
        {note ?? `Page ${pageNumber.format(page)} of ${pageNumber.format(pages)}`}
      </p>
    </nav>
  );
}
