// The admin's long lists (issue 33): a labelled search sent to the server once typing pauses, filters, the count with
// its thousands separator and the pages. Typing or filtering returns to page 1; the page shown stays until the next
// one arrives (the query's `placeholderData: keepPreviousData`).

import { css } from "@styled-system/css" with { type: "macro" };
import { Field, Input } from "@web/components/ui/field.tsx";
import { Pager, pageCount } from "@web/components/ui/pager.tsx";
import { type ReactNode, useEffect, useState } from "react";

/** How long typing pauses before the search is sent. */
const SEARCH_DELAY_MS = 250;
const counted = new Intl.NumberFormat("en");

/** A count as the admin reads it: 20,000. */
export const formatCount = (count: number) => counted.format(count);

function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** A list's search, filters and page; `query` is what the server is asked (the search trimmed, once typing pauses). */
export function useListQuery<Filters extends Record<string, string>>(initial: Filters) {
  const [search, setSearch] = useState("");
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const words = useSettled(search.trim(), SEARCH_DELAY_MS);
  return {
    search,
    filters,
    query: { ...filters, search: words, page },
    type: (text: string) => {
      setSearch(text);
      setPage(1);
    },
    filter: (change: Partial<Filters>) => {
      setFilters((previous) => ({ ...previous, ...change }));
      setPage(1);
    },
    goTo: setPage,
  };
}

/** The search field and the filters of a list, wrapping on a narrow screen. */
export function ListFilters({
  label,
  search,
  onSearch,
  children,
}: {
  label: string;
  search: string;
  onSearch: (text: string) => void;
  children?: ReactNode;
}) {
  return (
    <search
      aria-label={`Filter ${label.toLowerCase()}`}
      className={css({
        display: "grid",
        gridTemplateColumns: { base: "minmax(0, 1fr)", sm: "repeat(auto-fit, minmax(12rem, 1fr))" },
        gap: "3",
        alignItems: "end",
      })}
    >
      <Field label={`Search ${label.toLowerCase()}`}>
        <Input type="search" value={search} onChange={(change) => onSearch(change.target.value)} autoComplete="off" />
      </Field>
      {children}
    </search>
  );
}

type Paged = { total: number; page: number; pageSize: number };

/** 'Showing 21–40 of 1,320 events' when there are pages, else '1 event' or '12 events' ('No events'); said again when it changes. */
export function ListCount({ data, one, many }: { data: Paged | undefined; one: string; many: string }) {
  if (!data) return null;
  const { total, page, pageSize } = data;
  const text =
    total > pageSize
      ? `Showing ${formatCount((page - 1) * pageSize + 1)}–${formatCount(Math.min(page * pageSize, total))} of ${formatCount(total)} ${many}`
      : `${total ? formatCount(total) : "No"} ${total === 1 ? one : many}`;
  return (
    <p aria-live="polite" data-testid="list-count" className={css({ fontSize: "sm", color: "fg.muted" })}>
      {text}
    </p>
  );
}

/** The list's pages, when it has more than one. */
export function ListPager({ data, label, onPage }: { data: Paged | undefined; label: string; onPage: (page: number) => void }) {
  if (!data || data.total <= data.pageSize) return null;
  return <Pager label={label} page={data.page} pages={pageCount(data.total, data.pageSize)} onPage={onPage} />;
}
