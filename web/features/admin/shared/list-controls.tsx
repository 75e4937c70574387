// The controls of the admin's long lists (issue 33): a search asked for when the typing pauses, a filter, the page,
// each change of search or filter back to page 1. The server searches, filters and pages.

import { css } from "@styled-system/css" with { type: "macro" };
import { Field, Input } from "@web/components/ui/field.tsx";
import { useDebounced } from "@web/lib/use-debounced.ts";
import { type ReactNode, useState } from "react";

/** The pause in typing after which the search is asked for. */
const SEARCH_PAUSE_MS = 250;

/** The search as typed and as asked for (trimmed, after the pause), the filter, and the page of that search and filter. */
export function useListControls<Filter>(firstFilter: Filter) {
  const [typed, setTyped] = useState("");
  const search = useDebounced(typed.trim(), SEARCH_PAUSE_MS);
  const [filter, setFilter] = useState(firstFilter);
  // The page belongs to the search and filter it was chosen under: any change of them starts again at page 1 (set
  // while rendering, React's way to reset state when what it depends on changes).
  const listed = JSON.stringify([search, filter]);
  const [chosen, setChosen] = useState({ listed, page: 1 });
  if (chosen.listed !== listed) setChosen({ listed, page: 1 });
  return {
    typed,
    setTyped,
    search,
    filter,
    setFilter,
    page: chosen.listed === listed ? chosen.page : 1,
    setPage: (page: number) => setChosen({ listed, page }),
  };
}

/** The search field and the filters above a list, wrapping on a narrow screen. */
export function ListToolbar({
  label,
  search,
  onSearch,
  children,
}: {
  label: string;
  search: string;
  onSearch: (typed: string) => void;
  children: ReactNode;
}) {
  return (
    <search className={css({ display: "flex", flexWrap: "wrap", alignItems: "flex-end", gap: "3", mb: "4" })}>
      <Field label={label} className={css({ flex: "1 1 14rem", minW: "0" })}>
        <Input type="search" value={search} onChange={(event) => onSearch(event.target.value)} autoComplete="off" />
      </Field>
      {children}
    </search>
  );
}
