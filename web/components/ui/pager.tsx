// The pages of a long list (the public archive, spec §5; the admin's lists, issue 33): Previous, at most 5 numbered
// slots with the first and last page always reachable, Next, and what the list says of them below.

import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { PAGINATION_SLOTS } from "@web/lib/constants.ts";
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./button.tsx";

export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

type PageSlot = number | "ellipsis-start" | "ellipsis-end";

/** At most 5 numbered slots, the first and last page always reachable, ellipses where pages are skipped. */
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

type PagerProps = { label: string; page: number; pages: number; onPage: (page: number) => void; children?: ReactNode; className?: string };

export function Pager({ label, page, pages, onPage, children, className }: PagerProps) {
  return (
    <nav aria-label={label} className={cx(css({ display: "flex", flexDirection: "column", alignItems: "center", gap: "3" }), className)}>
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
      {children}
    </nav>
  );
}
