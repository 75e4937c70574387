// The account's activity (issue 22 item 5): newest first, in the teacher's words (issue 30), filterable by kind; a
// refused sign-in's repeats counted.

import { ACTIVITY_KINDS, type ActivityKind } from "@server/shared/activity-kinds.ts";
import { css } from "@styled-system/css" with { type: "macro" };
import { useQuery } from "@tanstack/react-query";
import { Select } from "@web/components/ui/select.tsx";
import { useState } from "react";
import { formatDateTime } from "../../shared/format.ts";
import { Muted } from "../../shared/layout.tsx";
import { activityQueryOptions } from "./api.ts";

const KIND_OPTIONS = [
  { value: "all", label: "All activity" },
  ...Object.entries(ACTIVITY_KINDS).map(([value, label]) => ({ value, label })),
] as const;

export function ActivityLog() {
  const [kind, setKind] = useState<ActivityKind | "">("");
  const query = useQuery(activityQueryOptions(kind));
  return (
    <div className={css({ display: "flex", flexDirection: "column", gap: "3" })}>
      <div className={css({ maxW: "xs" })}>
        <Select
          label="Show"
          options={KIND_OPTIONS}
          value={kind || "all"}
          onValueChange={(value) => setKind(value === "all" ? "" : (value as ActivityKind))}
        />
      </div>
      {query.isPending ? (
        <Muted>Loading activity...</Muted>
      ) : query.isError ? (
        <Muted>The activity could not be loaded.</Muted>
      ) : query.data.length === 0 ? (
        <Muted>Nothing recorded yet.</Muted>
      ) : (
        <ol aria-label="Activity" className={css({ display: "flex", flexDirection: "column", divideY: "1px", divideColor: "border" })}>
          {query.data.map((entry) => (
            <li key={entry.id} className={css({ py: "2", display: "flex", flexWrap: "wrap", gap: "1 3", justifyContent: "space-between" })}>
              <span>
                <span className={css({ fontWeight: "600" })}>{entry.summary}</span>
                {entry.count > 1 && <span> ({entry.count.toLocaleString("en")} times)</span>}
              </span>
              <Muted>{[formatDateTime(entry.createdAt), entry.device, entry.ip].filter(Boolean).join(" · ")}</Muted>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
