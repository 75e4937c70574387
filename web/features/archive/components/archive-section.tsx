// 'Archives & Past Events' (anchor "archives"): filters, search, sort, the card grid, pagination and the details
// dialog (spec §2.1, §4, §5).

import { ARCHIVE_PAGE_SIZE } from "@server/shared/constants.ts";
import { archiveItemPath } from "@server/shared/links.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { cx } from "@styled-system/css";
import { Button } from "@web/components/ui/button.tsx";
import { useDialogLink } from "@web/components/ui/dialog-link.ts";
import { controlStyle } from "@web/components/ui/field.tsx";
import { Pager, pageCount } from "@web/components/ui/pager.tsx";
import { cardGridStyle, Section } from "@web/components/ui/section.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { useArchivePage } from "@web/lib/queries/archive.ts";
import { useOpenedOnce } from "@web/lib/use-opened-once.ts";
import { ArrowDownUp, Search, X } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { type ArchiveFilters, DEFAULT_FILTERS, isFiltered, showingText } from "../filter.ts";
import { ArchiveCard } from "./archive-card.tsx";

// The details dialog and its gallery (Ark Dialog, the lightbox) load on first use; hovering or focusing the grid starts
// the download early.
const loadArchiveDialog = () => import("./archive-dialog.tsx");
const LinkedArchiveDialog = lazy(() => loadArchiveDialog().then((module) => ({ default: module.LinkedArchiveDialog })));
const preloadArchiveDialog = () => void loadArchiveDialog();

const labelStyle = css({ srOnly: true });
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
export function ArchiveSection() {
  const [filters, setFilters] = useState<ArchiveFilters>(DEFAULT_FILTERS);
  const [page, setPage] = useState(1);
  const term = filters.search.trim();
  // The server filters, sorts and pages the whole archive; the page shown stays until the next one arrives.
  const { data, isPending, isError, isFetching } = useArchivePage({ ...filters, search: term, page });
  // The open dialog is the one the address names: /?archive=<id> for an archive row, /?event=<id> for a past event.
  const { linked: named, open, close } = useDialogLink();
  // A class's link (issue 39) is the classes' own.
  const linked = named && named.kind !== "class" ? { kind: named.kind, id: named.id } : null;
  const gridRef = useRef<HTMLDivElement>(null);
  const shown = data?.items ?? [];
  const [years, types, total] = [data?.years ?? [], data?.types ?? [], data?.total ?? 0];
  const pages = pageCount(total, ARCHIVE_PAGE_SIZE);
  const current = data?.page ?? 1;
  const onPage = linked ? shown.find((item) => item.source === linked.kind && item.id === linked.id) : undefined;
  const dialogMounted = useOpenedOnce(linked !== null);

  // Any change of year, type, search or sort returns to page 1 (spec §4).
  const update = (change: Partial<ArchiveFilters>) => {
    setFilters((previous) => ({ ...previous, ...change }));
    setPage(1);
  };
  const goTo = (next: number) => {
    setPage(next);
    gridRef.current?.scrollIntoView({ block: "start", behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  };

  return (
    <Section
      id="archives"
      eyebrow="Memories"
      title="Archives & Past Events"
      intro="Retreats, courses and celebrations of past years, with their photographs and documents."
      tone="muted"
    >
      <search
        aria-label="Filter the archive"
        className={css({
          display: "flex",
          flexWrap: "wrap",
          gap: "3",
          alignItems: "center",
          mb: "6",
          p: "3",
          bg: "surface",
          borderRadius: "card",
          borderWidth: "1px",
          borderColor: "border",
          boxShadow: "card",
        })}
      >
        <label className={css({ flex: { base: "1 1 100%", md: "1 1 16rem" }, position: "relative" })}>
          <span className={labelStyle}>Search events</span>
          <Search size={18} aria-hidden className={css({ position: "absolute", left: "3", top: "50%", translate: "0 -50%", color: "fg.muted" })} />
          <input
            type="search"
            value={filters.search}
            onChange={(event) => update({ search: event.target.value })}
            placeholder="Search events..."
            className={cx(controlStyle, css({ pl: "10", pr: "10", h: "11", "&::-webkit-search-cancel-button": { display: "none" } }))}
          />
          {filters.search && (
            <button
              type="button"
              aria-label="Clear search"
              onClick={() => update({ search: "" })}
              className={css({
                position: "absolute",
                right: "2",
                top: "50%",
                translate: "0 -50%",
                display: "grid",
                placeItems: "center",
                w: "8",
                h: "8",
                borderRadius: "control",
                color: "fg.muted",
                cursor: "pointer",
                _hover: { bg: "bg.muted", color: "fg" },
              })}
            >
              <X size={16} aria-hidden />
            </button>
          )}
        </label>
        <label className={css({ flex: { base: "1 1 40%", md: "0 0 auto" } })}>
          <span className={labelStyle}>Year</span>
          <select
            value={filters.year}
            onChange={(event) => update({ year: event.target.value })}
            className={cx(controlStyle, css({ h: "11", minW: "9rem", pr: "9", cursor: "pointer" }))}
            aria-label="Year"
          >
            <option value="all">All Years</option>
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </label>
        <label className={css({ flex: { base: "1 1 40%", md: "0 0 auto" } })}>
          <span className={labelStyle}>Type</span>
          <select
            value={filters.type}
            onChange={(event) => update({ type: event.target.value })}
            className={cx(controlStyle, css({ h: "11", minW: "9rem", pr: "9", cursor: "pointer" }))}
            aria-label="Type"
          >
            <option value="all">All Types</option>
            {types.map((type) => (
              <option key={type} value={type}>
                {capitalise(type)}
              </option>
            ))}
          </select>
        </label>
        <Button variant="outline" className={css({ h: "11" })} onClick={() => update({ sort: filters.sort === "newest" ? "oldest" : "newest" })}>
          <ArrowDownUp size={16} aria-hidden />
          {filters.sort === "newest" ? "Sort: Newest First" : "Sort: Oldest First"}
        </Button>
        {isFiltered(filters) && (
          <Button variant="ghost" className={css({ h: "11", color: "accent.strong" })} onClick={() => update(DEFAULT_FILTERS)}>
            <X size={16} aria-hidden /> Clear
          </Button>
        )}
      </search>

      <div aria-live="polite" className={css({ minH: "6", mb: "4", fontSize: "sm", color: "fg.muted" })}>
        {term && (
          <p data-testid="archive-search-result">
            Found {total} event(s) matching "{term}"
          </p>
        )}
      </div>

      {/* Busy while the server answers a change of filter or page (the previous page stays shown meanwhile). */}
      <div ref={gridRef} aria-busy={isFetching || undefined} className={css({ scrollMarginTop: "120px" })}>
        {isPending ? (
          <div className={cardGridStyle} aria-busy="true">
            <span className={css({ srOnly: true })}>Loading the archive</span>
            {Array.from({ length: ARCHIVE_PAGE_SIZE }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
              <Skeleton key={i} className={css({ h: "96" })} />
            ))}
          </div>
        ) : isError ? (
          <p className={css({ color: "fg.muted" })}>The archive could not be loaded. Please try again later.</p>
        ) : total === 0 ? (
          <div
            data-testid="archive-empty"
            className={css({
              textAlign: "center",
              py: "14",
              bg: "surface",
              borderRadius: "card",
              borderWidth: "1px",
              borderStyle: "dashed",
              borderColor: "border.strong",
            })}
          >
            <p className={css({ color: "ink.700", mb: "2" })}>No events match your filter criteria.</p>
            <button
              type="button"
              onClick={() => update(DEFAULT_FILTERS)}
              className={css({ color: "accent.strong", textDecoration: "underline", fontWeight: "600", cursor: "pointer" })}
            >
              Clear filters and try again
            </button>
          </div>
        ) : (
          // biome-ignore lint/a11y/noStaticElementInteractions: hover or focus on any card only preloads the dialog's code; the cards' buttons act
          <div className={cardGridStyle} data-testid="archive-grid" onPointerEnter={preloadArchiveDialog} onFocus={preloadArchiveDialog}>
            {shown.map((item) => (
              <ArchiveCard key={`${item.source}-${item.id}`} item={item} onOpen={() => open(archiveItemPath(item))} />
            ))}
          </div>
        )}
      </div>

      {total > ARCHIVE_PAGE_SIZE && (
        <Pager label="Archive pages" page={current} pages={pages} onPage={goTo} className={css({ mt: "10" })}>
          <p className={css({ fontSize: "sm", color: "fg.muted" })} data-testid="archive-showing">
            {showingText(current, total)}
          </p>
        </Pager>
      )}
      {dialogMounted && (
        <Suspense fallback={null}>
          <LinkedArchiveDialog linked={linked} shown={onPage} onClose={close} />
        </Suspense>
      )}
    </Section>
  );
}
